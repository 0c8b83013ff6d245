// One Skwir plugin as the host holds it: what every supervised entry has (supervised-entry.ts), with
// its supervisor a PluginSupervisor for a program or a ModulePlugin for a component (one surface,
// CallablePlugin), what it was granted, and the summary the window shows. Calls are a plugin's own.
import type { HandAnswer, PluginDetails, PluginSummary } from '../../../src-shared/host-api';
import type { SessionInputs } from '../../../src-shared/recording/record-lines';
import type { HandSending } from '../process/hand-sent';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { Capability } from '../../../src-shared/skwir/types';
import { folderDigest } from '../installs/folder-digest';
import { ModulePlugin } from '../plugins/module/module-plugin';
import type { CallablePlugin } from '../plugins/plugin-calls';
import { PluginSupervisor, type CallOutcome, type CallRequest, type PluginLimits } from '../plugins/plugin-supervisor';
import { reasonText } from '../process/reasons';
import type { PluginEntry } from '../installs/registry';
import { commonSummary, refusal } from './hosted-entry';
import { SupervisedEntry, type EntryContext } from './supervised-entry';

export interface HostedPluginContext extends EntryContext {
  /** The plugin's data folder (its working directory). */
  dataFolder: string;
  /** The host's own folder for a module's transpiled component: never inside a plugin's data or cache folder, which other plugins can reach. */
  transpileFolder: string;
  limits?: Partial<PluginLimits>;
  /** What it is granted, when less than its manifest asks; all it asks by default. */
  granted?: readonly Capability[];
}

export class HostedPlugin extends SupervisedEntry<PluginEntry, CallablePlugin, HostedPluginContext> {
  readonly kind = 'plugin';
  /** What the folder of this entry holds (folder-digest.ts), read when first asked. */
  private digest: Promise<string | undefined> | undefined;

  get manifest() {
    return this.entry.manifest;
  }
  /** What it was granted: all its manifest asks for, unless the host was told less. */
  get granted(): readonly Capability[] {
    return this.context.granted ?? this.entry.manifest.capabilities;
  }

  /** This installed copy, by what its folder holds: what it answered is kept under it. Undefined when it cannot be told (over an install's limits). */
  copyDigest(): Promise<string | undefined> {
    this.digest ??= folderDigest(this.entry.folder);
    return this.digest;
  }

  protected get recordingKind() {
    return { dialect: 'skwir', transport: this.entry.manifest.transport.kind } as const;
  }

  /** Plugins start on their first call. */
  startIfLaunch(): void {}
  /** Skwir plugins are told no language. */
  languageChanged(): void {}

  /** A call, queued behind the plugin's others; a refused or uninstalled plugin answers at once. */
  async call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>> {
    if (!this.installed) return { ms: 0, outcome: 'unavailable', message: `the plugin "${this.id}" is not installed` };
    if (this.problems) {
      const reason = refusal(this.problems);
      return { ms: 0, outcome: 'unavailable', message: reasonText(reason, 'plugin'), reasonCode: reason };
    }
    return this.supervisor.call(request);
  }

  /** A message sent by hand, judged already (or sent anyway), in its turn behind the calls before it. */
  async sendByHand(sending: HandSending, files: readonly string[]): Promise<HandAnswer> {
    if (!this.installed) return { outcome: 'unavailable', message: `the plugin "${this.id}" is not installed` };
    if (this.problems) return { outcome: 'unavailable', message: reasonText(refusal(this.problems), 'plugin') };
    return this.supervisor.sendByHand(sending, files);
  }

  protected sessionInputs(): Omit<SessionInputs, 'services' | 'clipboard'> {
    return { capabilities: [...this.granted] };
  }

  summary(): PluginSummary {
    const { manifest } = this.entry;
    const plugin: PluginDetails = {
      api: manifest.api,
      transport: manifest.transport.kind,
      capabilities: [...this.granted],
      fields: manifest.fields.map((field) => ({ ...field })),
      previews: manifest.previews.map((preview) => ({ ...preview })),
      commands: manifest.commands.map((command) => ({ ...command })),
    };
    const description = manifest.description ? { en: manifest.description } : undefined;
    return {
      kind: 'plugin',
      plugin,
      ...commonSummary(this, { name: { en: manifest.name }, version: manifest.version, description, problems: this.problems, warnings: this.entry.warnings }),
    };
  }

  protected override entryReplaced(): void {
    this.digest = undefined;
  }

  protected createSupervisor(entry: PluginEntry): CallablePlugin {
    const { transport, capabilities } = entry.manifest;
    const common = {
      granted: this.context.granted ?? capabilities,
      version: entry.manifest.version,
      onLog: this.appendLog.bind(this),
      onTrace: this.appendTrace.bind(this),
      ...(this.context.limits ? { limits: this.context.limits } : {}),
    };
    return transport.kind === 'module'
      ? new ModulePlugin({ ...common, wasmPath: entry.entryPath, transpileFolder: this.context.transpileFolder })
      : new PluginSupervisor({ ...common, execPath: entry.entryPath, args: transport.args, cwd: this.context.dataFolder });
  }
}
