// Test support: a full garbage collection on demand, for tests that measure what stays on the heap.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Collects garbage now (V8's own gc(), exposed to a fresh context once the flag is set). */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
