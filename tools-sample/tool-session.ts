// A deliberately small test-only host for the sample tools: it spawns a tool folder, speaks protocol 1
// with it and answers its service requests from an in-memory stand-in. The real host lives in
// src-main/host; this exists so the samples can be tested on their own, line by line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messageProblems, resultProblems } from '../src-shared/protocol/check-message';
import { methodInfo } from '../src-shared/protocol/methods';
import { afterEach, expect } from 'vitest';

export type Message = {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

export type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

type Manifest = {
  version: string;
  runtime: { exec: string; args?: string[] };
  uses?: string[];
  commands?: { id: string }[];
  preferences?: { id: string; default?: unknown }[];
};

/** Thrown by a service stand-in to refuse a request with a protocol code. */
export class ServiceRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const serviceOf: Record<string, string> = {
  'notify/hud': 'notify',
  'notify/beep': 'notify',
  'open/url': 'open',
  'clipboard/readText': 'clipboard.read',
  'clipboard/writeText': 'clipboard.write',
  'keystrokes/paste': 'keystrokes',
  'keystrokes/pressMenuItem': 'keystrokes',
  'processes/terminate': 'processes',
  'storage/get': 'storage',
  'storage/set': 'storage',
};

/** In-memory services: a clipboard, preference storage seeded from the manifest, every call recorded. */
export class StandInServices {
  clipboard: string | null = null;
  readonly stored = new Map<string, unknown>();
  readonly calls: { method: string; params: Record<string, unknown> }[] = [];
  /** Set a method here to refuse it with that code (e.g. -32004 for "not available now"). */
  readonly refuse = new Map<string, number>();

  constructor(private readonly manifest: Manifest) {}

  answer(method: string, params: Record<string, unknown>): unknown {
    const service = serviceOf[method];
    if (!service) throw new ServiceRefusal(-32601, `unknown method ${method}`);
    if (!(this.manifest.uses ?? []).includes(service)) throw new ServiceRefusal(-32001, `${service} not in uses`);
    this.calls.push({ method, params });
    const code = this.refuse.get(method);
    if (code !== undefined) throw new ServiceRefusal(code, `${method} refused by the test`);
    const declared = (id: unknown) => (this.manifest.preferences ?? []).find((p) => p.id === id);
    switch (method) {
      case 'clipboard/readText':
        return { text: this.clipboard };
      case 'clipboard/writeText':
        this.clipboard = String(params.text);
        return {};
      case 'storage/get': {
        const preference = declared(params.id);
        if (!preference) throw new ServiceRefusal(-32602, `no preference ${String(params.id)}`);
        const id = String(params.id);
        return { value: this.stored.has(id) ? this.stored.get(id) : (preference.default ?? null) };
      }
      case 'storage/set':
        if (!declared(params.id)) throw new ServiceRefusal(-32602, `no preference ${String(params.id)}`);
        this.stored.set(String(params.id), params.value);
        return {};
      default:
        return {};
    }
  }

  /** The params of every recorded call to one method. */
  paramsOf(method: string): Record<string, unknown>[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.params);
  }
}

export interface ToolSession {
  readonly manifest: Manifest;
  readonly services: StandInServices;
  readonly dataFolder: string;
  /** Every message the tool wrote, in order. */
  readonly received: Message[];
  /** Lines on the tool's stdout that were not JSON-RPC messages (should stay empty). */
  readonly notMessages: string[];
  /** What did not fit messages.schema.json in the tool's messages and answers (should stay empty). */
  readonly problems: string[];
  stderr(): string;
  request(method: string, params?: Record<string, unknown>): Promise<Answer>;
  notify(method: string, params?: Record<string, unknown>): void;
  /** Sends initialize as the app does and waits for the answer. */
  initialize(language?: string): Promise<Answer>;
  runCommand(command: string): Promise<Answer>;
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(what: string, matches: (message: Message) => boolean, timeoutMs?: number): Promise<Message>;
  /** The log notices' texts so far. */
  logs(): string[];
  /** shutdown, close stdin, and wait up to 2 s for the exit; kills the tool after that. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; inTime: boolean }>;
}

const allowedEnvironment = ['HOME', 'PATH', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR'];

export function startTool(folder: string): ToolSession {
  const manifest = JSON.parse(readFileSync(join(folder, 'vitruvian-tool.json'), 'utf8')) as Manifest;
  const services = new StandInServices(manifest);
  const dataFolder = mkdtempSync(join(tmpdir(), 'vitruvian-sample-'));
  const env: Record<string, string> = {};
  for (const name of allowedEnvironment) if (process.env[name] !== undefined) env[name] = process.env[name]!;
  const child: ChildProcess = spawn(join(folder, manifest.runtime.exec), manifest.runtime.args ?? [], {
    cwd: dataFolder,
    env,
    shell: false,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stdin!.on('error', () => {}); // the tool may be gone already

  const received: Message[] = [];
  const notMessages: string[] = [];
  const problems: string[] = [];
  const pending = new Map<number, { method: string; resolve: (answer: Answer) => void }>();
  const watchers = new Set<(message: Message) => void>();
  let stderr = '';
  let nextId = 1;

  const write = (message: Record<string, unknown>) => child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');

  function receive(message: Message) {
    received.push(message);
    for (const problem of messageProblems(message)) problems.push(`${JSON.stringify(message)}: ${problem}`);
    for (const watcher of watchers) watcher(message);
    if (typeof message.method === 'string' && message.id !== undefined && message.id !== null) {
      try {
        write({ id: message.id, result: services.answer(message.method, message.params ?? {}) });
      } catch (error) {
        if (!(error instanceof ServiceRefusal)) throw error;
        write({ id: message.id, error: { code: error.code, message: error.message } });
      }
    } else if (message.method === undefined && typeof message.id === 'number') {
      const request = pending.get(message.id);
      pending.delete(message.id);
      if (request && message.error === undefined && methodInfo(request.method)) {
        for (const problem of resultProblems(request.method, message.result)) problems.push(`${request.method}: ${problem}`);
      }
      request?.resolve({ result: message.result, error: message.error });
    }
  }

  let partial = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        notMessages.push(line);
        continue;
      }
      const isMessage = typeof message === 'object' && message !== null && (message as Message).jsonrpc === '2.0';
      if (isMessage && !Array.isArray(message)) receive(message as Message);
      else notMessages.push(line);
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));

  const session: ToolSession = {
    manifest,
    services,
    dataFolder,
    received,
    notMessages,
    problems,
    stderr: () => stderr,
    request(method, params) {
      const id = nextId++;
      return new Promise<Answer>((resolve) => {
        pending.set(id, { method, resolve });
        write(params === undefined ? { id, method } : { id, method, params });
      });
    },
    notify(method, params) {
      write(params === undefined ? { method } : { method, params });
    },
    initialize(language = 'en') {
      return session.request('initialize', { protocols: [1], language, dataFolder });
    },
    runCommand(command) {
      return session.request('command/run', { command });
    },
    waitFor(what, matches, timeoutMs = 10_000) {
      const already = received.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(watcher);
          reject(new Error(`no ${what} within ${timeoutMs} ms; stderr: ${stderr}`));
        }, timeoutMs);
        const watcher = (message: Message) => {
          if (!matches(message)) return;
          clearTimeout(timer);
          watchers.delete(watcher);
          resolve(message);
        };
        watchers.add(watcher);
      });
    },
    logs: () => received.filter((m) => m.method === 'log').map((m) => String((m.params as { message: unknown }).message)),
    async stop() {
      session.notify('shutdown');
      child.stdin!.end();
      const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 2_000));
      const outcome = await Promise.race([exited, timer]);
      const ended = outcome !== 'late' ? { ...outcome, inTime: true } : (child.kill('SIGKILL'), { ...(await exited), inTime: false });
      rmSync(dataFolder, { recursive: true, force: true });
      return ended;
    },
  };
  return session;
}

/** The last commands/state the tool sent, or undefined before its first. */
export function lastRunnable(session: ToolSession): string[] | undefined {
  const states = session.received.filter((m) => m.method === 'commands/state');
  return states.at(-1)?.params?.runnable as string[] | undefined;
}

/** Stops the tool and sums up what a well-behaved tool leaves: exit 0 in time, nothing amiss on stdout. */
export async function stopAndSumUp(session: ToolSession) {
  const exit = await session.stop();
  return { exit, notMessages: session.notMessages, problems: session.problems };
}

/** What stopAndSumUp gives for a tool that did everything right. */
export const wellBehaved = { exit: { code: 0, signal: null, inTime: true }, notMessages: [], problems: [] };

/**
 * One sample's test file: `started(language)` starts the tool and checks its initialize answer;
 * `startedBare()` starts it without initialize, for tests of initialize itself. After each test the
 * tool is stopped and must have behaved well. `ready` waits for more after initialize, if needed.
 */
export function sampleTests(folder: string, ready?: (session: ToolSession) => Promise<unknown>) {
  let session: ToolSession | undefined;
  afterEach(async () => {
    const ended = session && (await stopAndSumUp(session));
    session = undefined;
    if (ended) expect(ended).toEqual(wellBehaved);
  });
  const startedBare = (): ToolSession => (session = startTool(folder));
  const started = async (language = 'en'): Promise<ToolSession> => {
    const tool = startedBare();
    expect(await tool.initialize(language)).toEqual({ result: { protocol: 1, version: '1.0.0' } });
    await ready?.(tool);
    return tool;
  };
  return { started, startedBare };
}
