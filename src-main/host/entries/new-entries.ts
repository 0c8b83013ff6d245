// How the host makes an entry for its list: a tool or a plugin from the registry's entry, with its
// data folder, its log and trace (told to the window line by line) and what its kind is given; or a
// folder refused at its first load, under what could be read of it.
import type { Problem } from '../../../src-shared/protocol/problem-reasons';
import { join } from 'node:path';
import type { HostEvent } from '../../../src-shared/host-api';
import type { Capability } from '../../../src-shared/skwir/types';
import { makeOwnFolder } from '../files/own-files';
import type { RefusedFolder } from '../installs/refused-folder';
import type { RegistryEntry, ToolRegistry } from '../installs/registry';
import type { PluginLimits } from '../plugins/plugin-supervisor';
import { ToolLog } from '../records/logs';
import { ToolTrace } from '../records/trace';
import type { PreferenceStore } from '../tools/storage';
import { HostedPlugin } from './hosted-plugin';
import { HostedRefusal } from './hosted-refusal';
import { HostedTool } from './hosted-tool';
import type { EntryRecordingContext } from './supervised-entry';

/** What the host's options say of its entries. */
export interface EntryOptions {
  /** The app's data folder: installed tools, their data folders, preferences, logs. */
  dataFolder: string;
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
  /** Characters of lines a session's recording keeps (the app's RECORDING_MAX_CHARS by default; the CLI's --record keeps more). */
  recordingChars?: number;
}

/** What the rest of the host gives the entries it makes. */
export interface EntryServices {
  registry: ToolRegistry;
  store: PreferenceStore;
  /** The app's language now. */
  language(): string;
  /** A tool's request to a service (ServiceBroker.handle). */
  handleRequest(tool: HostedTool, method: string, params: unknown): unknown;
  tell(event: HostEvent): void;
  /** The services and the simulated clipboard a session's recording begins with. */
  recording: Omit<EntryRecordingContext, 'maxChars'>;
}

/** An entry's log and trace, which what takes its place may inherit. */
export interface EntryRecords {
  log: ToolLog;
  trace: ToolTrace;
}

export class NewEntries {
  constructor(
    private readonly options: EntryOptions,
    private readonly services: EntryServices,
  ) {}

  /** A tool or plugin for the registry's entry; `inherited`: the log and trace of what stood for its folder before. */
  async entry(entry: RegistryEntry, inherited?: EntryRecords): Promise<HostedTool | HostedPlugin> {
    const id = entry.id;
    const dataFolder = this.options.toolDataFolder?.(id) ?? this.services.registry.dataFolderOf(id);
    await makeOwnFolder(dataFolder);
    const { log, trace } = inherited ?? this.records(id);
    const onWire = this.options.onWire;
    const { recordingChars } = this.options;
    const recording = { ...this.services.recording, ...(recordingChars === undefined ? {} : { maxChars: recordingChars }) };
    const wire = { recording, ...(onWire ? { onWire: (direction: 'toTool' | 'fromTool', text: string) => onWire(id, direction, text) } : {}) };
    if (entry.kind === 'plugin') {
      const limits = this.options.pluginLimits;
      const granted = this.options.grants?.(id);
      const transpileFolder = this.transpileFolderOf(id);
      return new HostedPlugin(entry, log, trace, { dataFolder, transpileFolder, ...wire, ...(limits ? { limits } : {}), ...(granted ? { granted } : {}) });
    }
    return new HostedTool(entry, log, trace, await this.services.store.open(id), {
      dataFolder,
      language: () => this.services.language(),
      handleRequest: (asking, method, params) => this.services.handleRequest(asking, method, params),
      ...wire,
    });
  }

  /** A folder refused at its first load, under what can be read of it; it gets no data folder. */
  refusal(refused: RefusedFolder, problems: Problem[]): HostedRefusal {
    const { log, trace } = this.records(refused.id);
    return new HostedRefusal(refused, problems, log, trace);
  }

  /**
   * <dataFolder>/modules/<id>: where a module plugin's component is kept transpiled, the code the host
   * itself runs. Apart from data/ and cache/, whose folders a program plugin is given or can reach.
   */
  transpileFolderOf(id: string): string {
    return join(this.options.dataFolder, 'modules', id);
  }

  /** A log and a trace for an id, their lines told to the window as they come. */
  private records(id: string): EntryRecords {
    const log = new ToolLog({ file: join(this.options.dataFolder, 'logs', `${id}.log`) });
    const trace = new ToolTrace();
    log.onDidAppend((line) => this.services.tell({ type: 'log', toolId: id, line }));
    log.onDidClear(() => this.services.tell({ type: 'logCleared', toolId: id }));
    trace.onDidAppend((line) => this.services.tell({ type: 'trace', toolId: id, line }));
    return { log, trace };
  }
}
