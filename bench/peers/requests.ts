// The requests a bare peer of a benchmark sends: numbered ids, each answer handed to whoever
// waits for it. The bare peers are the least a program must do, so they share only this.

export interface BareRequests<T> {
  /** Sends a request through `write`; resolves with what answered() is given for its id. */
  request: (method: string, params: object) => Promise<T>;
  /** An answer came for `id` (one no request waits for is ignored). */
  answered: (id: unknown, answer: T) => void;
}

export function bareRequests<T>(write: (message: { id: number; method: string; params: object }) => void): BareRequests<T> {
  // A settled promise keeps its value: an entry is dropped once answered, so an answer of 64 MiB is not kept.
  const waiting = new Map<unknown, (answer: T) => void>();
  let nextId = 1;
  return {
    request: (method, params) =>
      new Promise<T>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        write({ id, method, params });
      }),
    answered: (id, answer) => {
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.(answer);
    },
  };
}
