// A one-shot worker thread that transpiles a component with jco (component-tools.ts starts it):
// jco's transpiler runs as synchronous WebAssembly, 2 s for a 12 MB component built from
// JavaScript, which on the host's own thread would freeze the window meanwhile. Plain JavaScript,
// so it runs as it is under Node, tsx, vitest and Electron alike.
import { transpileBytes } from '@bytecodealliance/jco-transpile';
import { parentPort, workerData } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
try {
  const { files } = await transpileBytes(workerData.bytes, workerData.options);
  // Files may share a buffer: each is moved once.
  port.postMessage({ files }, [...new Set(Object.values(files).map((file) => file.buffer))]);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
