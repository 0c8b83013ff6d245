// One conformance run's link to a Skwir plugin: its process started as the host starts it (the
// host's ProgramProcess, Skwir's line limit), the host's peer, `read` served on the open call's files
// by the host's own rules (PluginReads), and a record of what went wrong on the wire: lines that are
// no message, refused reads, late answers, its log and its last stderr lines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKWIR_API_VERSION, SKWIR_LINE_LIMIT } from '../../../src-shared/skwir/limits';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import type { CallHandles } from '../../host/plugins/call-files';
import { childEnvironment } from '../../host/process/child-env';
import { ConnectionError, ErrorCodes, ResponseError } from '../../host/wire/errors';
import type { ProtocolProblem } from '../../host/wire/peer';
import type { Settled } from '../../host/wire/pending-requests';
import { PluginReads } from '../../host/plugins/plugin-reads';
import { exitText } from '../../host/process/reasons';
import { ProgramProcess, type ToolExit } from '../../host/process/program-process';

/** What the plugin's program answered a request on the session's link (the window's answers are the HostApi's PluginAnswer). */
export type SessionAnswer =
  | { kind: 'result'; result: unknown; ms: number }
  | { kind: 'failure'; code: number; message: string; ms: number }
  | { kind: 'timeout'; ms: number }
  | { kind: 'gone'; how: string };

/** A call's answer; a result comes with the handles the call's files had (a plan names its files by them). */
export type CallAnswer = Exclude<SessionAnswer, { kind: 'result' }> | { kind: 'result'; result: unknown; ms: number; files: CallHandles };

/** The plugin's program could not be started at all. */
export class PluginLaunchFailure extends Error {}

const STDERR_KEPT = 12;
/** How long a reason waits for the exit status of a plugin whose output closed. */
const EXIT_WAIT_MS = 1_000;

export class PluginSession {
  /** Reads the host refused, with why. */
  readonly refusedReads: string[] = [];
  /** How many reads were served. */
  reads = 0;
  /** The handles and reads of the host's own rules: one counter for the process, one read at a time. */
  private readonly served: PluginReads;

  private constructor(
    readonly manifest: PluginManifest,
    private readonly tool: ProgramProcess,
    private readonly folder: string,
    /** Problems the host's peer found with the plugin's output (lines that are no message, ...). */
    readonly problems: ProtocolProblem[],
    /** Its last lines on stderr. */
    readonly stderr: string[],
  ) {
    this.served = new PluginReads(manifest.capabilities);
    this.served.restart();
    tool.peer.onRequest('read', async (params) => {
      try {
        const answer = await this.served.serveJson(params);
        this.reads++;
        return answer;
      } catch (error) {
        if (error instanceof ResponseError) this.refusedReads.push(`${error.message} (${error.code}), asked ${JSON.stringify(params)}`);
        throw error;
      }
    });
  }

  static async start(manifest: PluginManifest, execPath: string): Promise<PluginSession> {
    const folder = await mkdtemp(join(tmpdir(), 'vitruvian-check-plugin-'));
    const problems: ProtocolProblem[] = [];
    const stderr: string[] = [];
    let tool: ProgramProcess;
    try {
      tool = await ProgramProcess.launch({
        execPath,
        args: manifest.transport.kind === 'program' ? manifest.transport.args : [],
        cwd: folder,
        env: childEnvironment(),
        exitDrainMs: 200,
        onStderrLine: (line) => {
          if (line.trim() === '') return;
          stderr.push(line.length > 300 ? `${line.slice(0, 299)}…` : line);
          if (stderr.length > STDERR_KEPT) stderr.shift();
        },
        peer: {
          lineLimit: SKWIR_LINE_LIMIT,
          onProtocolError: (problem) => problems.push(problem),
          fallbackRequestHandler: async (_params, method) => {
            throw new ResponseError(ErrorCodes.MethodNotFound, `unknown method ${JSON.stringify(method)}: a plugin may ask the host only read`);
          },
        },
      });
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw new PluginLaunchFailure((error as Error).message);
    }
    return new PluginSession(manifest, tool, folder, problems, stderr);
  }

  /** A folder of the run's own, for the sample files. */
  get scratch(): string {
    return this.folder;
  }

  /** initialize as the host sends it, with what the manifest asks for. */
  initialize(timeoutMs: number): Promise<SessionAnswer> {
    return this.ask('initialize', { api: SKWIR_API_VERSION, capabilities: [...this.manifest.capabilities] }, timeoutMs).answer;
  }

  /** A call about files, with reads served on them while it is open. */
  async call(
    method: string,
    params: Record<string, unknown>,
    paths: string[],
    options: { entries: boolean; timeoutMs: number; cancelAfterMs?: number },
  ): Promise<CallAnswer> {
    const files = await this.served.describe(paths);
    this.served.opened(files);
    const whole = { ...params, ...(options.entries ? { entries: files.callFiles } : { file: files.callFiles[0] }) };
    const { id, answer } = this.ask(method, whole, options.timeoutMs, (how) =>
      this.served.ended(files, id, how === 'timeout' || how === 'cancelled' ? 'cancelled' : 'answered'),
    );
    if (options.cancelAfterMs !== undefined) {
      setTimeout(() => {
        if (!this.tool.peer.abandon(id)) return;
        this.tool.peer.notify('$/cancel', { id });
      }, options.cancelAfterMs).unref();
    }
    try {
      const got = await answer;
      return got.kind === 'result' ? { ...got, files: { first: files.first, count: files.count } } : got;
    } finally {
      this.served.ended(files, id, 'answered');
      await files.close();
    }
  }

  /** Any request, as it is: the unknown-method probe. */
  request(method: string, params: object, timeoutMs: number): Promise<SessionAnswer> {
    return this.ask(method, params, timeoutMs).answer;
  }

  /** Closes the plugin's input and waits for its exit, up to `ms`; then the host's stop sequence. */
  async closeInput(ms: number): Promise<{ exit?: ToolExit; exitedInMs?: number; signal?: 'SIGTERM' | 'SIGKILL' }> {
    const started = Date.now();
    this.tool.writer.end();
    const exit = await Promise.race([
      this.tool.exited,
      new Promise<undefined>((resolve) => {
        setTimeout(() => resolve(undefined), ms).unref();
      }),
    ]);
    if (exit) return { exit, exitedInMs: Date.now() - started };
    const report = await this.tool.stop({ stepMs: ms });
    return { exit: report.exit, ...(report.signal ? { signal: report.signal } : {}) };
  }

  async dispose(): Promise<void> {
    this.served.stop();
    if (!this.tool.exit) await this.tool.kill();
    await rm(this.folder, { recursive: true, force: true });
  }

  private ask(method: string, params: object, timeoutMs: number, settled?: (how: Settled) => void): { id: number | string; answer: Promise<SessionAnswer> } {
    const started = Date.now();
    const sent = this.tool.peer.send(method, params, { timeoutMs, ...(settled ? { settled } : {}) });
    const answer = sent.answer.then(
      (result): SessionAnswer => ({ kind: 'result', result, ms: Date.now() - started }),
      async (error: unknown): Promise<SessionAnswer> => {
        const ms = Date.now() - started;
        if (error instanceof ResponseError) return { kind: 'failure', code: error.code, message: error.message, ms };
        if (error instanceof ConnectionError && (error.code === 'timeout' || error.code === 'cancelled')) return { kind: 'timeout', ms };
        // Its output may end a moment before its exit is known.
        const exit = await Promise.race([
          this.tool.exited,
          new Promise<undefined>((resolve) => {
            setTimeout(() => resolve(undefined), EXIT_WAIT_MS).unref();
          }),
        ]);
        return { kind: 'gone', how: exit ? describe(exit) : 'it closed its output' };
      },
    );
    return { id: sent.id, answer };
  }
}

const describe = (exit: ToolExit) => `it ${exitText(exit)}`;
