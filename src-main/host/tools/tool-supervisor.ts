// The supervisor of one tool's process, as protocol 1 speaks with it (docs/design/wire.md): initialize first and nothing
// else until it is answered, the commands it says are runnable, command/run with its limit, the
// notices the app sends, `shutdown` before its input closes. The lifetime (start, stop, crashes) is
// the ProgramSupervisor's; the caller decides when to start (`launch` tools at once, `demand` tools on first
// use), and runCommand starts a tool that is not started yet.
import type { CommandOutcome, HandAnswer, PreferenceValue } from '../../../src-shared/host-api';
import { resultProblems } from '../../../src-shared/protocol/check-message';
import { methodInfo } from '../../../src-shared/protocol/methods';
import { endedAnswer, sendOnLink, type HandSending } from '../process/hand-sent';
import { PROTOCOL1_LINE_LIMIT } from '../../../src-shared/limits';
import { Emitter, type Event } from '../../../src-shared/lifecycle';
import { beforeAnswerEn } from '../../../src-shared/reasons-en';
import { ConnectionError, ResponseError } from '../wire/errors';
import { judgeInitializeAnswer, PROTOCOLS_OFFERED, sendInitializeFirst } from './initialize';
import { reasonText, unavailable } from '../process/reasons';
import type { ProgramProcess } from '../process/program-process';
import { ProgramSupervisor, type ProgramSupervisorOptions } from '../process/program-supervisor';
import type { InitializeVerdict } from '../process/supervisor-options';
import { ToolNotices } from './tool-notices';

export interface ToolSupervisorOptions extends ProgramSupervisorOptions {
  toolId: string;
  /** The tool's data folder: its working directory, and `dataFolder` in initialize. */
  cwd: string;
  language: string;
  /** The manifest's command ids, in its order. */
  commandIds: readonly string[];
  /** Every request from the tool (the broker): the answer or a promise of it. Refuse with ResponseError (thrown or rejected). */
  handleRequest(method: string, params: unknown): unknown;
}

export class ToolSupervisor extends ProgramSupervisor {
  private readonly _onDidChangeRunnable = new Emitter<readonly string[]>();
  readonly onDidChangeRunnable: Event<readonly string[]> = this._onDidChangeRunnable.event;

  protected readonly noun = 'tool';
  protected readonly lineLimit = PROTOCOL1_LINE_LIMIT;
  protected override readonly farewell = 'shutdown';
  private readonly notices: ToolNotices;
  private _language: string;
  /** The process that answered initialize, while it runs: where notices go. */
  private link: ProgramProcess | undefined;

  constructor(private readonly tool: ToolSupervisorOptions) {
    super(tool);
    this._language = tool.language;
    this.notices = new ToolNotices(tool.commandIds, {
      onRunnable: (runnable) => this._onDidChangeRunnable.fire(runnable),
      onLog: tool.onLog,
    });
  }

  /** Commands runnable now: all of them until the tool's first commands/state. */
  get runnable(): readonly string[] {
    return this.notices.runnable;
  }
  get language(): string {
    return this._language;
  }

  async runCommand(commandId: string): Promise<CommandOutcome> {
    if (!this.tool.commandIds.includes(commandId)) return unavailable({ code: 'unknownCommand', command: commandId });
    const ready = await this.ready();
    if ('why' in ready) return unavailable(ready.why);
    const { running } = ready;
    if (!this.notices.runnable.includes(commandId)) return unavailable({ code: 'notRunnable', command: commandId });
    try {
      await running.peer.request('command/run', { command: commandId }, { timeoutMs: this.limits.commandMs });
      return { outcome: 'done' };
    } catch (error) {
      if (error instanceof ResponseError) {
        const message = error.code === -32010 ? error.message : `${error.message} (${error.code})`;
        return { outcome: 'refused', message };
      }
      if (error instanceof ConnectionError && error.code === 'timeout') {
        this.hostLog({ code: 'commandTimeout', command: commandId, seconds: this.limits.commandMs / 1000 });
        return { outcome: 'timeout' };
      }
      const how = await this.whyUnanswered(running);
      if (how.code === 'stoppedBeforeAnswer') return unavailable(how);
      // "it": the outcome already says the tool crashed ("The tool crashed: it exited with code 3 ...").
      return { outcome: 'crashed', message: beforeAnswerEn(reasonText(how)), reasonCode: how };
    }
  }

  /**
   * A message sent by hand on the tool's link (a demand tool not running is started for it), with
   * a command's time limit; a result of a request the protocol knows is judged, for the person.
   */
  async sendByHand(sending: HandSending): Promise<HandAnswer> {
    const ready = await this.ready();
    if ('why' in ready) return { outcome: 'unavailable', message: reasonText(ready.why) };
    const { running } = ready;
    const answer = await sendOnLink(running.peer, sending, { timeoutMs: this.limits.commandMs });
    if (answer.outcome === 'linkEnded') return endedAnswer(await this.whyUnanswered(running), 'tool', answer);
    if (answer.outcome !== 'result' || methodInfo(sending.method)?.sender !== 'app') return answer;
    const problems = resultProblems(sending.method, answer.result);
    return problems.length > 0 ? { ...answer, problems } : answer;
  }

  preferencesChanged(preferences: readonly { id: string; value: PreferenceValue }[]): void {
    if (this.state === 'running') this.link?.peer.notify('preferences/changed', { preferences });
  }

  languageChanged(language: string): void {
    this._language = language;
    if (this.state === 'running') this.link?.peer.notify('language/changed', { language });
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this._onDidChangeRunnable.dispose();
  }

  protected sendInitialize(running: ProgramProcess) {
    const offered = { protocols: [...PROTOCOLS_OFFERED], language: this._language, dataFolder: this.tool.cwd };
    return sendInitializeFirst(running.peer, offered, this.limits.initializeMs);
  }

  protected judgeInitialize(result: unknown): InitializeVerdict {
    return judgeInitializeAnswer(result);
  }

  protected override attach(running: ProgramProcess): void {
    this.notices.attach(running.peer);
  }

  protected handleRequest(method: string, params: unknown): unknown {
    return this.tool.handleRequest(method, params);
  }

  protected override accepted(running: ProgramProcess): void {
    this.link = running;
    running.peer.releaseOutput();
  }

  protected override detached(): void {
    this.link = undefined;
    this.notices.reset();
  }
}
