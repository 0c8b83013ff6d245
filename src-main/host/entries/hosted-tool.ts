// One tool as the host holds it: its registry entry, its supervisor (ToolSupervisor), its log, trace
// and preference values, and the summary the window shows. A new entry (reinstall, reload) replaces
// the supervisor but keeps the log, the trace and the values. A folder loaded in place that fails a
// reload is stopped and refused until it passes again; one refused at its very first load is never
// a HostedTool (see hosted-refusal.ts).
import type { CommandOutcome, PreferenceInfo, PreferenceValue, StateReasonCode, ToolState, ToolSummary } from '../../../src-shared/host-api';
import { Emitter, type Disposable } from '../../../src-shared/lifecycle';
import type { BrokerTool } from '../tools/broker';
import type { ToolLog } from '../records/logs';
import { reasonText, unavailable } from '../process/reasons';
import type { ToolEntry } from '../installs/registry';
import type { ToolPreferences } from '../tools/storage';
import { ToolSupervisor } from '../tools/tool-supervisor';
import type { ToolTrace } from '../records/trace';

export interface HostedToolContext {
  /** The tool's data folder (its working directory). */
  dataFolder: string;
  language(): string;
  /** The answer, or a promise of it (see ServiceBroker.handle). */
  handleRequest(tool: HostedTool, method: string, params: unknown): unknown;
  onWire?(direction: 'toTool' | 'fromTool', text: string): void;
}

export class HostedTool implements BrokerTool {
  readonly kind = 'tool';
  private readonly _onDidChange = new Emitter<void>();
  /** The summary changed: state, runnable, values, the entry. */
  readonly onDidChange = this._onDidChange.event;

  /** False once uninstalled: its requests are refused with -32002 while it stops. */
  installed = true;
  private process: ToolSupervisor;
  private processEvents: Disposable[] = [];
  /** Set while a folder loaded in place is refused: the problems its last load found. */
  private problems: string[] | undefined;

  constructor(
    private entry: ToolEntry,
    readonly log: ToolLog,
    readonly trace: ToolTrace,
    readonly values: ToolPreferences,
    private readonly context: HostedToolContext,
  ) {
    // The trace, the log and the services panel never show a secret's value; the tool still gets the value itself.
    trace.maskSecrets(
      () => this.secretPreferences().map((p) => p.id),
      () => this.secretTexts(),
    );
    log.maskSecrets(() => this.secretTexts());
    this.process = this.createProcess(entry);
  }

  get id(): string {
    return this.entry.id;
  }
  /** The texts its secret preferences hold now: hidden wherever the host shows what the tool did. */
  secretTexts(): string[] {
    return this.secretPreferences().flatMap((pref) => {
      const value = this.values.get(pref);
      return typeof value === 'string' && value !== '' ? [value] : [];
    });
  }
  private secretPreferences() {
    return (this.entry.manifest.preferences ?? []).filter((p) => p.kind === 'secret');
  }
  /** A folder refused at its first load is a HostedRefusal, never this. */
  get refusedFolder(): undefined {
    return undefined;
  }
  get uses(): readonly string[] {
    return this.entry.manifest.uses ?? [];
  }
  get preferences(): PreferenceInfo[] {
    return (this.entry.manifest.preferences ?? []).map((p) => {
      const info: PreferenceInfo = { id: p.id, kind: p.kind };
      if (p.title) info.title = p.title;
      if (p.default !== undefined) info.default = p.default;
      if (p.options) info.options = p.options.map((o) => ({ value: o.value, title: o.title }));
      for (const bound of ['minimum', 'maximum', 'whole', 'format'] as const) if (p[bound] !== undefined) Object.assign(info, { [bound]: p[bound] });
      return info;
    });
  }
  get startMode(): 'launch' | 'demand' {
    return this.entry.manifest.runtime.start ?? 'launch';
  }
  get state(): ToolState {
    return this.problems ? 'refused' : this.process.state;
  }
  /** The tool's process first, then the descendants seen so far. */
  get processes(): readonly number[] {
    return this.process.processes;
  }
  get stateReason(): string | undefined {
    return this.problems ? reasonText(this.refusal(this.problems)) : this.process.stateReason;
  }
  get stateReasonCode(): StateReasonCode | undefined {
    return this.problems ? this.refusal(this.problems) : this.process.stateReasonCode;
  }
  get folder(): string {
    return this.entry.folder;
  }
  get loadedInPlace(): boolean {
    return this.entry.loadedInPlace;
  }

  // What the supervisor does; a refused tool has nothing to start, run or tell.

  start(): Promise<void> {
    return this.problems ? Promise.resolve() : this.process.start();
  }
  restart(): Promise<void> {
    return this.problems ? Promise.resolve() : this.process.restart();
  }
  async stop(): Promise<void> {
    await this.process.stop();
  }
  async runCommand(commandId: string): Promise<CommandOutcome> {
    if (this.problems) return unavailable(this.refusal(this.problems));
    return this.process.runCommand(commandId);
  }
  preferencesChanged(preferences: readonly { id: string; value: PreferenceValue }[]): void {
    this.process.preferencesChanged(preferences);
  }
  languageChanged(language: string): void {
    this.process.languageChanged(language);
  }

  summary(): ToolSummary {
    const { manifest } = this.entry;
    const preferences = this.preferences;
    const values: Record<string, PreferenceValue> = {};
    for (const pref of preferences) if (pref.title && pref.kind !== 'secret') values[pref.id] = this.values.get(pref);
    const summary: ToolSummary = {
      kind: 'tool',
      id: manifest.id,
      name: manifest.name,
      version: manifest.version,
      publisher: manifest.publisher,
      uses: [...this.uses],
      commands: (manifest.commands ?? []).map((c) => ({ id: c.id, title: c.title, surfaces: c.surfaces ?? ['window'] })),
      preferences,
      values,
      secretsSet: preferences.filter((p) => p.kind === 'secret' && this.values.has(p)).map((p) => p.id),
      state: this.state,
      runnable: this.problems ? [] : [...this.process.runnable],
      folder: this.entry.folder,
      loadedInPlace: this.entry.loadedInPlace,
      start: this.startMode,
    };
    if (manifest.description) summary.description = manifest.description;
    this.addReason(summary);
    if (this.problems) summary.problems = [...this.problems];
    if (this.entry.warnings?.length) summary.warnings = [...this.entry.warnings];
    return summary;
  }

  /** Starts a launch tool (demand tools start on their first command). */
  startIfLaunch(): void {
    if (this.startMode === 'launch' && !this.problems) void this.process.start();
  }

  /** Takes a new entry (reinstall, reload): the old process is stopped, a new one made. */
  async replace(entry: ToolEntry): Promise<void> {
    await this.stopProcess();
    this.entry = entry;
    this.problems = undefined;
    this.process = this.createProcess(entry);
    this.changed();
  }

  /** A folder loaded in place failed its reload: stopped, and refused until it passes again. */
  async refuse(problems: string[]): Promise<void> {
    await this.process.stop();
    this.problems = problems;
    this.log.appendHost({ code: 'folderRefused', problems });
    this.changed();
  }

  changed(): void {
    this._onDidChange.fire();
  }

  /** Stops the process by the stop sequence; the log and the values stay. */
  async dispose(): Promise<void> {
    await this.stopProcess();
    this._onDidChange.dispose();
  }

  private async stopProcess(): Promise<void> {
    for (const subscription of this.processEvents) subscription.dispose();
    this.processEvents = [];
    await this.process.dispose();
  }

  private refusal(problems: string[]): StateReasonCode {
    return { code: 'refused', problem: problems[0] ?? 'unknown problem' };
  }

  private addReason(summary: ToolSummary): void {
    const reason = this.stateReason;
    if (reason !== undefined) summary.stateReason = reason;
    const code = this.stateReasonCode;
    if (code !== undefined) summary.stateReasonCode = code;
  }

  private createProcess(entry: ToolEntry): ToolSupervisor {
    const { manifest } = entry;
    const process = new ToolSupervisor({
      toolId: manifest.id,
      execPath: entry.execPath,
      args: manifest.runtime.args ?? [],
      cwd: this.context.dataFolder,
      language: this.context.language(),
      commandIds: (manifest.commands ?? []).map((c) => c.id),
      start: this.startMode,
      handleRequest: (method, params) => this.context.handleRequest(this, method, params),
      onLog: (level, source, message, code) => this.log.append(level, source, message, code),
      onTrace: (direction, text, method, sent) => {
        this.trace.append(direction, text, method, sent);
        this.context.onWire?.(direction, text);
      },
    });
    this.processEvents = [process.onDidChangeState(() => this.changed()), process.onDidChangeRunnable(() => this.changed())];
    return process;
  }
}
