// Ctrl+K (Cmd+K on a Mac) opens the command palette from anywhere in the window; pressed again it closes it.
import { useEffect } from 'react';
import { useAppStore } from '../../store/store-context';

/** A Mac's keyboard: Command is the key commands use. */
export const onMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function usePaletteKey(): void {
  const togglePalette = useAppStore((s) => s.togglePalette);
  useEffect(() => {
    const mac = onMac();
    const onKeyDown = (event: KeyboardEvent) => {
      const command = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
      if (!command || event.altKey || event.shiftKey || event.code !== 'KeyK' || event.repeat) return;
      event.preventDefault();
      togglePalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [togglePalette]);
}
