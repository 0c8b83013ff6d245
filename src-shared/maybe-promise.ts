// A value, or a promise of one: what has its answer at once gives it at once (a service of the
// simulated platform, a request handler), and whoever takes it goes on in the same turn.

export type MaybePromise<T> = T | Promise<T>;

export const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> => value instanceof Promise;

/** `then` for a MaybePromise: at once for a value. */
export const afterward = <T, R>(value: MaybePromise<T>, next: (settled: T) => R): MaybePromise<R> => (isPromise(value) ? value.then(next) : next(value));
