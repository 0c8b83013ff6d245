import { describe, expect, it } from 'vitest';
import { DisposableStore, Emitter, toDisposable } from './lifecycle';

describe('Emitter', () => {
  it('delivers to each listener until it is disposed', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const a = emitter.event((n) => seen.push(n));
    emitter.event((n) => seen.push(n * 10));
    emitter.fire(1);
    a.dispose();
    emitter.fire(2);
    expect(seen).toEqual([1, 10, 20]);
  });
});

describe('DisposableStore', () => {
  it('disposes its items once, latest first, and disposes late additions at once', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(toDisposable(() => order.push('first')));
    store.add(toDisposable(() => order.push('second')));
    store.dispose();
    store.dispose();
    store.add(toDisposable(() => order.push('late')));
    expect(order).toEqual(['second', 'first', 'late']);
  });
});
