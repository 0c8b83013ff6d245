// The host core behind HostApi, one per app: the list of entries (tools and Skwir plugins) and its
// changes, one at a time, the service broker and preference storage for tools, the plugin calls,
// what the window is shown of the services (services-shown.ts) and the commands' use and
// shortcuts (entry-commands.ts). Each request goes to the entry it names, or to the part
// that answers it.
import { join } from 'node:path';
import type {
  CommandOutcome,
  HandAnswer,
  HandCheck,
  HandMessage,
  HostApi,
  HostCoreApi,
  HostEvent,
  HostInfo,
  InstallReplaces,
  InstallVerdict,
  PreferenceValue,
  Result,
  ShortcutVerdict,
  RecordingAnswer,
  TraceRead,
} from '../../src-shared/host-api';
import { isLanguageTag } from '../../src-shared/language-tag';
import { Emitter } from '../../src-shared/lifecycle';
import type { CallMethod } from '../../src-shared/skwir/methods';
import type { FileSelectionSource, Platform } from '../platform/platform';
import { SimulatedPlatform } from '../platform/simulated';
import { appVersion } from '../app-version';
import { ServiceBroker } from './tools/broker';
import { clipped } from './wire/detached';
import { EntryList } from './entries/entry-list';
import { ListChanges } from './entries/list-changes';
import { NewEntries, type EntryOptions } from './entries/new-entries';
import { handCheck, recordingOf, sendByHand } from './entries/entry-bench';
import { HostedPlugin } from './entries/hosted-plugin';
import type { HostedTool } from './entries/hosted-tool';
import { notInstalled, unavailable } from './process/reasons';
import { PluginCache } from './plugins/plugin-cache';
import { ConvertedFiles } from './plugins/converted-files';
import { judgeGivenFile } from './plugins/given-file';
import { PluginRequests } from './plugins/plugin-requests';
import type { CallOutcome, CallRequest } from './plugins/plugin-supervisor';
import { ToolRegistry } from './installs/registry';
import { makeOwnFolder } from './files/own-files';
import type { ShortcutKeys } from './records/command-shortcuts';
import { EntryCommands } from './entry-commands';
import { ServicesShown } from './services-shown';
import { PreferenceStore, type SecretEncryptor } from './tools/storage';

export interface HostOptions extends EntryOptions {
  platform: Platform;
  services: 'simulated' | 'system';
  language?: string;
  /** How secrets are kept (Electron's safeStorage in the app); plain text by default. */
  encryptor?: SecretEncryptor;
  /**
   * Where the commands' global shortcuts are registered (Electron's globalShortcut in the app). By
   * default the simulated platform's, which records them; with another platform, kept but registered nowhere.
   */
  shortcutKeys?: ShortcutKeys;
  /** The files the person selected (the Finder's on macOS). By default the simulated platform's, or none. */
  fileSelection?: FileSelectionSource;
  /** What a recording says wrote it (`vitruvian-tool run 0.1.0`); the app by default. */
  recordedBy?: string;
}

/** Shortcuts kept and listed, registered nowhere: a host given no way to register them. */
const unregisteredKeys: ShortcutKeys = { registerShortcut: () => true, unregisterShortcut: () => undefined };

export interface Host extends HostCoreApi {
  /**
   * Load a tool's or plugin's folder in place (test bed), without copying it; re-validated on reload(). A folder
   * refused is listed all the same, refused with its problems, and never started.
   */
  loadInPlace(folder: string): Promise<InstallVerdict>;
  /** Re-read a folder loaded in place after its files changed (loads it when it is not yet). */
  reload(folder: string): Promise<InstallVerdict>;
  /** Start a tool or plugin now, whatever its start; resolves once it answered initialize or failed to. */
  start(toolId: string): Promise<Result>;
  /**
   * Asks a Skwir plugin one call about files (given by path), queued behind its others; the params
   * were judged by askProblems. Resolves with the checked answer (defaults filled) or why there is none.
   */
  callPlugin<M extends CallMethod>(pluginId: string, request: CallRequest<M>): Promise<CallOutcome<M>>;
  /** The converted files the window is shown by URL: what the test bed's route and the app's protocol serve. */
  readonly converted: ConvertedFiles;
  /** Stop every tool and plugin by the stop sequence and release everything. */
  dispose(): Promise<void>;
}

export { appVersion };

export async function createHost(options: HostOptions): Promise<Host> {
  await makeOwnFolder(options.dataFolder);
  const host = new HostCore(options);
  await host.open();
  return host;
}

class HostCore implements Host {
  private readonly events = new Emitter<HostEvent>();
  private readonly entries = new EntryList((event) => this.events.fire(event));
  private readonly changes: ListChanges;
  private readonly store: PreferenceStore;
  private readonly broker: ServiceBroker<HostedTool>;
  private readonly pluginCalls: PluginRequests;
  readonly converted: ConvertedFiles;
  private readonly registry: ToolRegistry;
  private readonly shown: ServicesShown;
  private readonly commands: EntryCommands;
  private language: string;
  private disposed = false;

  constructor(private readonly options: HostOptions) {
    this.language = options.language ?? 'en';
    const registry = new ToolRegistry(options.dataFolder);
    this.registry = registry;
    this.store = new PreferenceStore(options.dataFolder, options.encryptor);
    this.broker = new ServiceBroker({
      platform: options.platform,
      preferencesOf: (id) => this.store.open(id),
      toolOfProcess: (pid) => this.entries.ownerOf(pid),
    });
    const simulated = options.services === 'simulated';
    const simulatedPlatform = options.platform instanceof SimulatedPlatform ? options.platform : undefined;
    this.commands = new EntryCommands(options.dataFolder, options.shortcutKeys ?? simulatedPlatform ?? unregisteredKeys, this.entries, (entryId, command) =>
      this.events.fire({ type: 'shortcutPressed', entryId, command }),
    );
    this.shown = new ServicesShown(options, this.entries, (event) => this.events.fire(event));
    this.broker.onDidCallPlatform(({ toolId, method, params, result }) => simulated && this.shown.record(toolId, method, params, result));
    const cache = new PluginCache(join(options.dataFolder, 'cache'));
    this.converted = new ConvertedFiles(join(options.dataFolder, 'converted'));
    this.pluginCalls = new PluginRequests({
      converted: this.converted,
      plugin: (pluginId) => {
        const plugin = this.entries.plugin(pluginId);
        return plugin instanceof HostedPlugin ? plugin : plugin.message;
      },
      cache,
      platform: options.platform,
      simulated,
      recordStep: (pluginId, step) => this.shown.record(pluginId, `plan/${step.op}`, { ...step }, {}),
      putOnClipboard: (pluginId, text) => this.shown.putOnClipboard(pluginId, text),
    });
    const make = new NewEntries(options, {
      registry,
      store: this.store,
      language: () => this.language,
      handleRequest: (asking, method, params) => this.broker.handle(asking, method, params),
      tell: (event) => this.events.fire(event),
      recording: {
        services: options.services,
        clipboard: () => (simulated && options.platform instanceof SimulatedPlatform ? options.platform.clipboardText : undefined),
      },
    });
    this.changes = new ListChanges(this.entries, make, { registry, store: this.store, cache, forgetCommands: (id) => this.commands.forget(id) });
    this.broker.onDidStore(({ toolId }) => this.entries.get(toolId)?.changed());
    // A refusal is also a warning in the tool's log, naming the method and why, where the author
    // looks first (and `run` prints it). A service that broke (-32603) is logged from onDidFail.
    this.broker.onDidRefuse(({ tool, method, error }) =>
      tool.log.appendHost({ code: 'requestRefused', method: clipped(method, 100, ''), errorCode: error.code, reason: error.message }),
    );
    this.broker.onDidFail(({ toolId, method, error }) =>
      this.entries.get(toolId)?.log.appendHost({ code: 'serviceBroke', method, problem: error instanceof Error ? error.message : String(error) }),
    );
  }

  async open(): Promise<void> {
    await this.commands.load();
    await this.changes.open();
    // Loose copies left by a host that did not stop (their tokens went with it).
    await this.converted.clearLoose();
  }

  // ---- HostApi ----

  async info(): Promise<HostInfo> {
    return { language: this.language, services: this.options.services, platform: this.options.platform.name, version: appVersion };
  }

  async listTools() {
    return this.entries.all().map((entry) => entry.summary());
  }

  installFolder(folder: string): Promise<InstallVerdict> {
    return this.changes.installFolder(folder);
  }

  installReplaces(folder: string): Promise<InstallReplaces | null> {
    return this.registry.replacedBy(folder);
  }

  loadInPlace(folder: string): Promise<InstallVerdict> {
    return this.changes.loadInPlace(folder);
  }

  reload(folder: string): Promise<InstallVerdict> {
    return this.changes.reload(folder);
  }

  uninstall(toolId: string): Promise<Result> {
    return this.changes.uninstall(toolId);
  }

  // A plugin's calls from the window, each answered by the plugin calls.
  readonly askField: HostApi['askField'] = (...args) => this.pluginCalls.field(...args);
  readonly askThumbnail: HostApi['askThumbnail'] = (...args) => this.pluginCalls.thumbnail(...args);
  readonly inspect: HostApi['inspect'] = (...args) => this.pluginCalls.inspect(...args);
  readonly convert: HostApi['convert'] = (...args) => this.pluginCalls.convert(...args);
  readonly releaseConverted: HostApi['releaseConverted'] = (token) => this.pluginCalls.releaseConverted(token);
  readonly page: HostApi['page'] = (...args) => this.pluginCalls.page(...args);
  readonly runPluginCommand: HostApi['runPluginCommand'] = async (...args) => {
    const [pluginId, , command] = args;
    this.commands.noteUse(pluginId, command);
    return this.pluginCalls.command(...args);
  };
  readonly applyPlan: HostApi['applyPlan'] = (planId) => this.pluginCalls.applyPlan(planId);
  readonly cancelCall: HostApi['cancelCall'] = async (callId) => this.pluginCalls.cancel(callId);
  readonly judgeFile: HostApi['judgeFile'] = async (path) => judgeGivenFile(path);

  async callProgress(callId: string) {
    return this.pluginCalls.progress(callId);
  }

  forgetAnswers(pluginId: string, path: string): Promise<Result> {
    return this.pluginCalls.forget(pluginId, path);
  }

  async runCommand(toolId: string, commandId: string): Promise<CommandOutcome> {
    const tool = this.entries.get(toolId);
    if (!tool) return unavailable({ code: 'notInstalled', toolId });
    if (tool.kind === 'plugin') return unavailable({ code: 'unknownCommand', command: commandId });
    this.commands.noteUse(toolId, commandId);
    return tool.runCommand(commandId);
  }

  sendMessage(entryId: string, message: HandMessage, anyway: boolean): Promise<HandAnswer> {
    return sendByHand(this.entries.get(entryId), entryId, message, anyway);
  }

  checkMessage(entryId: string, message: HandMessage): Promise<HandCheck> {
    return Promise.resolve(handCheck(this.entries.get(entryId), entryId, message));
  }

  readRecording(entryId: string): Promise<RecordingAnswer> {
    return recordingOf(this.entries.get(entryId), entryId, this.options.recordedBy ?? `Vitruvian ${appVersion}`);
  }

  async callPlugin<M extends CallMethod>(pluginId: string, request: CallRequest<M>): Promise<CallOutcome<M>> {
    const plugin = this.entries.plugin(pluginId);
    return plugin instanceof HostedPlugin ? plugin.call(request) : { ms: 0, ...plugin };
  }

  async setPreference(toolId: string, preferenceId: string, value: PreferenceValue): Promise<Result> {
    const tool = this.entries.get(toolId);
    if (!tool) return notInstalled(toolId);
    if (tool.kind === 'plugin')
      return { ok: false, problem: `"${toolId}" is a Skwir plugin: it has no preferences`, problemCode: { code: 'unknownPreference', id: preferenceId } };
    if (tool.kind === 'refused') return { ok: false, problem: tool.stateReason, problemCode: tool.stateReasonCode };
    return tool.setPreference(preferenceId, value);
  }

  async readLog(toolId: string) {
    return this.entries.get(toolId)?.log.lines() ?? [];
  }

  clearLog(toolId: string): Promise<Result> {
    return this.entries.act(toolId, (entry) => entry.log.clear());
  }

  async readTrace(toolId: string): Promise<TraceRead> {
    return this.entries.get(toolId)?.trace.read() ?? { lines: [], dropped: 0 };
  }

  clearTrace(toolId: string): Promise<Result> {
    return this.entries.act(toolId, (entry) => entry.trace.clear());
  }

  async readServiceCalls() {
    return this.shown.list();
  }

  async start(toolId: string): Promise<Result> {
    return this.entries.untilRunning(toolId, (entry) => entry.start());
  }

  async restart(toolId: string): Promise<Result> {
    return this.entries.untilRunning(toolId, (entry) => entry.restart());
  }

  stop(toolId: string): Promise<Result> {
    return this.entries.act(toolId, (entry) => entry.stop());
  }

  async setLanguage(language: string): Promise<Result> {
    if (!isLanguageTag(language)) return { ok: false, problem: `language: ${JSON.stringify(language)} is not a language tag such as en or fr` };
    if (language === this.language) return { ok: true };
    this.language = language;
    for (const entry of this.entries.all()) entry.languageChanged(language);
    this.events.fire({ type: 'language', language });
    return { ok: true };
  }

  async setSimulatedClipboard(text: string): Promise<Result> {
    return this.shown.setSimulatedClipboard(text);
  }

  async readSimulatedClipboard() {
    return this.shown.readSimulatedClipboard();
  }

  async commandUsage() {
    return this.commands.usageList();
  }

  async commandShortcuts() {
    return this.commands.shortcutList();
  }

  setCommandShortcut(entryId: string, command: string, accelerator: string | null): Promise<ShortcutVerdict> {
    return this.commands.setShortcut(entryId, command, accelerator);
  }

  fileSelection() {
    return this.shown.fileSelection();
  }

  async setSimulatedSelection(paths: string[]): Promise<Result> {
    return this.shown.setSimulatedSelection(paths);
  }

  subscribe(listener: (event: HostEvent) => void) {
    return this.events.event(listener);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.changes.close();
    await this.commands.close();
    const entries = this.entries.all();
    await Promise.all(entries.map((entry) => entry.dispose()));
    await Promise.all(entries.map((entry) => entry.log.dispose()));
    this.broker.dispose();
    this.shown.dispose();
    this.events.dispose();
    await this.converted.dispose();
  }
}
