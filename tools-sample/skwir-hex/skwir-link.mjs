// The plugin's end of the link with Skwir (or Vitruvian): JSON-RPC 2.0, one message a line, over
// stdin and stdout. Self-contained on purpose (no packages): copy it next to your plugin as it is.
//
// The host sends one call at a time. While the plugin answers it, the plugin may ask for the bytes of
// the call's files (`call.read`) and send `log` notices. When the host sends `$/cancel` for the call,
// its pending and later reads throw, and whatever it returns is never sent.

export const API = 1;
/** The most bytes one read answer carries. */
export const READ_LIMIT = 4 * 1024 * 1024;

/** The call's answer is this error. Skwir shows the message to the person, so say what is wrong. */
export class Failure extends Error {
  constructor(message, code = -32000) {
    super(message);
    this.code = code;
  }
}

/** Thrown into a cancelled call's reads, so its code unwinds. */
class Cancelled extends Error {}

/** A File of the call (`{handle, name, path, size?, mime?}`), or a Failure that names where it was. */
export function fileParam(file, where = 'params.file') {
  if (typeof file !== 'object' || file === null || !Number.isInteger(file.handle)) {
    throw new Failure(`${where} must be a file with a whole-number handle, not ${JSON.stringify(file)?.slice(0, 100)}`, -32602);
  }
  return file;
}

/**
 * Starts reading stdin. `methods` maps a method (field, thumbnail, inspect, convert, page, command)
 * to a function `(params, call)` returning its result (or a promise of it). `call.read(file, offset,
 * length)` resolves with up to `length` bytes of one of the call's files (fewer at its end, none past
 * it); `call.chunks(file, offset)` goes through the file to its end. Returns `{ log }`.
 */
export function serve(methods) {
  let capabilities = null;
  let nextId = 1;
  /** Our read requests waiting for their answer, by id. */
  const reads = new Map();
  /** The calls being answered, by the host's id. */
  const calls = new Map();

  // stdout carries messages and nothing else; anything for people goes to stderr or a log notice.
  const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  process.stdout.on('error', () => process.exit(0)); // the host went away mid-write
  const log = (message, level = 'info') => send({ method: 'log', params: { level, message } });

  function initialize(params) {
    capabilities = Array.isArray(params.capabilities) ? params.capabilities : null;
    return { api: API };
  }

  function callOf(id) {
    const call = {
      cancelled: false,
      log,
      read(file, offset, length) {
        if (call.cancelled) return Promise.reject(new Cancelled());
        if (capabilities && !capabilities.includes('read')) {
          return Promise.reject(new Failure(`cannot read ${file.name ?? 'the file'}: the read capability was not granted`));
        }
        const readId = nextId++;
        send({ id: readId, method: 'read', params: { file: file.handle, offset, length: Math.min(length, READ_LIMIT) } });
        return new Promise((resolve, reject) => reads.set(readId, { call, file, resolve, reject }));
      },
      async *chunks(file, offset = 0) {
        for (;;) {
          const data = await call.read(file, offset, READ_LIMIT);
          if (data.length === 0) return;
          yield data;
          offset += data.length;
        }
      },
    };
    calls.set(id, call);
    return call;
  }

  async function answer({ id, method, params }) {
    const call = callOf(id);
    try {
      const handler = method === 'initialize' ? initialize : Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!handler) throw new Failure(`unknown method ${method}`, -32601);
      const result = await handler(typeof params === 'object' && params !== null ? params : {}, call);
      if (!call.cancelled) send({ id, result: result ?? null });
    } catch (error) {
      if (call.cancelled) process.stderr.write(`call ${id} (${method}) cancelled: not answered\n`);
      else if (error instanceof Failure) send({ id, error: { code: error.code, message: error.message } });
      else {
        // a bug in the plugin: a few words to the host, the details to stderr
        process.stderr.write(`${error?.stack ?? error}\n`);
        send({ id, error: { code: -32603, message: `${method} failed inside the plugin` } });
      }
    } finally {
      calls.delete(id);
    }
  }

  function cancel(id) {
    const call = calls.get(id);
    if (!call) return; // answered already
    call.cancelled = true;
    for (const [readId, read] of reads) {
      if (read.call !== call) continue;
      reads.delete(readId);
      read.reject(new Cancelled());
    }
  }

  function receive(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      if (line.trim() !== '') process.stderr.write(`not JSON, ignored: ${line.slice(0, 200)}\n`);
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    if (typeof message.method === 'string') {
      if (message.id !== undefined && message.id !== null) void answer(message);
      else if (message.method === '$/cancel') cancel(message.params?.id);
      // other notices are ignored
    } else if (reads.has(message.id)) {
      const { file, resolve, reject } = reads.get(message.id);
      reads.delete(message.id);
      const data = message.result?.data;
      if (message.error) reject(new Failure(`cannot read ${file.name ?? 'the file'}: ${message.error.message ?? 'refused'}`));
      else if (typeof data !== 'string') reject(new Failure(`the host answered read without data: ${line.slice(0, 200)}`));
      else resolve(Buffer.from(data, 'base64'));
    }
    // else: the answer to a read of a cancelled call; nothing waits for it
  }

  // A line counts once its \n has come; its pieces are joined only then, since a read's answer can
  // be megabytes long.
  let pieces = [];
  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; start = end + 1, end = chunk.indexOf(10, start)) {
      receive(Buffer.concat([...pieces, chunk.subarray(start, end)]).toString('utf8'));
      pieces = [];
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  });
  // The host closed our input: it is done with us, even in the middle of a call.
  process.stdin.on('end', () => process.exit(0));

  return { log };
}
