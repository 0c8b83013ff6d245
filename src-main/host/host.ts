// The host core behind HostApi: registry + supervisors + broker + storage + logs, one of each per
// app. Changes to the list of tools (install, uninstall, load, reload) happen one at a time.
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type {
  CommandOutcome,
  HostApi,
  HostEvent,
  HostInfo,
  HostLogCode,
  InstallReplaces,
  InstallVerdict,
  PreferenceValue,
  Result,
  ServiceCall,
} from '../../src-shared/host-api';
import { isLanguageTag } from '../../src-shared/language-tag';
import { Emitter } from '../../src-shared/lifecycle';
import type { InspectRequest, PageRequest } from '../../src-shared/plugin-api';
import type { CallMethod } from '../../src-shared/skwir/methods';
import type { Capability } from '../../src-shared/skwir/types';
import { previewOfParams, SERVICE_CALLS_KEPT } from '../../src-shared/service-call-preview';
import type { Platform } from '../platform/platform';
import { SimulatedPlatform } from '../platform/simulated';
import { appVersion } from '../app-version';
import { ServiceBroker } from './tools/broker';
import { clipped } from './wire/detached';
import { HostedPlugin } from './entries/hosted-plugin';
import { HostedRefusal } from './entries/hosted-refusal';
import { HostedTool } from './entries/hosted-tool';
import { ToolLog } from './records/logs';
import { notInstalled, reasonText, unavailable } from './process/reasons';
import { readProcessEntries } from './process/process-tree';
import { readRefusedFolder, type RefusedFolder } from './installs/refused-folder';
import { PluginCache } from './plugins/plugin-cache';
import { judgeGivenFile } from './plugins/given-file';
import { PluginRequests } from './plugins/plugin-requests';
import type { CallOutcome, CallRequest, PluginLimits } from './plugins/plugin-supervisor';
import { ToolRegistry, type RegistryEntry, type RegistryVerdict } from './installs/registry';
import { makeOwnFolder } from './files/own-files';
import { PreferenceRefusal, PreferenceStore, type SecretEncryptor } from './tools/storage';
import { maskSecretValues } from './records/secret-text';
import { ToolTrace } from './records/trace';

export interface HostOptions {
  /** The app's data folder: installed tools, their data folders, preferences, logs. */
  dataFolder: string;
  platform: Platform;
  services: 'simulated' | 'system';
  language?: string;
  /** How secrets are kept (Electron's safeStorage in the app); plain text by default. */
  encryptor?: SecretEncryptor;
  /** A tool's data folder; default <dataFolder>/data/<id>. The CLI's --data gives its own. */
  toolDataFolder?: (toolId: string) => string;
  /** Every line on a tool's link, both ways, uncut (the CLI's --trace). */
  onWire?: (toolId: string, direction: 'toTool' | 'fromTool', text: string) => void;
  /** Skwir plugins' limits (the CLI's --timeout); docs/design/skwir.md's by default. */
  pluginLimits?: Partial<PluginLimits>;
  /**
   * What a plugin is granted, when less than its manifest asks (the CLI's --capability, to try a
   * refusal); by default all it asks for.
   */
  grants?: (pluginId: string) => readonly Capability[] | undefined;
}

/** What the host holds for each entry of its list: a tool, a Skwir plugin, or a folder refused at its first load. */
type Hosted = HostedTool | HostedPlugin | HostedRefusal;

export interface Host extends HostApi {
  /**
   * Load a tool folder in place (test bed), without copying it; re-validated on reload(). A folder
   * refused is listed all the same, refused with its problems, and never started.
   */
  loadInPlace(folder: string): Promise<InstallVerdict>;
  /** Re-read a folder loaded in place after its files changed (loads it when it is not yet). */
  reload(folder: string): Promise<InstallVerdict>;
  /** Start a tool now, whatever its start; resolves once it answered initialize or failed to. */
  start(toolId: string): Promise<Result>;
  /**
   * Asks a Skwir plugin one call about files (given by path), queued behind its others; the params
   * were judged by askProblems. Resolves with the checked answer (defaults filled) or why there is none.
   */
  callPlugin<M extends CallMethod>(pluginId: string, request: CallRequest<M>): Promise<CallOutcome<M>>;
  /** Stop every tool by the stop sequence and release everything. */
  dispose(): Promise<void>;
}

export { appVersion };

type LoadedHow = Extract<HostLogCode, { code: 'loaded' }>['how'];

export async function createHost(options: HostOptions): Promise<Host> {
  await makeOwnFolder(options.dataFolder);
  const host = new ToolHost(options);
  await host.open();
  return host;
}

class ToolHost implements Host {
  private readonly events = new Emitter<HostEvent>();
  private readonly tools = new Map<string, Hosted>();
  private readonly registry: ToolRegistry;
  private readonly store: PreferenceStore;
  private readonly broker: ServiceBroker<HostedTool>;
  private readonly cache: PluginCache;
  private readonly pluginCalls: PluginRequests;
  private readonly serviceCalls: ServiceCall[] = [];
  private serviceSeq = 0;
  private language: string;
  private changes: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: HostOptions) {
    this.language = options.language ?? 'en';
    this.registry = new ToolRegistry(options.dataFolder);
    this.store = new PreferenceStore(options.dataFolder, options.encryptor);
    this.broker = new ServiceBroker({
      platform: options.platform,
      preferencesOf: (id) => this.store.open(id),
      toolOfProcess: (pid) => this.toolOfProcess(pid),
    });
    this.broker.onDidCallPlatform(({ toolId, method, params, result }) => {
      if (this.options.services === 'simulated') this.recordServiceCall(toolId, method, params, result);
    });
    this.cache = new PluginCache(join(options.dataFolder, 'cache'));
    this.pluginCalls = new PluginRequests({
      plugin: (pluginId) => {
        const plugin = this.tools.get(pluginId);
        if (!plugin) return reasonText({ code: 'notInstalled', toolId: pluginId }, 'plugin');
        if (plugin.kind === 'refused') return plugin.stateReason;
        return plugin.kind === 'plugin' ? plugin : `"${pluginId}" is a tool, not a Skwir plugin`;
      },
      cache: this.cache,
      platform: options.platform,
      simulated: options.services === 'simulated',
      recordStep: (pluginId, step) => this.recordServiceCall(pluginId, `plan/${step.op}`, { ...step }, {}),
      putOnClipboard: (pluginId, text) => this.putOnClipboard(pluginId, text),
    });
    if (options.platform instanceof SimulatedPlatform) {
      options.platform.onDidChangeClipboard((text) => this.events.fire({ type: 'clipboard', text: this.shownClipboard(text) }));
    }
    this.broker.onDidStore(({ toolId }) => this.tools.get(toolId)?.changed());
    // A refusal is also a warning in the tool's log, naming the method and why, where the author
    // looks first (and `run` prints it). A service that broke (-32603) is logged from onDidFail.
    this.broker.onDidRefuse(({ tool, method, error }) =>
      tool.log.appendHost({ code: 'requestRefused', method: clipped(method, 100, ''), errorCode: error.code, reason: error.message }),
    );
    this.broker.onDidFail(({ toolId, method, error }) =>
      this.tools.get(toolId)?.log.appendHost({ code: 'serviceBroke', method, problem: error instanceof Error ? error.message : String(error) }),
    );
  }

  async open(): Promise<void> {
    await this.registry.load();
    for (const entry of this.registry.list()) (await this.add(entry)).startIfLaunch();
  }

  // ---- HostApi ----

  async info(): Promise<HostInfo> {
    return { language: this.language, services: this.options.services, platform: this.options.platform.name, version: appVersion };
  }

  async listTools() {
    return [...this.tools.values()].map((tool) => tool.summary());
  }

  installFolder(folder: string): Promise<InstallVerdict> {
    return this.change(async () => {
      const verdict = await this.registry.install(folder, async (id) => this.tools.get(id)?.stop());
      return this.settle(verdict, 'installed', folder);
    });
  }

  installReplaces(folder: string): Promise<InstallReplaces | null> {
    return this.registry.replacedBy(folder);
  }

  loadInPlace(folder: string): Promise<InstallVerdict> {
    return this.change(() => this.load(folder, 'loadedInPlace'));
  }

  reload(folder: string): Promise<InstallVerdict> {
    return this.change(() => this.load(folder, 'reloaded'));
  }

  uninstall(toolId: string): Promise<Result> {
    return this.change(async () => {
      const tool = this.tools.get(toolId);
      if (!tool) return notInstalled(toolId);
      tool.installed = false;
      const refusedFolder = tool.refusedFolder;
      await this.drop(toolId, 'remove');
      // A folder refused at its first load only leaves the list: it has nothing else of its own.
      if (refusedFolder) return { ok: true };
      await this.registry.remove(toolId);
      await this.store.remove(toolId);
      if (tool.kind === 'plugin') {
        await this.cache.forget(toolId);
        await rm(this.transpileFolderOf(toolId), { recursive: true, force: true });
      }
      return { ok: true };
    });
  }

  judgeFile(path: string) {
    return judgeGivenFile(path);
  }

  askField(pluginId: string, callId: string, path: string, key: string) {
    return this.pluginCalls.field(pluginId, callId, path, key);
  }

  askThumbnail(pluginId: string, callId: string, path: string, size: number) {
    return this.pluginCalls.thumbnail(pluginId, callId, path, size);
  }

  inspect(pluginId: string, callId: string, path: string, request: InspectRequest) {
    return this.pluginCalls.inspect(pluginId, callId, path, request);
  }

  convert(pluginId: string, callId: string, path: string) {
    return this.pluginCalls.convert(pluginId, callId, path);
  }

  page(pluginId: string, callId: string, path: string, request: PageRequest) {
    return this.pluginCalls.page(pluginId, callId, path, request);
  }

  runPluginCommand(pluginId: string, callId: string, command: string, commandArgs: unknown, paths: string[]) {
    return this.pluginCalls.command(pluginId, callId, command, commandArgs, paths);
  }

  applyPlan(planId: string) {
    return this.pluginCalls.applyPlan(planId);
  }

  async cancelCall(callId: string): Promise<Result> {
    return this.pluginCalls.cancel(callId);
  }

  async callProgress(callId: string) {
    return this.pluginCalls.progress(callId);
  }

  forgetAnswers(pluginId: string, path: string): Promise<Result> {
    return this.pluginCalls.forget(pluginId, path);
  }

  async runCommand(toolId: string, commandId: string): Promise<CommandOutcome> {
    const tool = this.tools.get(toolId);
    if (!tool) return unavailable({ code: 'notInstalled', toolId });
    if (tool.kind === 'plugin') return unavailable({ code: 'unknownCommand', command: commandId });
    return tool.runCommand(commandId);
  }

  async callPlugin<M extends CallMethod>(pluginId: string, request: CallRequest<M>): Promise<CallOutcome<M>> {
    const plugin = this.tools.get(pluginId);
    if (!plugin) {
      const why = { code: 'notInstalled', toolId: pluginId } as const;
      return { ms: 0, outcome: 'unavailable', message: reasonText(why, 'plugin'), reasonCode: why };
    }
    if (plugin.kind === 'refused') return { ms: 0, outcome: 'unavailable', message: plugin.stateReason, reasonCode: plugin.stateReasonCode };
    if (plugin.kind !== 'plugin') return { ms: 0, outcome: 'unavailable', message: `"${pluginId}" is a tool, not a Skwir plugin` };
    return plugin.call(request);
  }

  async setPreference(toolId: string, preferenceId: string, value: PreferenceValue): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return notInstalled(toolId);
    if (tool.kind === 'plugin')
      return { ok: false, problem: `"${toolId}" is a Skwir plugin: it has no preferences`, problemCode: { code: 'unknownPreference', id: preferenceId } };
    if (tool.kind === 'refused') return { ok: false, problem: tool.stateReason, problemCode: tool.stateReasonCode };
    const pref = tool.preferences.find((p) => p.id === preferenceId);
    if (pref && !pref.title) {
      return {
        ok: false,
        problem: `id: preference "${preferenceId}" has no title: it is the tool's own`,
        problemCode: { code: 'untitledPreference', id: preferenceId },
      };
    }
    try {
      await tool.values.set(tool.preferences, preferenceId, value);
    } catch (error) {
      if (error instanceof PreferenceRefusal) return { ok: false, problem: error.message, ...(error.problemCode && { problemCode: error.problemCode }) };
      throw error;
    }
    tool.preferencesChanged([{ id: preferenceId, value: pref ? tool.values.get(pref) : value }]);
    tool.changed();
    return { ok: true };
  }

  async readLog(toolId: string) {
    return this.tools.get(toolId)?.log.lines() ?? [];
  }

  async clearLog(toolId: string): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return notInstalled(toolId);
    await tool.log.clear();
    return { ok: true };
  }

  async readTrace(toolId: string) {
    return this.tools.get(toolId)?.trace.lines() ?? [];
  }

  async clearTrace(toolId: string): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return notInstalled(toolId);
    tool.trace.clear();
    return { ok: true };
  }

  async readServiceCalls() {
    return [...this.serviceCalls];
  }

  async start(toolId: string): Promise<Result> {
    return this.whenRunning(toolId, (tool) => tool.start());
  }

  async restart(toolId: string): Promise<Result> {
    return this.whenRunning(toolId, (tool) => tool.restart());
  }

  async stop(toolId: string): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return notInstalled(toolId);
    await tool.stop();
    return { ok: true };
  }

  async setLanguage(language: string): Promise<Result> {
    if (!isLanguageTag(language)) return { ok: false, problem: `language: ${JSON.stringify(language)} is not a language tag such as en or fr` };
    if (language === this.language) return { ok: true };
    this.language = language;
    for (const tool of this.tools.values()) tool.languageChanged(language);
    this.events.fire({ type: 'language', language });
    return { ok: true };
  }

  async setSimulatedClipboard(text: string): Promise<Result> {
    const { platform, services } = this.options;
    if (services !== 'simulated' || !(platform instanceof SimulatedPlatform)) {
      return { ok: false, problem: "the services are the system's: the clipboard is the real one, which the app never fills by itself" };
    }
    platform.setClipboardText(text);
    return { ok: true };
  }

  async readSimulatedClipboard() {
    const { platform, services } = this.options;
    if (services !== 'simulated' || !(platform instanceof SimulatedPlatform)) {
      return { ok: false as const, problem: "the services are the system's: the clipboard is the real one, which the window does not read" };
    }
    return { ok: true as const, text: this.shownClipboard(platform.clipboardText) };
  }

  subscribe(listener: (event: HostEvent) => void) {
    return this.events.event(listener);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.changes;
    const tools = [...this.tools.values()];
    await Promise.all(tools.map((tool) => tool.dispose()));
    await Promise.all(tools.map((tool) => tool.log.dispose()));
    this.broker.dispose();
    this.events.dispose();
  }

  // ---- inside ----

  /** The simulated clipboard as the window shows it: a tool's secret put there is hidden, as in the services panel. */
  private shownClipboard(text: string | null): string | null {
    if (text === null) return null;
    const secrets = [...this.tools.values()].flatMap((tool) => (tool.kind === 'tool' ? tool.secretTexts() : []));
    return maskSecretValues(text, secrets);
  }

  /** A plugin's text answer, put on the clipboard through the platform as a tool's clipboard/writeText is, and recorded the same way. */
  private async putOnClipboard(pluginId: string, text: string): Promise<string | undefined> {
    try {
      await this.options.platform.clipboardWriteText(text);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    if (this.options.services === 'simulated') this.recordServiceCall(pluginId, 'clipboard/writeText', { text }, {});
    return undefined;
  }

  /** A call the simulated services answered (or a plan step they recorded), for the test bed's panel. */
  private recordServiceCall(toolId: string, method: string, params: Record<string, unknown>, result: Record<string, unknown>): void {
    // A preview of the params, never the params whole: a tool may paste a MB with every request.
    // A secret the tool read and pastes is hidden there, as in its trace and its log.
    const tool = this.tools.get(toolId);
    const secrets = tool?.kind === 'tool' ? tool.secretTexts() : [];
    const call: ServiceCall = { seq: ++this.serviceSeq, time: Date.now(), toolId, method, params: maskSecretValues(previewOfParams(params), secrets) };
    if (Object.keys(result).length > 0) call.result = maskSecretValues(result, secrets);
    this.serviceCalls.push(call);
    if (this.serviceCalls.length > SERVICE_CALLS_KEPT) this.serviceCalls.shift();
    this.events.fire({ type: 'serviceCall', call });
  }

  /** One change to the list of tools at a time. */
  private change<T>(work: () => Promise<T>): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('the host is closed'));
    const next = this.changes.then(work);
    this.changes = next.catch(() => undefined);
    return next;
  }

  /**
   * Loads a folder in place, or again. A folder valid before and refused now stays listed, refused;
   * so does one refused at its first load, under what can be read of it. A valid one takes the place
   * of what stood for the folder before (another tool, or the refused folder).
   */
  private async load(folder: string, how: 'loadedInPlace' | 'reloaded'): Promise<InstallVerdict> {
    const before = this.registry.inPlace(folder);
    const verdict = await this.registry.loadInPlace(folder);
    if (!verdict.ok) {
      if (before) await this.tools.get(before.id)?.refuse(verdict.problems);
      else await this.refuseAtLoad(folder, verdict.problems);
      return verdict;
    }
    if (before && verdict.entry.id !== before.id) {
      // The folder now holds another tool: the old one goes (its data stays).
      await this.drop(before.id, 'close');
      this.registry.forget(before.id);
    }
    const standing = this.refusedAt(folder);
    if (standing && standing.id !== verdict.entry.id) await this.drop(standing.id, standing.refusedFolder?.madeUpId ? 'remove' : 'close');
    return this.settle(verdict, how, folder);
  }

  /** Lists a folder refused at its first load (or again since), under what can be read of it. */
  private async refuseAtLoad(folder: string, problems: string[]): Promise<void> {
    const standing = this.refusedAt(folder);
    const refused = await readRefusedFolder(folder, (id) => this.tools.has(id) && this.tools.get(id) !== standing);
    if (standing && standing.id !== refused.id) await this.drop(standing.id, standing.refusedFolder?.madeUpId ? 'remove' : 'close');
    if (standing?.kind === 'refused' && standing.id === refused.id) await standing.refuse(problems, refused);
    else await this.addRefusal(refused, problems);
  }

  /** The tool a process belongs to: the tool's own, a descendant seen, or one in its process group. */
  private toolOfProcess(pid: number): string | undefined {
    const group = readProcessEntries([pid]).get(pid)?.groupId;
    for (const tool of this.tools.values()) {
      const [leader, ...descendants] = tool.processes;
      if (leader !== undefined && (pid === leader || group === leader || descendants.includes(pid))) return tool.id;
    }
    return undefined;
  }

  /** What stands for a folder loaded in place that was refused at its first load and never valid since. */
  private refusedAt(folder: string): Hosted | undefined {
    const wanted = resolve(folder);
    return [...this.tools.values()].find((tool) => tool.refusedFolder?.folder === wanted);
  }

  /** After the registry took an entry: a new tool is added, a known one takes the new entry. */
  private async settle(verdict: RegistryVerdict, how: LoadedHow, folder: string): Promise<InstallVerdict> {
    if (!verdict.ok) return verdict;
    const { entry } = verdict;
    let tool = this.tools.get(entry.id);
    // A refused folder elsewhere that went by this id moves to one made from its path.
    const aside = tool?.refusedFolder && tool.refusedFolder.folder !== entry.folder ? tool.summary() : undefined;
    if (aside) await this.drop(aside.id, 'close');
    let inherited: { log: ToolLog; trace: ToolTrace } | undefined;
    if (tool && !aside && tool.kind === 'refused') {
      // The folder refused at its first load is valid now: the tool (or plugin) takes its place, and its log.
      inherited = { log: tool.log, trace: tool.trace };
      await this.unhold(tool);
      tool = undefined;
    } else if (tool && !aside && tool.kind !== entry.kind) {
      // A tool that became a plugin (or the other way round) is held anew.
      await this.drop(tool.id, 'close');
      tool = undefined;
    }
    if (tool && !aside && tool.kind !== 'refused') await replaceEntry(tool, entry);
    else tool = await this.add(entry, inherited);
    tool.log.appendHost({ code: 'loaded', version: entry.manifest.version, how, folder });
    tool.startIfLaunch();
    if (aside) await this.refuseAtLoad(aside.folder, aside.problems ?? []);
    return { ok: true, tool: tool.summary() };
  }

  /**
   * <dataFolder>/modules/<id>: where a module plugin's component is kept transpiled, the code the host
   * itself runs. Apart from data/ and cache/, whose folders a program plugin is given or can reach.
   */
  private transpileFolderOf(id: string): string {
    return join(this.options.dataFolder, 'modules', id);
  }

  /** Holds a tool or plugin anew; `inherited`: the log and trace of what stood for its folder before. */
  private async add(entry: RegistryEntry, inherited?: { log: ToolLog; trace: ToolTrace }): Promise<HostedTool | HostedPlugin> {
    const id = entry.id;
    const dataFolder = this.options.toolDataFolder?.(id) ?? this.registry.dataFolderOf(id);
    await makeOwnFolder(dataFolder);
    const { log, trace } = inherited ?? this.newRecords(id);
    const onWire = this.options.onWire;
    const wire = onWire ? { onWire: (direction: 'toTool' | 'fromTool', text: string) => onWire(id, direction, text) } : {};
    let tool: HostedTool | HostedPlugin;
    if (entry.kind === 'plugin') {
      const limits = this.options.pluginLimits;
      const granted = this.options.grants?.(id);
      const transpileFolder = this.transpileFolderOf(id);
      tool = new HostedPlugin(entry, log, trace, { dataFolder, transpileFolder, ...wire, ...(limits ? { limits } : {}), ...(granted ? { granted } : {}) });
    } else {
      tool = new HostedTool(entry, log, trace, await this.store.open(id), {
        dataFolder,
        language: () => this.language,
        handleRequest: (asking, method, params) => this.broker.handle(asking, method, params),
        ...wire,
      });
    }
    this.hold(tool);
    return tool;
  }

  /** Lists a folder refused at its first load, under what can be read of it; it gets no data folder. */
  private async addRefusal(refused: RefusedFolder, problems: string[]): Promise<HostedRefusal> {
    const { log, trace } = this.newRecords(refused.id);
    const held = new HostedRefusal(refused, problems, log, trace);
    this.hold(held);
    log.appendHost({ code: 'folderRefused', problems });
    return held;
  }

  /** A log and a trace for an id, their lines told to the window as they come. */
  private newRecords(id: string): { log: ToolLog; trace: ToolTrace } {
    const log = new ToolLog({ file: join(this.options.dataFolder, 'logs', `${id}.log`) });
    const trace = new ToolTrace();
    log.onDidAppend((line) => this.events.fire({ type: 'log', toolId: id, line }));
    log.onDidClear(() => this.events.fire({ type: 'logCleared', toolId: id }));
    trace.onDidAppend((line) => this.events.fire({ type: 'trace', toolId: id, line }));
    return { log, trace };
  }

  private hold(tool: Hosted): void {
    tool.onDidChange(() => this.events.fire({ type: 'tool', tool: tool.summary() }));
    this.tools.set(tool.id, tool);
    this.events.fire({ type: 'tool', tool: tool.summary() });
  }

  /** Lets go of what held a place in the list, keeping its log and trace for what comes next. */
  private async unhold(tool: Hosted): Promise<void> {
    await tool.dispose();
    this.tools.delete(tool.id);
  }

  /** Stops a tool and takes it off the list; its log file is kept or removed. */
  private async drop(toolId: string, log: 'close' | 'remove'): Promise<void> {
    const tool = this.tools.get(toolId);
    if (!tool) return;
    await tool.dispose();
    tool.trace.dispose();
    await (log === 'remove' ? tool.log.remove() : tool.log.dispose());
    this.tools.delete(toolId);
    this.events.fire({ type: 'toolRemoved', toolId });
  }

  private async whenRunning(toolId: string, act: (tool: Hosted) => Promise<void>): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return notInstalled(toolId);
    if (tool.state === 'refused')
      return {
        ok: false,
        problem: tool.stateReason ?? 'the tool was refused',
        problemCode: tool.stateReasonCode ?? { code: 'refused', problem: 'unknown problem' },
      };
    await act(tool);
    if (tool.state === 'running') return { ok: true };
    return {
      ok: false,
      problem: tool.stateReason ?? `the tool is ${tool.state}`,
      problemCode: tool.stateReasonCode ?? { code: 'notStarted', state: tool.state },
    };
  }
}

/** A held tool or plugin takes a new entry of its own kind. */
function replaceEntry(tool: Hosted, entry: RegistryEntry): Promise<void> {
  if (tool.kind === 'plugin' && entry.kind === 'plugin') return tool.replace(entry);
  if (tool.kind === 'tool' && entry.kind === 'tool') return tool.replace(entry);
  throw new Error(`${entry.id} changed kind; it is held anew, not replaced`);
}
