// What a hosted tool and a hosted plugin share: a registry entry, the supervisor that runs it, its log
// and trace, and the problems of a folder loaded in place that failed its reload. A new entry
// (reinstall, reload) replaces the supervisor but keeps the log and the trace; a refused entry's
// supervisor is stopped, and stays so until a reload finds the folder valid again.
import type { EntrySummary, HostLogCode, LogLevel, LogSource, StateReasonCode, ToolState } from '../../../src-shared/host-api';
import { DisposableStore, Emitter } from '../../../src-shared/lifecycle';
import type { Supervised } from '../process/supervised';
import { reasonText } from '../process/reasons';
import type { RegistryEntry } from '../installs/registry';
import type { ToolLog } from '../records/logs';
import type { ToolTrace } from '../records/trace';
import { logRefusal, refusal, type HostedEntry } from './hosted-entry';

/** What the host gives every supervised entry. */
export interface EntryContext {
  /** Every line on its link, both ways, uncut (the CLI's --trace). */
  onWire?(direction: 'toTool' | 'fromTool', text: string): void;
}

export abstract class SupervisedEntry<Entry extends RegistryEntry, Runs extends Supervised, Context extends EntryContext> implements HostedEntry {
  abstract readonly kind: Entry['kind'];
  private readonly _onDidChange = new Emitter<void>();
  readonly onDidChange = this._onDidChange.event;

  installed = true;
  protected supervisor: Runs;
  /** What is listened to on the supervisor: let go of with it. */
  private supervisorEvents = new DisposableStore();
  /** Set while a folder loaded in place is refused: the problems its last load found. */
  protected problems: string[] | undefined;

  constructor(
    protected entry: Entry,
    readonly log: ToolLog,
    readonly trace: ToolTrace,
    protected readonly context: Context,
  ) {
    this.supervisor = this.supervise(entry);
  }

  /**
   * A supervisor for an entry; what more the kind listens to on it goes in `events`. Called from the
   * constructor: it may read the entry, the log, the trace and the context, and nothing of the kind's own.
   */
  protected abstract createSupervisor(entry: Entry, events: DisposableStore): Runs;
  abstract startIfLaunch(): void;
  abstract languageChanged(language: string): void;
  abstract summary(): EntrySummary;

  get id(): string {
    return this.entry.id;
  }
  /** Listed only once it was valid: a folder refused at its first load is a HostedRefusal. */
  get refusedFolder(): undefined {
    return undefined;
  }
  get folder(): string {
    return this.entry.folder;
  }
  get loadedInPlace(): boolean {
    return this.entry.loadedInPlace;
  }
  get state(): ToolState {
    return this.problems ? 'refused' : this.supervisor.state;
  }
  get stateReasonCode(): StateReasonCode | undefined {
    return this.problems ? refusal(this.problems) : this.supervisor.stateReasonCode;
  }
  get stateReason(): string | undefined {
    return this.problems ? reasonText(refusal(this.problems), this.kind) : this.supervisor.stateReason;
  }
  get processes(): readonly number[] {
    return this.supervisor.processes;
  }

  // A refused entry has nothing to start.
  start(): Promise<void> {
    return this.problems ? Promise.resolve() : this.supervisor.start();
  }
  restart(): Promise<void> {
    return this.problems ? Promise.resolve() : this.supervisor.restart();
  }
  stop(): Promise<void> {
    return this.supervisor.stop();
  }

  /** Takes a new entry (reinstall, reload): the old supervisor is stopped, a new one made. */
  async replace(entry: Entry): Promise<void> {
    await this.letGoOfSupervisor();
    this.entry = entry;
    this.problems = undefined;
    this.entryReplaced();
    this.supervisor = this.supervise(entry);
    this.changed();
  }

  /** What else the kind forgets of the entry it had. */
  protected entryReplaced(): void {}

  async refuse(problems: string[]): Promise<void> {
    await this.supervisor.stop();
    this.problems = problems;
    logRefusal(this.log, problems);
    this.changed();
  }

  changed(): void {
    this._onDidChange.fire();
  }

  /** Stops the supervisor by the stop sequence; the log and the trace stay. */
  async dispose(): Promise<void> {
    await this.letGoOfSupervisor();
    this._onDidChange.dispose();
  }

  /** Where the supervisor's log lines go. */
  protected appendLog(level: LogLevel, source: LogSource, message: string, code?: HostLogCode): void {
    this.log.append(level, source, message, code);
  }

  /** Where the supervisor's lines on the wire go: the trace, and whoever watches the wire. */
  protected appendTrace(direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object): void {
    this.trace.append(direction, text, method, sent);
    this.context.onWire?.(direction, text);
  }

  private supervise(entry: Entry): Runs {
    this.supervisorEvents = new DisposableStore();
    const supervisor = this.createSupervisor(entry, this.supervisorEvents);
    this.supervisorEvents.add(supervisor.onDidChangeState(() => this.changed()));
    return supervisor;
  }

  private async letGoOfSupervisor(): Promise<void> {
    this.supervisorEvents.dispose();
    await this.supervisor.dispose();
  }
}
