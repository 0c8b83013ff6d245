// The worker thread a module plugin's component runs in (module-plugin.ts starts it). Plain
// JavaScript, so it runs as it is under Node, tsx, vitest and Electron alike. It instantiates the
// transpiled component, answers the host's calls one at a time, and gives the component its two
// imports: `log` posts to the host; `read` must answer synchronously (the component cannot wait
// for a promise, and Node 20 has no JSPI), so it posts the request and sleeps in Atomics.wait
// until the host has put the answer on the reply port and woken it. A trap fails the call and the
// component is instantiated again (a trapped instance refuses every later call); a hang is the
// host's to end, by terminating this worker.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';

/** @type {{ folder: string, script: string, replies: import('node:worker_threads').MessagePort, wake: SharedArrayBuffer, logsPerCall: number, logChars: number }} */
const { folder, script, replies, wake, logsPerCall, logChars } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const woken = new Int32Array(wake);

/** Each core module compiled once, whatever the number of instances. */
const compiled = new Map();
function coreModule(name) {
  let module = compiled.get(name);
  if (!module) {
    module = readFile(join(folder, name)).then((bytes) => WebAssembly.compile(bytes));
    compiled.set(name, module);
  }
  return module;
}

let logs = 0;
let logsDropped = 0;

const imports = {
  read: {
    default(file, offset, length) {
      Atomics.store(woken, 0, 0);
      // Past 2^53 no file has bytes; the host answers such an offset with none.
      port.postMessage({ type: 'read', file, offset: Number(offset), length });
      // The host sets the word to 1 once the answer is on the port, then notifies; a notify of
      // the read before (set, this thread went on, then notified) can wake this wait early.
      while (Atomics.load(woken, 0) === 0) Atomics.wait(woken, 0, 0);
      const reply = receiveMessageOnPort(replies)?.message;
      // Thrown as `{payload}`, jco lowers it as the `err` case.
      if (!reply) throw { payload: 'read failed: the host gave no answer' };
      if (reply.refused !== undefined) throw { payload: reply.refused };
      return reply.data;
    },
  },
  log: {
    default(level, message) {
      if (++logs > logsPerCall) {
        logsDropped++;
        return;
      }
      port.postMessage({ type: 'log', level, message: message.length > logChars ? `${message.slice(0, logChars)}...` : message });
    },
  },
};

let instance;
function instantiate() {
  instance = import(pathToFileURL(script).href).then((bindings) => bindings.instantiate(coreModule, imports));
  return instance;
}

const describe = (error) => (error instanceof Error ? error.message : String(error));

port.on('message', async (message) => {
  if (message.type !== 'call') return;
  let component;
  try {
    component = await instance;
  } catch (error) {
    port.postMessage({ type: 'broken', id: message.id, message: describe(error) });
    return;
  }
  logs = 0;
  logsDropped = 0;
  let ending;
  try {
    ending = { type: 'answered', text: component.call(message.method, message.params) };
  } catch (error) {
    // An `err` result comes as its payload, a string; anything else is a trap (or the bindings
    // refusing what the component gave them), after which the instance is unusable.
    if (typeof error === 'string') ending = { type: 'failed', message: error };
    else {
      ending = { type: 'trapped', message: describe(error) };
      instantiate().catch(() => {});
    }
  }
  if (logsDropped > 0) port.postMessage({ type: 'logsDropped', count: logsDropped });
  port.postMessage({ id: message.id, ...ending });
});

instantiate().then(
  () => port.postMessage({ type: 'ready' }),
  (error) => port.postMessage({ type: 'broken', message: describe(error) }),
);
