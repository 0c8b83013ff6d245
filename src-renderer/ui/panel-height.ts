// The height a person gave a panel by dragging its edge (or with the arrow keys), kept in the
// browser's localStorage so the window opens the same way next time. A height that cannot be read
// or kept (storage refused, a bad value) falls back to the default and is simply not remembered.
import { useCallback, useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface PanelHeightLimits {
  /** Where it is kept in localStorage. */
  key: string;
  initial: number;
  min: number;
  /** The largest share of the window's height it may take. */
  maxShare: number;
}

const KEY_STEP = 24;

export function readStoredHeight(limits: PanelHeightLimits, storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): number {
  const stored = Number(storage?.getItem(limits.key) ?? NaN);
  return Number.isFinite(stored) && stored >= limits.min ? stored : limits.initial;
}

/** Within the limits for a window this tall. */
export const clampHeight = (height: number, limits: PanelHeightLimits, windowHeight: number): number =>
  Math.round(Math.max(limits.min, Math.min(height, Math.max(limits.min, windowHeight * limits.maxShare))));

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage refused (a sandboxed page)
  }
}

function keep(key: string, height: number): void {
  try {
    safeStorage()?.setItem(key, String(height));
  } catch {
    // full or refused: the height holds for this session only
  }
}

/** The panel's height, and the handlers of the separator that resizes it. */
export function usePanelHeight(limits: PanelHeightLimits) {
  const [height, setHeight] = useState(() => readStoredHeight(limits));
  const shown = clampHeight(height, limits, window.innerHeight);

  const change = useCallback(
    (next: number) => {
      const clamped = clampHeight(next, limits, window.innerHeight);
      setHeight(clamped);
      keep(limits.key, clamped);
    },
    [limits],
  );

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    const startY = event.clientY;
    const startHeight = shown;
    const target = event.currentTarget;
    target.setPointerCapture?.(event.pointerId);
    const move = (moved: globalThis.PointerEvent) => change(startHeight + (startY - moved.clientY));
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowUp' ? KEY_STEP : event.key === 'ArrowDown' ? -KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    change(shown + step);
  };

  return { height: shown, onPointerDown, onKeyDown, max: clampHeight(Number.POSITIVE_INFINITY, limits, window.innerHeight) };
}
