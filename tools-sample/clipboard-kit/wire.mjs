// The tool's end of the link with Vitruvian: JSON-RPC 2.0, one message a line, over stdin and stdout.
// Self-contained on purpose (no packages): copy it into your own tool as it is.

/** A failure to send back, or one the app sent us: a code from the protocol's table and a few words. */
export class Refusal extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/**
 * Starts reading stdin. `requests` and `notices` map a method to its handler; a request's handler
 * returns its result (or throws a Refusal). `onReady` runs once initialize has been answered, the
 * moment the tool may start sending. Returns what the tool uses to talk: request, notify, log.
 */
export function connect({ requests, notices, onReady }) {
  const pending = new Map();
  let nextId = 1;

  // stdout carries messages and nothing else; anything for people goes to stderr or a log notice.
  const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  // The app went away mid-write: there is no one left to talk to.
  process.stdout.on('error', () => process.exit(0));

  async function answer(message) {
    const handler = requests[message.method];
    try {
      if (!handler) throw new Refusal(-32601, `unknown method ${message.method}`);
      const result = await handler(message.params ?? {});
      send({ id: message.id, result: result ?? {} });
      if (message.method === 'initialize') onReady?.();
    } catch (error) {
      const refusal = error instanceof Refusal ? error : new Refusal(-32603, 'the tool failed');
      if (!(error instanceof Refusal)) process.stderr.write(`${error?.stack ?? error}\n`);
      const failure = { code: refusal.code, message: refusal.message };
      if (refusal.data !== undefined) failure.data = refusal.data;
      send({ id: message.id, error: failure });
    }
  }

  // A notice is never answered, so a handler that throws only gets a line on stderr.
  async function hear(message) {
    const handler = notices[message.method]; // a notice we do not know is ignored
    try {
      await handler?.(message.params ?? {});
    } catch (error) {
      process.stderr.write(`${message.method}: ${error?.stack ?? error}\n`);
    }
  }

  function receive(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      process.stderr.write(`not JSON, ignored: ${line.slice(0, 200)}\n`);
      return;
    }
    if (message === null || typeof message !== 'object' || Array.isArray(message)) return;
    const hasId = typeof message.id === 'number' || typeof message.id === 'string';
    if (typeof message.method === 'string') {
      if (hasId) void answer(message);
      else void hear(message);
    } else if (hasId && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Refusal(message.error.code, message.error.message, message.error.data));
      else resolve(message.result ?? {});
    }
  }

  // Split stdin into lines ourselves: a line counts only once its \n has come, and setEncoding
  // keeps a UTF-8 character that straddles two chunks whole.
  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop(); // the part after the last \n waits for the rest of its line
    for (const line of lines) if (line.trim() !== '') receive(line);
  });
  // The app closed our input: it is done with us.
  process.stdin.on('end', () => process.exit(0));

  return {
    /** Sends a request to the app; resolves with its result, rejects with a Refusal. */
    request(method, params) {
      const id = nextId++;
      const message = params === undefined ? { id, method } : { id, method, params };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        send(message);
      });
    },
    notify(method, params) {
      send(params === undefined ? { method } : { method, params });
    },
    log(message, level = 'info') {
      send({ method: 'log', params: { message, level } });
    },
    /** Leaves once everything written has reached the pipe. */
    exit() {
      process.stdout.write('', () => process.exit(0));
    },
  };
}
