// Small lifetime and event primitives, in the manner of VS Code's base/common.
import type { Disposable } from './host-api';

export type { Disposable };

export const toDisposable = (dispose: () => void): Disposable => {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      dispose();
    },
  };
};

/** Holds disposables and disposes them all, latest first. */
export class DisposableStore implements Disposable {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.add(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = [...this.items].reverse();
    this.items.clear();
    for (const item of items) item.dispose();
  }
}

export type Event<T> = (listener: (value: T) => void) => Disposable;

/** The console of whatever runs this (Node or a window); src-shared names neither. */
const reportToConsole = (error: unknown): void =>
  (globalThis as { console?: { error(...values: unknown[]): void } }).console?.error('an event listener failed:', error);

let unexpectedError: (error: unknown) => void = reportToConsole;

/**
 * Where an event listener's error goes (console.error by default): a listener that throws must not
 * unwind into whatever fired the event, a stream's data handler say, nor keep the others from hearing it.
 */
export function onUnexpectedError(handler: (error: unknown) => void): Disposable {
  const before = unexpectedError;
  unexpectedError = handler;
  return toDisposable(() => (unexpectedError = before));
}

function deliver<T>(listener: (value: T) => void, value: T): void {
  try {
    listener(value);
  } catch (error) {
    unexpectedError(error);
  }
}

/** One event source: `private readonly _onDidX = new Emitter<T>(); readonly onDidX = this._onDidX.event`. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    // Wrap so the same function can subscribe twice and be disposed once each.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return toDisposable(() => this.listeners.delete(entry));
  };

  /** Every listener hears it, in the order they came; one that throws is reported, not thrown. */
  fire(value: T): void {
    const count = this.listeners.size;
    if (count === 0) return;
    // Those listening now hear it, even if one unsubscribes another or subscribes a new one meanwhile.
    if (count === 1) {
      const [only] = this.listeners;
      deliver(only!, value);
      return;
    }
    for (const listener of [...this.listeners]) deliver(listener, value);
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.listeners.clear();
  }
}
