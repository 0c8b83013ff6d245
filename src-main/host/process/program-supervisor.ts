// The lifetime of a program that speaks JSON-RPC on its standard input and output, whichever the
// dialect: spawned with the allow-listed environment, its peer given the dialect's line limit and
// its requests' handler, initialize asked with a clock, and a program that closed its output but
// runs on ended. Tools (tools/tool-supervisor.ts) and program plugins (plugins/plugin-supervisor.ts)
// say the rest: initialize's params and judgement, their handlers, the farewell.
import type { HostLogCode } from '../../../src-shared/host-api';
import type { LineLimit } from '../../../src-shared/limits';
import { childEnvironment } from './child-env';
import { ConnectionError, ResponseError, type RefusalCodes } from '../wire/errors';
import type { MessageId } from '../wire/message-shape';
import { ProgramProcess } from './program-process';
import { Supervisor } from './supervisor';
import type { InitializeVerdict, SupervisorOptions } from './supervisor-options';

export interface ProgramSupervisorOptions extends SupervisorOptions {
  /** The program, an absolute path already resolved inside the folder. */
  execPath: string;
  args?: readonly string[];
  /** The data folder: the process's working directory. */
  cwd: string;
  /**
   * Every line both ways; `sent`: the message a line sent was made from (the trace reads marks on it);
   * `length`: the whole line's characters when `text` is only its start (PeerOptions.onTrace).
   */
  onTrace?(direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object, length?: number): void;
  /** The child's environment; by default the allow-list of child-env.ts. */
  env?: Record<string, string>;
}

export abstract class ProgramSupervisor extends Supervisor<ProgramProcess> {
  /** The wire's line limit. */
  protected abstract readonly lineLimit: LineLimit;
  /** The codes of the peer's own refusals, when the dialect has its own table (JSON-RPC's otherwise). */
  protected readonly refusalCodes: RefusalCodes | undefined = undefined;
  /** Sends initialize; a dialect whose initialize comes before anything else holds the rest back. */
  protected abstract sendInitialize(running: ProgramProcess): { id: MessageId; answer: Promise<unknown> };
  protected abstract judgeInitialize(result: unknown): InitializeVerdict;
  /** A request of the program's that no handler of attach() took: the answer, or a promise of it. */
  protected abstract handleRequest(method: string, params: unknown): unknown;
  /** initialize was not answered in time (Skwir then sends $/cancel for it). */
  protected initializeTimedOut(_running: ProgramProcess, _id: MessageId): void {}

  constructor(protected readonly options: ProgramSupervisorOptions) {
    super(options);
  }

  protected async spawn(): Promise<ProgramProcess> {
    const running = await ProgramProcess.launch({
      execPath: this.options.execPath,
      args: this.options.args ?? [],
      cwd: this.options.cwd,
      env: this.options.env ?? childEnvironment(),
      exitDrainMs: this.limits.exitDrainMs,
      onStderrLine: (line) => this.options.onLog('info', 'stderr', line),
      peer: {
        lineLimit: this.lineLimit,
        ...(this.refusalCodes ? { refusalCodes: this.refusalCodes } : {}),
        fallbackRequestHandler: (params, method) => this.handleRequest(method, params),
        onProtocolError: (problem) => this.log(problem.kind === 'handlerFailed' ? 'error' : 'warn', 'protocol', problem.message),
        onTrace: (direction, text, method, sent, length) => this.options.onTrace?.(direction === 'sent' ? 'toTool' : 'fromTool', text, method, sent, length),
      },
    });
    running.peer.onClose(() => this.linkClosed(running));
    return running;
  }

  protected async initialize(running: ProgramProcess): Promise<InitializeVerdict | undefined> {
    const { id, answer } = this.sendInitialize(running);
    try {
      return this.judgeInitialize(await answer);
    } catch (error) {
      if (error instanceof ConnectionError && error.code === 'closed') return undefined; // exited: a crash, handled there
      if (error instanceof ResponseError) return { refusal: { code: 'initializeFailed', message: error.message, errorCode: error.code } };
      this.initializeTimedOut(running, id);
      // Nothing at all on its output: most often its answer sits in a buffer it never flushed.
      return { refusal: { code: 'initializeTimeout', seconds: this.limits.initializeMs / 1000, ...(running.wroteOutput ? {} : { silent: true }) } };
    }
  }

  protected startedLine(running: ProgramProcess, version: string): HostLogCode {
    return { code: 'started', pid: running.pid, version };
  }

  /** A program that closed its stdout (or stdin) but runs on can no longer talk: it is ended. */
  private linkClosed(running: ProgramProcess): void {
    setTimeout(() => {
      if (running.exit || running.stopRequested || !this.isCurrent(running)) return;
      this.hostLog({ code: 'linkClosed' });
      void running.stop({ stepMs: this.limits.stopStepMs, asked: false });
    }, this.limits.exitDrainMs).unref();
  }
}
