// A worker thread where jco judges and transpiles components, one task at a time (component-tools.ts
// starts it: kept for the tasks that follow and ended once none came for a while, taking jco's
// memory with it, or for one task alone when the kept one is held up). jco's transpiler runs as
// synchronous WebAssembly, 2 s for a 12 MB component built from JavaScript, which on the host's own
// thread would freeze the window meanwhile. Loaded once, jco transpiles the next component in a
// tenth of the time the first took. Plain JavaScript, so it runs as it is under Node, tsx, vitest
// and Electron alike.
import { transpileBytes } from '@bytecodealliance/jco-transpile';
import { parentPort } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** One task: `{ id, task: 'world' | 'transpile', bytes, options? }`; answered with the same id. */
port.on('message', async ({ id, task, bytes, options }) => {
  try {
    if (task === 'world') {
      const { componentWit } = await import('@bytecodealliance/jco-transpile/wasm-tools');
      port.postMessage({ id, world: await componentWit(bytes) });
    } else {
      const { files } = await transpileBytes(bytes, options);
      // Files may share a buffer: each is moved once.
      port.postMessage({ id, files }, [...new Set(Object.values(files).map((file) => file.buffer))]);
    }
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
