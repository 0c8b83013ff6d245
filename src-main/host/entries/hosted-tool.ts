// One tool as the host holds it: what every supervised entry has (supervised-entry.ts), with its
// supervisor a ToolSupervisor, its preference values, and the summary the window shows. A new entry
// (reinstall, reload) keeps the values too. One refused at its very first load is never a HostedTool
// (see hosted-refusal.ts).
import type { CommandOutcome, HandAnswer, PreferenceInfo, PreferenceValue, Result, ToolSummary } from '../../../src-shared/host-api';
import type { SessionInputs } from '../../../src-shared/recording/record-lines';
import type { DisposableStore } from '../../../src-shared/lifecycle';
import type { BrokerTool } from '../tools/broker';
import type { ToolLog } from '../records/logs';
import { unavailable } from '../process/reasons';
import type { ToolEntry } from '../installs/registry';
import { PreferenceRefusal, type ToolPreferences } from '../tools/storage';
import { ToolSupervisor } from '../tools/tool-supervisor';
import { maskedSecret, type ToolTrace } from '../records/trace';
import type { HandSending } from '../process/hand-sent';
import { commonSummary, refusal } from './hosted-entry';
import { SupervisedEntry, type EntryContext } from './supervised-entry';

export interface HostedToolContext extends EntryContext {
  /** The tool's data folder (its working directory). */
  dataFolder: string;
  language(): string;
  /** The answer, or a promise of it (see ServiceBroker.handle). */
  handleRequest(tool: HostedTool, method: string, params: unknown): unknown;
}

const NO_SECRETS: readonly string[] = Object.freeze([]);

export class HostedTool extends SupervisedEntry<ToolEntry, ToolSupervisor, HostedToolContext> implements BrokerTool {
  readonly kind = 'tool';
  protected readonly recordingKind = { dialect: 'protocol1', transport: 'program' } as const;
  /** Its manifest's secret preferences, and that manifest (secretPreferences). */
  private secretsOf: { manifest: ToolEntry['manifest']; secrets: NonNullable<ToolEntry['manifest']['preferences']> } | undefined;

  constructor(
    entry: ToolEntry,
    log: ToolLog,
    trace: ToolTrace,
    readonly values: ToolPreferences,
    context: HostedToolContext,
  ) {
    super(entry, log, trace, context);
    // The trace, the log and the services panel never show a secret's value; the tool still gets the value itself.
    trace.maskSecrets(
      () => this.secretPreferences().map((p) => p.id),
      () => this.secretTexts(),
    );
    log.maskSecrets(() => this.secretTexts());
    // Nor does a session's recording.
    this.recording.maskSecrets(
      () => this.secretPreferences().map((p) => p.id),
      () => this.secretTexts(),
    );
  }

  /**
   * The texts its secret preferences hold now: hidden wherever the host shows what the tool did.
   * Asked for every line the log and the trace take (a flood of notices: twice a notice), so a
   * tool with no secret is answered without a step.
   */
  secretTexts(): readonly string[] {
    const secrets = this.secretPreferences();
    if (secrets.length === 0) return NO_SECRETS;
    return secrets.flatMap((pref) => {
      const value = this.values.get(pref);
      return typeof value === 'string' && value !== '' ? [value] : [];
    });
  }

  /** Its manifest's secret preferences, found once for each manifest (a reload brings another). */
  private secretPreferences() {
    const { manifest } = this.entry;
    if (this.secretsOf?.manifest !== manifest) this.secretsOf = { manifest, secrets: (manifest.preferences ?? []).filter((p) => p.kind === 'secret') };
    return this.secretsOf.secrets;
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

  // What the supervisor does; a refused tool has nothing to run or tell.

  async runCommand(commandId: string): Promise<CommandOutcome> {
    if (this.problems) return unavailable(refusal(this.problems));
    return this.supervisor.runCommand(commandId);
  }
  /**
   * Sets a titled preference (one with no title is the tool's own), keeps it, and tells the tool; a
   * value the preference cannot hold is refused, naming why.
   */
  async setPreference(preferenceId: string, value: PreferenceValue): Promise<Result> {
    const preferences = this.preferences;
    const pref = preferences.find((p) => p.id === preferenceId);
    if (pref && !pref.title) {
      return {
        ok: false,
        problem: `id: preference "${preferenceId}" has no title: it is the tool's own`,
        problemCode: { code: 'untitledPreference', id: preferenceId },
      };
    }
    try {
      await this.values.set(preferences, preferenceId, value);
    } catch (error) {
      if (error instanceof PreferenceRefusal) return { ok: false, problem: error.message, ...(error.problemCode && { problemCode: error.problemCode }) };
      throw error;
    }
    this.supervisor.preferencesChanged([{ id: preferenceId, value: pref ? this.values.get(pref) : value }]);
    this.changed();
    return { ok: true };
  }
  languageChanged(language: string): void {
    this.supervisor.languageChanged(language);
  }

  /** A message sent by hand, judged already (or sent anyway). */
  async sendByHand(sending: HandSending): Promise<HandAnswer> {
    if (this.problems) return { outcome: 'unavailable', message: this.stateReason ?? 'the tool was refused' };
    return this.supervisor.sendByHand(sending);
  }

  protected sessionInputs(): Omit<SessionInputs, 'services' | 'clipboard'> {
    const preferences: Record<string, PreferenceValue> = {};
    for (const pref of this.preferences) {
      const value = this.values.get(pref);
      preferences[pref.id] = pref.kind === 'secret' && value !== null && value !== '' ? maskedSecret : value;
    }
    return { language: this.supervisor.language, preferences };
  }

  summary(): ToolSummary {
    const { manifest } = this.entry;
    const preferences = this.preferences;
    const values: Record<string, PreferenceValue> = {};
    for (const pref of preferences) if (pref.title && pref.kind !== 'secret') values[pref.id] = this.values.get(pref);
    const { name, version, description } = manifest;
    return {
      kind: 'tool',
      ...commonSummary(this, { name, version, description, problems: this.problems, warnings: this.entry.warnings }),
      publisher: manifest.publisher,
      uses: [...this.uses],
      commands: (manifest.commands ?? []).map((c) => ({ id: c.id, title: c.title, surfaces: c.surfaces ?? ['window'] })),
      preferences,
      values,
      secretsSet: preferences.filter((p) => p.kind === 'secret' && this.values.has(p)).map((p) => p.id),
      runnable: this.problems ? [] : [...this.supervisor.runnable],
      start: this.startMode,
    };
  }

  /** Starts a launch tool (demand tools start on their first command). */
  startIfLaunch(): void {
    if (this.startMode === 'launch' && !this.problems) void this.supervisor.start();
  }

  protected createSupervisor(entry: ToolEntry, events: DisposableStore): ToolSupervisor {
    const { manifest } = entry;
    const supervisor = new ToolSupervisor({
      toolId: manifest.id,
      execPath: entry.execPath,
      args: manifest.runtime.args ?? [],
      cwd: this.context.dataFolder,
      language: this.context.language(),
      commandIds: (manifest.commands ?? []).map((c) => c.id),
      start: manifest.runtime.start ?? 'launch',
      handleRequest: (method, params) => this.context.handleRequest(this, method, params),
      onLog: this.appendLog.bind(this),
      onTrace: this.appendTrace.bind(this),
    });
    events.add(supervisor.onDidChangeRunnable(() => this.changed()));
    return supervisor;
  }
}
