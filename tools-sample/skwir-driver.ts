// A deliberately small test-only Skwir host for the sample plugins and the `new --kind skwir`
// templates: it spawns a plugin folder, speaks the Skwir plugin protocol with it, and serves its
// `read` requests from real files. The real host lives in src-main/host; this exists so the plugins
// can be tested on their own, message by message.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';

/** The most bytes one read answer carries; a longer length is cut to it. */
export const READ_LIMIT = 4 * 1024 * 1024;

export type Failure = { code: number; message: string; data?: unknown };
export type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: Failure };
/** How a call ended: its result, its error, or cancelled by the driver (the plugin said nothing). */
export type Answer = { result?: unknown; error?: Failure; cancelled?: true };
/** An answer a test expects to carry a result of type R: the test's expectations check that it does. */
export type Answered<R> = Answer & { result: R };

export interface PluginManifest {
  id: string;
  name: string;
  version: string;
  api?: number;
  capabilities?: string[];
  program: { exec: string; args?: string[] };
  fields?: { key: string; title: string; extensions?: string[] }[];
  previews?: { extensions?: string[]; converts?: boolean; pages?: boolean; thumbnails?: boolean }[];
  commands?: { name: string; title: string; args?: unknown; extensions?: string[] }[];
}

/** skwir-plugin.toml read with Python's own TOML reader (tomllib), so the file is real TOML. */
export function readManifest(folder: string): PluginManifest {
  const script = 'import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))))';
  return JSON.parse(execFileSync('python3', ['-c', script, join(folder, 'skwir-plugin.toml')], { encoding: 'utf8' })) as PluginManifest;
}

/** A file as a call names it. */
export type PluginFile = { handle: number; name: string; path: string; size?: number; mime?: string };
export type ReadRequest = { call: number; file: unknown; offset: unknown; length: unknown; served?: number; refused?: string };

export interface Call {
  readonly id: number;
  readonly files: PluginFile[];
  /** The reads the plugin sent while this call was open. */
  readonly reads: ReadRequest[];
  readonly answer: Promise<Answer>;
}

interface OpenCall extends Call {
  method: string;
  params: Record<string, unknown>;
  settle(answer: Answer): void;
  state: 'queued' | 'open' | 'done';
}

const allowedEnvironment = ['HOME', 'PATH', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR'];

export function startPlugin(folder: string) {
  const manifest = readManifest(folder);
  const dataFolder = mkdtempSync(join(tmpdir(), 'skwir-sample-'));
  const env: Record<string, string> = {};
  for (const name of allowedEnvironment) if (process.env[name] !== undefined) env[name] = process.env[name]!;
  const child = spawn(join(folder, manifest.program.exec), manifest.program.args ?? [], { cwd: dataFolder, env, shell: false });
  child.stdin.on('error', () => {}); // the plugin may be gone already
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );

  const received: Message[] = [];
  const notMessages: string[] = [];
  const problems: string[] = [];
  const logs: { level: string; message: string }[] = [];
  /** Answers whose id is no open call: late ones after $/cancel, or ones nobody asked for. */
  const stray: Message[] = [];
  const queue: OpenCall[] = [];
  const calls = new Map<number, OpenCall>();
  const heldReads: (() => void)[] = [];
  const watchers = new Set<() => void>();
  let holding = false;
  let stderr = '';
  let nextId = 1;
  let nextHandle = 1;

  const send = (message: Record<string, unknown>) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  const current = () => queue.find((call) => call.state === 'open');

  function sendNext() {
    if (current() || queue.length === 0) return;
    const next = queue[0]!;
    next.state = 'open';
    send({ id: next.id, method: next.method, params: next.params });
  }

  function finish(call: OpenCall, answer: Answer) {
    call.state = 'done';
    queue.splice(queue.indexOf(call), 1);
    call.settle(answer);
    sendNext();
  }

  /** Bytes of a real file, as the host serves them: cut to READ_LIMIT, fewer at the end. */
  function serveRead(id: unknown, request: ReadRequest) {
    const { file, offset, length } = request;
    const call = calls.get(request.call);
    const refuse = (code: number, message: string) => {
      request.refused = message;
      send({ id, error: { code, message } });
    };
    if (!call) return refuse(-32000, `no call is open for a read of file ${JSON.stringify(file)}`);
    if (call.state !== 'open') return refuse(-32000, `call ${call.id} is over (answered or cancelled): its reads are refused`);
    if (!Number.isSafeInteger(offset) || (offset as number) < 0) return refuse(-32602, `offset ${JSON.stringify(offset)} is not a whole number >= 0`);
    if (!Number.isSafeInteger(length) || (length as number) < 0) return refuse(-32602, `length ${JSON.stringify(length)} is not a whole number >= 0`);
    const target = call.files.find((f) => f.handle === file);
    if (!target) return refuse(-32000, `file ${JSON.stringify(file)} is not a file of call ${call.id}`);
    const bytes = Buffer.alloc(Math.min(length as number, READ_LIMIT));
    const fd = openSync(target.path, 'r');
    let served = 0;
    try {
      for (let n = 1; n > 0 && served < bytes.length; served += n) n = readSync(fd, bytes, served, bytes.length - served, (offset as number) + served);
    } finally {
      closeSync(fd);
    }
    request.served = served;
    send({ id, result: { data: bytes.subarray(0, served).toString('base64') } });
  }

  function receive(message: Message) {
    received.push(message);
    if (message.jsonrpc !== '2.0') problems.push(`not JSON-RPC 2.0: ${JSON.stringify(message).slice(0, 200)}`);
    const hasId = typeof message.id === 'number' || typeof message.id === 'string';
    if (message.method === 'log') {
      const { level, message: text } = (message.params ?? {}) as { level?: unknown; message?: unknown };
      if (typeof level !== 'string' || !['error', 'warn', 'info', 'debug'].includes(level) || typeof text !== 'string' || hasId) {
        problems.push(`a log that is not {level, message}: ${JSON.stringify(message)}`);
      }
      logs.push({ level: String(level), message: String(text) });
    } else if (message.method === 'read' && hasId) {
      const call = current();
      // What the plugin sent, as it sent it: serveRead checks each field.
      const request: ReadRequest = { call: call?.id ?? 0, ...(message.params as Omit<ReadRequest, 'call'>) };
      call?.reads.push(request);
      if (holding) heldReads.push(() => serveRead(message.id, request));
      else serveRead(message.id, request);
    } else if (typeof message.method === 'string') {
      problems.push(`the plugin sent ${message.method}: only read requests and log notices go to the host`);
      if (hasId) send({ id: message.id, error: { code: -32601, message: `the host answers read only, not ${message.method}` } });
    } else {
      const call = typeof message.id === 'number' ? calls.get(message.id) : undefined;
      if (call?.state === 'open') finish(call, message.error ? { error: message.error } : { result: message.result });
      else stray.push(message);
    }
    for (const watcher of [...watchers]) watcher();
  }

  // Lines are joined from their pieces only once their \n has come: answers can be megabytes long.
  let pieces: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; start = end + 1, end = chunk.indexOf(10, start)) {
      const line = Buffer.concat([...pieces, chunk.subarray(start, end)]).toString('utf8');
      pieces = [];
      try {
        const message: unknown = JSON.parse(line);
        if (typeof message === 'object' && message !== null && !Array.isArray(message)) receive(message);
        else notMessages.push(line);
      } catch {
        notMessages.push(line);
      }
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));

  const session = {
    manifest,
    folder,
    pid: child.pid!,
    received,
    notMessages,
    problems,
    logs,
    stray,
    stderr: () => stderr,
    /** Writes any message, as is (a stray answer, an unknown notice...). */
    send,
    initialize(capabilities: string[] = manifest.capabilities ?? []): Promise<Answer> {
      return session.call('initialize', [], () => ({ api: 1, capabilities })).answer;
    },
    /**
     * Queues a call; `files` get the plugin's next handles, as the host gives them (one counter for
     * the process: a plugin that assumes its file is 1 fails its second call), with their size
     * unless `sizes` is false, and `params` places them. Calls are sent one at a time, the next
     * once one is answered or cancelled.
     */
    call(method: string, paths: string[], params: (files: PluginFile[]) => Record<string, unknown>, options: { sizes?: boolean } = {}): Call {
      const files = paths.map((path) => ({
        handle: nextHandle++,
        name: basename(path),
        path,
        ...(options.sizes === false ? {} : { size: statSync(path).size }),
      }));
      let settle!: (answer: Answer) => void;
      const answer = new Promise<Answer>((resolve) => (settle = resolve));
      const call: OpenCall = { id: nextId++, method, params: params(files), files, reads: [], answer, settle, state: 'queued' };
      calls.set(call.id, call);
      queue.push(call);
      sendNext();
      return call;
    },
    /** The host stops waiting for the call: $/cancel, its later reads refused, the next call sent. */
    cancel(call: Call) {
      const open = calls.get(call.id);
      if (!open || open.state === 'done') return;
      if (open.state === 'open') send({ method: '$/cancel', params: { id: call.id } });
      finish(open, { cancelled: true });
    },
    /** Read requests wait, unanswered, until releaseReads(). */
    holdReads() {
      holding = true;
    },
    releaseReads() {
      holding = false;
      for (const serve of heldReads.splice(0)) serve();
    },
    /** Resolves once `happened()` is true, checked after each message; rejects after `ms`. */
    until(what: string, happened: () => boolean, ms = 10_000): Promise<void> {
      if (happened()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watcher);
          reject(new Error(`no ${what} within ${ms} ms; stderr: ${stderr}`));
        }, ms);
        const watcher = () => {
          if (!happened()) return;
          clearTimeout(timer);
          watchers.delete(watcher);
          resolve();
        };
        watchers.add(watcher);
      });
    },
    /** Closes stdin, as Skwir does when done, and waits up to 2 s for the exit; kills the plugin after that. */
    async close() {
      const started = Date.now();
      child.stdin.end();
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 2_000).unref());
      const outcome = await Promise.race([exited, late]);
      const ended = outcome !== 'late' ? { ...outcome, inTime: true } : (child.kill('SIGKILL'), { ...(await exited), inTime: false });
      rmSync(dataFolder, { recursive: true, force: true });
      return { ...ended, ms: Date.now() - started };
    },
  };
  return session;
}

export type PluginSession = ReturnType<typeof startPlugin>;

/** What a well-behaved plugin leaves once its stdin closed: exit 0 in time, nothing amiss on stdout. */
export const wellBehaved = { code: 0, signal: null, inTime: true, notMessages: [], problems: [] };

/**
 * One plugin's test file: `started()` starts the plugin and checks its initialize answer. After each
 * test, every plugin started has its stdin closed and must have behaved well: exit 0 in time, only
 * messages on stdout, no answer nobody waited for.
 */
export function pluginTests(folder: string) {
  const sessions: PluginSession[] = [];
  afterEach(async () => {
    for (const ended of sessions.splice(0)) {
      const { code, signal, inTime } = await ended.close();
      expect({ code, signal, inTime, notMessages: ended.notMessages, problems: ended.problems }).toEqual(wellBehaved);
      expect(ended.stray, 'answers to no open call').toEqual([]);
    }
  });
  const startedBare = (): PluginSession => {
    const session = startPlugin(folder);
    sessions.push(session);
    return session;
  };
  const started = async (capabilities?: string[]): Promise<PluginSession> => {
    const plugin = startedBare();
    expect(await plugin.initialize(capabilities)).toEqual({ result: { api: 1 } });
    return plugin;
  };
  return { started, startedBare };
}

/** A temporary folder for a test file's inputs, removed after its tests; `file` writes one in it
 * from its parts (text as UTF-8) and returns its path. */
export function scratchFiles(prefix: string) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return {
    folder,
    file: (name: string, ...parts: (string | Buffer | number[])[]): string => {
      const path = join(folder, name);
      writeFileSync(path, Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))));
      return path;
    },
  };
}
