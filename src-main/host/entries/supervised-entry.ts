// What a hosted tool and a hosted plugin share: a registry entry, the supervisor that runs it, its log
// and trace, and the problems of a folder loaded in place that failed its reload. A new entry
// (reinstall, reload) replaces the supervisor but keeps the log and the trace; a refused entry's
// supervisor is stopped, and stays so until a reload finds the folder valid again.
import type { Problem } from '../../../src-shared/protocol/problem-reasons';
import type { EntrySummary, HostLogCode, LogLevel, LogSource, StateReasonCode, ToolState } from '../../../src-shared/host-api';
import type { RecordLine, SessionInputs } from '../../../src-shared/recording/record-lines';
import { DisposableStore, Emitter } from '../../../src-shared/lifecycle';
import type { Supervised } from '../process/supervised';
import { reasonText } from '../process/reasons';
import type { RegistryEntry } from '../installs/registry';
import type { ToolLog } from '../records/logs';
import type { ToolTrace } from '../records/trace';
import { SessionRecording, type RecordingAbout } from '../records/session-recording';
import { logRefusal, refusal, type HostedEntry } from './hosted-entry';

/** What the host gives every supervised entry. */
export interface EntryContext {
  /** Every line on its link, both ways, uncut (the CLI's --trace). */
  onWire?(direction: 'toTool' | 'fromTool', text: string): void;
  /** What its session recordings keep, and what of the host's they begin with; the simulated platform's by default. */
  recording?: EntryRecordingContext;
}

export interface EntryRecordingContext {
  /** Characters of lines a recording keeps (RECORDING_MAX_CHARS by default). */
  maxChars?: number;
  services: 'simulated' | 'system';
  /** What the simulated clipboard holds; undefined with the system's services. */
  clipboard(): string | null | undefined;
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
  protected problems: Problem[] | undefined;
  /** Its latest session, line by line (HostApi.readRecording). */
  readonly recording: SessionRecording;

  constructor(
    protected entry: Entry,
    readonly log: ToolLog,
    readonly trace: ToolTrace,
    protected readonly context: Context,
  ) {
    const maxChars = context.recording?.maxChars;
    this.recording = new SessionRecording(maxChars === undefined ? {} : { maxChars });
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
  /** What of its own a session begins with (a tool's language and preferences, a plugin's grants). */
  protected abstract sessionInputs(): Omit<SessionInputs, 'services' | 'clipboard'>;
  /** Its dialect and transport, for a recording's session line. */
  protected abstract readonly recordingKind: Pick<RecordingAbout, 'dialect' | 'transport'>;

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

  async refuse(problems: Problem[]): Promise<void> {
    await this.supervisor.stop();
    this.problems = problems;
    logRefusal(this.log, problems);
    this.changed();
  }

  changed(): void {
    this._onDidChange.fire();
  }

  /** Its latest session so far as a recording's lines; undefined when it has not run. `recordedBy`: what writes it. */
  async recordingLines(recordedBy: string): Promise<RecordLine[] | undefined> {
    if (!this.recording.hasSession) return undefined;
    const about: RecordingAbout = { ...this.recordingKind, id: this.id, version: this.summary().version, folder: this.folder };
    return this.recording.lines(about, recordedBy);
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

  /**
   * Where the supervisor's lines on the wire go: the trace, and whoever watches the wire. `length`:
   * the whole line's characters when `text` is only its start (a long answer whose data came as bytes).
   */
  protected appendTrace(direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object, length?: number): void {
    this.trace.append(direction, text, method, sent, length);
    this.recording.line(direction, text, method, sent, length);
    this.context.onWire?.(direction, text);
  }

  private supervise(entry: Entry): Runs {
    this.supervisorEvents = new DisposableStore();
    const supervisor = this.createSupervisor(entry, this.supervisorEvents);
    this.supervisorEvents.add(
      supervisor.onDidChangeState(({ state }) => {
        this.record(state);
        this.changed();
      }),
    );
    return supervisor;
  }

  /** A session begins with each start and ends with the process; the stop sequence is marked where it began. */
  private record(state: ToolState): void {
    if (state === 'starting') {
      const context = this.context.recording;
      const services = context?.services ?? 'simulated';
      const held = services === 'simulated' ? context?.clipboard() : undefined;
      this.recording.begin({ ...this.sessionInputs(), services, ...(held === undefined ? {} : { clipboard: held }) });
    } else if (state === 'stopping') this.recording.stop();
    else if (state !== 'running') this.recording.end();
  }

  private async letGoOfSupervisor(): Promise<void> {
    this.supervisorEvents.dispose();
    await this.supervisor.dispose();
  }
}
