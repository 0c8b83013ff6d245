// One Skwir plugin as the host holds it: its registry entry, its process (a PluginSupervisor for a
// program, a ModulePlugin for a component: one surface, CallablePlugin), its log
// and trace, and the summary the window shows. Tools and plugins share one list, and the host
// treats both through what is common here and in HostedTool; calls are a plugin's own. A new entry
// (reinstall, reload) replaces the process but keeps the log and the trace.
import type { HostLogCode, LogLevel, LogSource, PluginDetails, StateReasonCode, ToolState, ToolSummary } from '../../../src-shared/host-api';
import { Emitter, type Disposable } from '../../../src-shared/lifecycle';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { Capability } from '../../../src-shared/skwir/types';
import { folderDigest } from '../installs/folder-digest';
import type { ToolLog } from '../records/logs';
import { ModulePlugin } from '../plugins/module/module-plugin';
import type { CallablePlugin } from '../plugins/plugin-calls';
import { PluginSupervisor, type CallOutcome, type CallRequest, type PluginLimits } from '../plugins/plugin-supervisor';
import { reasonText } from '../process/reasons';
import type { PluginEntry } from '../installs/registry';
import type { ToolTrace } from '../records/trace';

export interface HostedPluginContext {
  /** The plugin's data folder (its working directory). */
  dataFolder: string;
  /** The host's own folder for a module's transpiled component: never inside a plugin's data or cache folder, which other plugins can reach. */
  transpileFolder: string;
  onWire?(direction: 'toTool' | 'fromTool', text: string): void;
  limits?: Partial<PluginLimits>;
  /** What it is granted, when less than its manifest asks; all it asks by default. */
  granted?: readonly Capability[];
}

export class HostedPlugin {
  readonly kind = 'plugin';
  private readonly _onDidChange = new Emitter<void>();
  /** The summary changed: state, the entry. */
  readonly onDidChange = this._onDidChange.event;

  /** False once uninstalled: its calls are refused while it stops. */
  installed = true;
  private process: CallablePlugin;
  private processEvents: Disposable[] = [];
  /** Set while a folder loaded in place is refused: the problems its last load found. */
  private problems: string[] | undefined;
  /** What the folder of this entry holds (folder-digest.ts), read when first asked. */
  private digest: Promise<string | undefined> | undefined;

  constructor(
    private entry: PluginEntry,
    readonly log: ToolLog,
    readonly trace: ToolTrace,
    private readonly context: HostedPluginContext,
  ) {
    this.process = this.createProcess(entry);
  }

  get id(): string {
    return this.entry.id;
  }
  /** A plugin is listed only once it was valid; a folder refused at its first load is a HostedTool. */
  get refusedFolder(): undefined {
    return undefined;
  }
  get state(): ToolState {
    return this.problems ? 'refused' : this.process.state;
  }
  get stateReasonCode(): StateReasonCode | undefined {
    return this.problems ? { code: 'refused', problem: this.problems[0] ?? 'unknown problem' } : this.process.stateReasonCode;
  }
  get stateReason(): string | undefined {
    const code = this.problems && this.stateReasonCode;
    return code ? reasonText(code, 'plugin') : this.process.stateReason;
  }
  get folder(): string {
    return this.entry.folder;
  }
  get loadedInPlace(): boolean {
    return this.entry.loadedInPlace;
  }
  get manifest() {
    return this.entry.manifest;
  }
  /** What it was granted: all its manifest asks for, unless the host was told less. */
  get granted(): readonly Capability[] {
    return this.context.granted ?? this.entry.manifest.capabilities;
  }
  /** Its process and the descendants seen, which no tool may end. */
  get processes(): readonly number[] {
    return this.process.processes;
  }

  /** This installed copy, by what its folder holds: what it answered is kept under it. Undefined when it cannot be told (over an install's limits). */
  copyDigest(): Promise<string | undefined> {
    this.digest ??= folderDigest(this.entry.folder);
    return this.digest;
  }

  start(): Promise<void> {
    return this.problems ? Promise.resolve() : this.process.start();
  }
  restart(): Promise<void> {
    return this.problems ? Promise.resolve() : this.process.restart();
  }
  stop(): Promise<void> {
    return this.process.stop();
  }
  /** Plugins start on their first call. */
  startIfLaunch(): void {}
  /** Skwir plugins are told no language. */
  languageChanged(): void {}

  /** A call, queued behind the plugin's others; a refused or uninstalled plugin answers at once. */
  async call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    if (!this.installed) return { ms: 0, outcome: 'unavailable', message: `the plugin "${this.id}" is not installed` };
    if (this.problems) {
      const reason = this.stateReasonCode!;
      return { ms: 0, outcome: 'unavailable', message: reasonText(reason, 'plugin'), reasonCode: reason };
    }
    return this.process.call(request);
  }

  summary(): ToolSummary {
    const { manifest } = this.entry;
    const plugin: PluginDetails = {
      api: manifest.api,
      transport: manifest.transport.kind,
      capabilities: [...(this.context.granted ?? manifest.capabilities)],
      fields: manifest.fields.map((field) => ({ ...field })),
      previews: manifest.previews.map((preview) => ({ ...preview })),
      commands: manifest.commands.map((command) => ({ ...command })),
    };
    const summary: ToolSummary = {
      kind: 'plugin',
      plugin,
      id: manifest.id,
      name: { en: manifest.name },
      version: manifest.version,
      publisher: { en: '' },
      uses: [],
      commands: [],
      preferences: [],
      values: {},
      secretsSet: [],
      state: this.state,
      runnable: [],
      folder: this.entry.folder,
      loadedInPlace: this.entry.loadedInPlace,
      start: 'demand',
    };
    if (manifest.description) summary.description = { en: manifest.description };
    const reason = this.stateReason;
    if (reason !== undefined) summary.stateReason = reason;
    const code = this.stateReasonCode;
    if (code !== undefined) summary.stateReasonCode = code;
    if (this.problems) summary.problems = [...this.problems];
    if (this.entry.warnings?.length) summary.warnings = [...this.entry.warnings];
    return summary;
  }

  /** Takes a new entry (reinstall, reload): the old process is stopped, a new one made. */
  async replace(entry: PluginEntry): Promise<void> {
    await this.stopProcess();
    this.entry = entry;
    this.digest = undefined;
    this.problems = undefined;
    this.process = this.createProcess(entry);
    this.changed();
  }

  /** A folder loaded in place failed its reload: stopped, and refused until it passes again. */
  async refuse(problems: string[]): Promise<void> {
    await this.process.stop();
    this.problems = problems;
    // As data, as a tool's is, so that the window words it in the person's language.
    this.log.appendHost({ code: 'folderRefused', problems });
    this.changed();
  }

  changed(): void {
    this._onDidChange.fire();
  }

  async dispose(): Promise<void> {
    await this.stopProcess();
    this._onDidChange.dispose();
  }

  private async stopProcess(): Promise<void> {
    for (const subscription of this.processEvents) subscription.dispose();
    this.processEvents = [];
    await this.process.dispose();
  }

  private createProcess(entry: PluginEntry): CallablePlugin {
    const { transport, capabilities } = entry.manifest;
    const common = {
      granted: this.context.granted ?? capabilities,
      version: entry.manifest.version,
      onLog: (level: LogLevel, source: LogSource, message: string, code?: HostLogCode) => this.log.append(level, source, message, code),
      onTrace: (direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object) => {
        this.trace.append(direction, text, method, sent);
        this.context.onWire?.(direction, text);
      },
      ...(this.context.limits ? { limits: this.context.limits } : {}),
    };
    const process: CallablePlugin =
      transport.kind === 'module'
        ? new ModulePlugin({ ...common, wasmPath: entry.entryPath, transpileFolder: this.context.transpileFolder })
        : new PluginSupervisor({ ...common, execPath: entry.entryPath, args: transport.args, cwd: this.context.dataFolder });
    this.processEvents = [process.onDidChangeState(() => this.changed())];
    return process;
  }
}
