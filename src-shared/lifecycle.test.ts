import { describe, expect, it } from 'vitest';
import { DisposableStore, Emitter, onUnexpectedError, toDisposable } from './lifecycle';

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

  it('reports a listener that throws instead of throwing into the one who fired, and the others still hear it', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const reported: unknown[] = [];
    const reporting = onUnexpectedError((error) => reported.push(error));
    try {
      emitter.event(() => {
        throw new Error('broken listener');
      });
      emitter.event((n) => seen.push(n));
      expect(() => emitter.fire(7)).not.toThrow();
      const alone = new Emitter<number>();
      alone.event(() => {
        throw new Error('alone');
      });
      expect(() => alone.fire(1)).not.toThrow();
    } finally {
      reporting.dispose();
    }
    expect(seen).toEqual([7]);
    expect(reported.map((error) => (error as Error).message)).toEqual(['broken listener', 'alone']);
  });

  it('gives the event to those listening when it fired, not to one subscribed meanwhile', () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    emitter.event((value) => {
      seen.push(`first ${value}`);
      emitter.event((later) => seen.push(`later ${later}`));
    });
    emitter.fire('a');
    expect(seen).toEqual(['first a']);
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
