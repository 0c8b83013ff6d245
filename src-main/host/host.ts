// The host core behind HostApi: registry + supervisors + broker + storage + logs, one of each per
// app. Changes to the list of tools (install, uninstall, load, reload) happen one at a time.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type {
  CommandOutcome, HostApi, HostEvent, HostInfo, HostLogCode, InstallVerdict, PreferenceValue, Result, ServiceCall,
} from '../../src-shared/host-api';
import { Emitter } from '../../src-shared/lifecycle';
import type { Platform } from '../platform/platform';
import { SimulatedPlatform } from '../platform/simulated';
import { appVersion } from './app-version';
import { ServiceBroker } from './broker';
import { ErrorCodes, ResponseError } from './errors';
import { HostedTool } from './hosted-tool';
import { ToolLog } from './logs';
import { unavailable } from './reasons';
import { readRefusedFolder, type RefusedFolder } from './refused-folder';
import { ToolRegistry, type RegistryVerdict, type ToolEntry } from './registry';
import { PreferenceRefusal, PreferenceStore, type SecretEncryptor } from './storage';
import { ToolTrace } from './trace';

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
}

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
  /** Stop every tool by the stop sequence and release everything. */
  dispose(): Promise<void>;
}

export { appVersion };
const maxServiceCalls = 1_000;

type LoadedHow = Extract<HostLogCode, { code: 'loaded' }>['how'];
const languageTag = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

export async function createHost(options: HostOptions): Promise<Host> {
  await mkdir(options.dataFolder, { recursive: true });
  const host = new ToolHost(options);
  await host.open();
  return host;
}

class ToolHost implements Host {
  private readonly events = new Emitter<HostEvent>();
  private readonly tools = new Map<string, HostedTool>();
  private readonly registry: ToolRegistry;
  private readonly store: PreferenceStore;
  private readonly broker: ServiceBroker;
  private readonly serviceCalls: ServiceCall[] = [];
  private serviceSeq = 0;
  private language: string;
  private changes: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly options: HostOptions) {
    this.language = options.language ?? 'en';
    this.registry = new ToolRegistry(options.dataFolder);
    this.store = new PreferenceStore(options.dataFolder, options.encryptor);
    this.broker = new ServiceBroker({ platform: options.platform, preferencesOf: (id) => this.store.open(id) });
    this.broker.onDidCallPlatform(({ toolId, method, params, result }) => {
      if (this.options.services !== 'simulated') return;
      const call: ServiceCall = { seq: ++this.serviceSeq, time: Date.now(), toolId, method, params };
      if (Object.keys(result).length > 0) call.result = result;
      this.serviceCalls.push(call);
      if (this.serviceCalls.length >= 2 * maxServiceCalls) this.serviceCalls.splice(0, maxServiceCalls);
      this.events.fire({ type: 'serviceCall', call });
    });
    this.broker.onDidStore(({ toolId }) => this.tools.get(toolId)?.changed());
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

  loadInPlace(folder: string): Promise<InstallVerdict> {
    return this.change(() => this.load(folder, 'loadedInPlace'));
  }

  reload(folder: string): Promise<InstallVerdict> {
    return this.change(() => this.load(folder, 'reloaded'));
  }

  uninstall(toolId: string): Promise<Result> {
    return this.change(async () => {
      const tool = this.tools.get(toolId);
      if (!tool) return { ok: false, problem: `no tool "${toolId}" is installed` };
      tool.installed = false;
      const refusedFolder = tool.refusedFolder;
      await this.drop(toolId, 'remove');
      // A folder refused at its first load only leaves the list: it has nothing else of its own.
      if (refusedFolder) return { ok: true };
      await this.registry.remove(toolId);
      await this.store.remove(toolId);
      return { ok: true };
    });
  }

  async runCommand(toolId: string, commandId: string): Promise<CommandOutcome> {
    const tool = this.tools.get(toolId);
    if (!tool) return unavailable({ code: 'notInstalled', toolId });
    return tool.runCommand(commandId);
  }

  async setPreference(toolId: string, preferenceId: string, value: PreferenceValue): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return { ok: false, problem: `no tool "${toolId}" is installed` };
    const pref = tool.preferences.find((p) => p.id === preferenceId);
    if (pref && !pref.title) {
      return { ok: false, problem: `id: preference "${preferenceId}" has no title: it is the tool's own`, problemCode: { code: 'untitledPreference', id: preferenceId } };
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
    if (!tool) return { ok: false, problem: `no tool "${toolId}" is installed` };
    await tool.log.clear();
    return { ok: true };
  }

  async readTrace(toolId: string) {
    return this.tools.get(toolId)?.trace.lines() ?? [];
  }

  async clearTrace(toolId: string): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return { ok: false, problem: `no tool "${toolId}" is installed` };
    tool.trace.clear();
    return { ok: true };
  }

  async readServiceCalls() {
    return this.serviceCalls.slice(-maxServiceCalls);
  }

  async start(toolId: string): Promise<Result> {
    return this.whenRunning(toolId, (tool) => tool.start());
  }

  async restart(toolId: string): Promise<Result> {
    return this.whenRunning(toolId, (tool) => tool.restart());
  }

  async stop(toolId: string): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return { ok: false, problem: `no tool "${toolId}" is installed` };
    await tool.stop();
    return { ok: true };
  }

  async setLanguage(language: string): Promise<Result> {
    if (!languageTag.test(language)) return { ok: false, problem: `language: ${JSON.stringify(language)} is not a language tag such as en or fr` };
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
    const tool = standing?.id === refused.id ? standing : await this.add(refused, problems);
    await tool.refuse(problems, refused);
  }

  /** What stands for a folder loaded in place that was refused at its first load and never valid since. */
  private refusedAt(folder: string): HostedTool | undefined {
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
    if (tool && !aside) await tool.replace(entry);
    else tool = await this.add(entry);
    tool.log.appendHost({ code: 'loaded', version: entry.manifest.version, how, folder });
    tool.startIfLaunch();
    if (aside) await this.refuseAtLoad(aside.folder, aside.problems ?? []);
    return { ok: true, tool: tool.summary() };
  }

  private async add(entry: ToolEntry): Promise<HostedTool>;
  private async add(refused: RefusedFolder, problems: string[]): Promise<HostedTool>;
  private async add(source: ToolEntry | RefusedFolder, problems?: string[]): Promise<HostedTool> {
    const id = source.id;
    const dataFolder = this.options.toolDataFolder?.(id) ?? this.registry.dataFolderOf(id);
    // A refused folder never runs: it gets no data folder until it is valid.
    if ('manifest' in source) await mkdir(dataFolder, { recursive: true });
    const log = new ToolLog({ file: join(this.options.dataFolder, 'logs', `${id}.log`) });
    const trace = new ToolTrace();
    const onWire = this.options.onWire;
    const held = 'manifest' in source ? source : { refused: source, problems: problems ?? [] };
    const tool = new HostedTool(held, log, trace, await this.store.open(id), {
      dataFolder,
      language: () => this.language,
      handleRequest: (asking, method, params) => this.answer(asking, method, params),
      ...(onWire ? { onWire: (direction: 'toTool' | 'fromTool', text: string) => onWire(id, direction, text) } : {}),
    });
    log.onDidAppend((line) => this.events.fire({ type: 'log', toolId: id, line }));
    log.onDidClear(() => this.events.fire({ type: 'logCleared', toolId: id }));
    trace.onDidAppend((line) => this.events.fire({ type: 'trace', toolId: id, line }));
    tool.onDidChange(() => this.events.fire({ type: 'tool', tool: tool.summary() }));
    this.tools.set(id, tool);
    this.events.fire({ type: 'tool', tool: tool.summary() });
    return tool;
  }

  /**
   * A tool's request, answered by the broker. A refusal is also a warning in the tool's log, naming
   * the method and why, where the author looks first (and `run` prints it). A service that broke
   * (-32603) is logged by the broker's onDidFail.
   */
  private async answer(tool: HostedTool, method: string, params: unknown): Promise<unknown> {
    try {
      return await this.broker.handle(tool, method, params);
    } catch (error) {
      if (error instanceof ResponseError && error.code !== ErrorCodes.InternalError) {
        tool.log.appendHost({ code: 'requestRefused', method: method.slice(0, 100), errorCode: error.code, reason: error.message });
      }
      throw error;
    }
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

  private async whenRunning(toolId: string, act: (tool: HostedTool) => Promise<void>): Promise<Result> {
    const tool = this.tools.get(toolId);
    if (!tool) return { ok: false, problem: `no tool "${toolId}" is installed` };
    if (tool.state === 'refused') return { ok: false, problem: tool.stateReason ?? 'the tool was refused', problemCode: tool.stateReasonCode ?? { code: 'refused', problem: 'unknown problem' } };
    await act(tool);
    if (tool.state === 'running') return { ok: true };
    return { ok: false, problem: tool.stateReason ?? `the tool is ${tool.state}`, problemCode: tool.stateReasonCode ?? { code: 'notStarted', state: tool.state } };
  }
}
