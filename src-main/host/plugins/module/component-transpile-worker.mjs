// A one-shot worker thread that judges or transpiles a component with jco (component-tools.ts starts
// it) and ends with its task, taking jco's memory with it. jco's transpiler runs as synchronous
// WebAssembly, 2 s for a 12 MB component built from JavaScript, which on the host's own thread would
// freeze the window meanwhile. Plain JavaScript,
// so it runs as it is under Node, tsx, vitest and Electron alike.
import { transpileBytes } from '@bytecodealliance/jco-transpile';
import { parentPort, workerData } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
try {
  if (workerData.task === 'world') {
    const { componentWit } = await import('@bytecodealliance/jco-transpile/wasm-tools');
    port.postMessage({ world: await componentWit(workerData.bytes) });
  } else {
    const { files } = await transpileBytes(workerData.bytes, workerData.options);
    // Files may share a buffer: each is moved once.
    port.postMessage({ files }, [...new Set(Object.values(files).map((file) => file.buffer))]);
  }
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
