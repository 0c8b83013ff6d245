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

/** One event source: `private readonly _onDidX = new Emitter<T>(); readonly onDidX = this._onDidX.event`. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    // Wrap so the same function can subscribe twice and be disposed once each.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return toDisposable(() => this.listeners.delete(entry));
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.listeners.clear();
  }
}
