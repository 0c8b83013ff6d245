// The worker thread a module plugin's component runs in (module-plugin.ts starts it). Plain
// JavaScript, so it runs as it is under Node, tsx, vitest and Electron alike. It instantiates the
// transpiled component, answers the host's calls one at a time, and gives the component its two
// imports: `log` posts to the host; `read` must answer synchronously (the component cannot wait
// for a promise, and Node 20 has no JSPI): the open call's files are described here as it begins and
// its reads served from them (module-worker-reads.mjs); any other read is the host's to judge, so it posts
// the request and sleeps in Atomics.wait until the host has put the answer on the reply port and
// woken it. A trap fails the call and leaves the instance unusable (it refuses every later call):
// the host ends this worker, as a crash, and a new one instantiates the component again. A hang is
// the host's to end too, by terminating it.
//
// Everything this thread tells the host goes on the `told` port, in order, each message counted on
// the shared board; the host counts there each call it posts. A thread asleep costs the one waking
// it tens of microseconds, more than a small call's work: so after a call this thread watches the
// board for the next one for a moment (NEXT_CALL_WAIT_MS, the host's to set) and takes it at once,
// and the host may watch it for the answer likewise (module-worker-link.ts).
//
// The host gives the code itself, as it checked it (module-transpile.ts): no file is read here. Each
// core module's memories and tables were given maxima that hold the component to the budget with one
// instance of each; every instance made counts against the budget, so a component that instantiates
// a module again and again is refused before the instance that would pass it is made.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { CallReads } from './module-worker-reads.mjs';

/** @type {{ code: import('./module-transpile').ModuleCode, budget: import('./wasm-memory-cap').WasmBudget, replies: import('node:worker_threads').MessagePort, told: import('node:worker_threads').MessagePort, board: SharedArrayBuffer, words: { wake: number, calls: number, told: number, describing: number }, nextCallWaitMs: number, logsPerCall: number, logChars: number, textBytes: number, readLimit: number, headBytes: number }} */
const { code, budget, replies, told, board: shared, words, nextCallWaitMs, logsPerCall, logChars, textBytes, readLimit, headBytes } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const board = new Int32Array(shared);
/** Time spent telling the host (waking its thread when it sleeps): not the plugin's time. */
let telling = 0;
/** Told to the host, and counted: the message is on the port before the count says so. */
const tell = (message) => {
  const start = performance.now();
  told.postMessage(message);
  Atomics.add(board, words.told, 1);
  telling += performance.now() - start;
};
const reads = new CallReads({ readLimit, headBytes, post: tell, describing: (index) => Atomics.store(board, words.describing, index + 1) });

/** Each core module compiled once, whatever the number of instances; and its name, for the budget. */
const compiled = new Map();
const names = new WeakMap();
function coreModule(name) {
  let module = compiled.get(name);
  if (!module) {
    const core = code.cores[name];
    module = core
      ? WebAssembly.compile(core.bytes).then((made) => {
          names.set(made, name);
          // Compiled once, the bytes are not needed again: an idle worker does not keep them.
          core.bytes = undefined;
          return made;
        })
      : Promise.reject(new Error(`the script asks for ${name}, which its transpile does not hold`));
    compiled.set(name, module);
  }
  return module;
}

const mib = (bytes) => `${Math.round((bytes / 1_048_576) * 10) / 10} MiB`;

/** What the instances of the component take together, counted as each is made. */
const taken = { memoryBytes: 0, tableEntries: 0, count: new Map() };
function instantiateCore(module, imports) {
  const name = names.get(module);
  if (name === undefined) throw new Error('the script gave a core module the app did not compile');
  const { memoryBytes, tableEntries } = code.cores[name];
  taken.memoryBytes += memoryBytes;
  taken.tableEntries += tableEntries;
  taken.count.set(name, (taken.count.get(name) ?? 0) + 1);
  const times = taken.count.get(name) > 1 ? `with ${name} instantiated ${taken.count.get(name)} times, ` : '';
  if (taken.memoryBytes > budget.memoryBytes) {
    throw new Error(`${times}its memories could grow to ${mib(taken.memoryBytes)} together, over the ${mib(budget.memoryBytes)} a module plugin may use`);
  }
  if (taken.tableEntries > budget.tableEntries) {
    throw new Error(`${times}its tables could grow to ${taken.tableEntries} entries together, over the ${budget.tableEntries} a module plugin may use`);
  }
  return WebAssembly.instantiate(module, imports);
}

/**
 * The component's strings reach JavaScript only through TextDecoder (the bindings decode each one out
 * of its memory): one longer than an answer may be is never made, nor copied to the host. Its
 * length is kept for the call to fail naming it; the bindings get an empty string meanwhile.
 */
let oversized = 0;
class BoundedTextDecoder extends TextDecoder {
  decode(input, options) {
    if (input !== undefined && input.byteLength > textBytes) {
      oversized = Math.max(oversized, input.byteLength);
      return '';
    }
    return super.decode(input, options);
  }
}
globalThis.TextDecoder = BoundedTextDecoder;

/** More than any level's name, enough of a wrong one to tell what it was. */
const LEVEL_CHARS = 64;

/** Thrown from the log import, through the component, to end a call that logged an oversized line. */
class OversizedLog extends Error {}

const bindings = import(`data:text/javascript;base64,${Buffer.from(code.script, 'utf8').toString('base64')}`);

let logs = 0;
let logsDropped = 0;

const imports = {
  read: {
    default(file, offset, length) {
      const served = reads.serve(file, offset, length);
      if (served?.refused !== undefined) throw { payload: served.refused };
      if (served) return served.data;
      // The host's reads keep their place among the events told before them.
      reads.send();
      Atomics.store(board, words.wake, 0);
      // The offset is a u64, a BigInt: passed on whole, so one past 2^53 is refused by its own value.
      tell({ type: 'read', file, offset, length });
      // The host sets the word to 1 once the answer is on the port, then notifies; a notify of
      // the read before (set, this thread went on, then notified) can wake this wait early.
      while (Atomics.load(board, words.wake) === 0) Atomics.wait(board, words.wake, 0);
      const reply = receiveMessageOnPort(replies)?.message;
      // Thrown as `{payload}`, jco lowers it as the `err` case.
      if (!reply) throw { payload: 'read failed: the host gave no answer' };
      if (reply.refused !== undefined) throw { payload: reply.refused };
      return reply.data;
    },
  },
  log: {
    default(level, message) {
      // The level and the message were decoded just now: one was over the limit.
      if (oversized > 0) throw new OversizedLog();
      if (++logs > logsPerCall) {
        logsDropped++;
        return;
      }
      // A level is a word (error, warn, info, debug); one longer is wrong anyway, and is cut as a line is, shorter.
      const cutLevel = level.length > LEVEL_CHARS ? `${level.slice(0, LEVEL_CHARS)}...` : level;
      reads.log(cutLevel, message.length > logChars ? `${message.slice(0, logChars)}...` : message);
    },
  },
};

const describe = (error) => (error instanceof Error ? error.message : String(error));

const instance = bindings.then((made) => made.instantiate(coreModule, imports, instantiateCore));

/** Calls taken so far, counted as the board counts them (a 32-bit word, wrapping): the board is ahead while one waits. */
let callsTaken = 0;

/** One call, run to its end and told. */
function takeCall(component, message) {
  callsTaken = (callsTaken + 1) | 0;
  const began = performance.now();
  telling = 0;
  logs = 0;
  logsDropped = 0;
  oversized = 0;
  const opened = reads.begin(message);
  if (opened.notGiven) {
    tell({ id: message.id, type: 'notGiven', ...opened.notGiven, ms: performance.now() - began - telling, events: reads.take() });
    return;
  }
  // Told at once: the call shows as sent while the component works on it, however long.
  reads.send();
  let ending;
  try {
    ending = { type: 'answered', text: component.call(message.method, opened.params) };
  } catch (error) {
    // An `err` result comes as its payload, a string; anything else is a trap (or the bindings
    // refusing what the component gave them), after which the instance is unusable.
    if (typeof error === 'string') ending = { type: 'failed', message: error };
    else ending = error instanceof OversizedLog ? { type: 'oversized', part: 'log', bytes: oversized } : { type: 'trapped', message: describe(error) };
  }
  // The answer (or the err's message) was decoded last: over the limit, it is not sent.
  if (ending.type !== 'oversized' && oversized > 0) ending = { type: 'oversized', part: 'answer', bytes: oversized };
  else if (ending.type === 'answered' && Buffer.byteLength(ending.text) > textBytes)
    ending = { type: 'oversized', part: 'answer', bytes: Buffer.byteLength(ending.text) };
  // Its reads are over: their descriptors closed before the host hears the call ended.
  reads.end();
  if (logsDropped > 0) tell({ type: 'logsDropped', count: logsDropped });
  tell({ id: message.id, ...ending, ms: performance.now() - began - telling, events: reads.take() });
}

/**
 * The next call, when the host posts it within NEXT_CALL_WAIT_MS of the last one's end: taken off
 * the port here, where going back to the event loop would put this thread to sleep. A busy loop,
 * bounded: the host's terminate still ends it.
 */
function nextCallSoon() {
  const until = performance.now() + nextCallWaitMs;
  // The clock is read one look in 64: each reading makes a number for the collector.
  for (let looks = 1; ; looks++) {
    if (Atomics.load(board, words.calls) !== callsTaken) return receiveMessageOnPort(port)?.message;
    if ((looks & 63) === 0 && performance.now() > until) return undefined;
  }
}

// Calls come only once the component is instantiated (after 'ready'); one at a time.
instance.then(
  (component) => {
    port.on('message', (first) => {
      for (let message = first; message?.type === 'call'; message = nextCallSoon()) takeCall(component, message);
    });
    tell({ type: 'ready' });
  },
  (error) => tell({ type: 'broken', message: describe(error) }),
);
