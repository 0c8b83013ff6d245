// Changes to the list of entries, one at a time: install, load in place, reload, uninstall. A folder
// loaded in place is judged again on every reload: valid, its entry takes the place of what stood for
// the folder; refused, what stood for it is refused, a tool or plugin stopped, or the folder as read.
import type { Problem } from '../../../src-shared/protocol/problem-reasons';
import { rm } from 'node:fs/promises';
import type { HostLogCode, InstallVerdict, Result } from '../../../src-shared/host-api';
import { readRefusedFolder } from '../installs/refused-folder';
import type { RegistryEntry, RegistryVerdict, ToolRegistry } from '../installs/registry';
import type { PluginCache } from '../plugins/plugin-cache';
import { notInstalled } from '../process/reasons';
import type { PreferenceStore } from '../tools/storage';
import type { EntryList, Hosted } from './entry-list';
import { logRefusal } from './hosted-entry';
import type { HostedPlugin } from './hosted-plugin';
import type { HostedTool } from './hosted-tool';
import type { EntryRecords, NewEntries } from './new-entries';

type LoadedHow = Extract<HostLogCode, { code: 'loaded' }>['how'];

/** What a change touches beside the list: where entries come from, and what is kept of them. */
export interface ChangedStores {
  registry: ToolRegistry;
  store: PreferenceStore;
  cache: PluginCache;
  /** What else is kept of an entry's commands (their usage, their shortcuts), forgotten with it. */
  forgetCommands(id: string): Promise<void>;
}

export class ListChanges {
  private changes: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly list: EntryList,
    private readonly make: NewEntries,
    private readonly stores: ChangedStores,
  ) {}

  /** Lists what the registry holds, each started when it starts with the app. */
  async open(): Promise<void> {
    await this.stores.registry.load();
    for (const entry of this.stores.registry.list()) (await this.add(entry)).startIfLaunch();
  }

  /** Takes no more changes, once the one under way is done. */
  async close(): Promise<void> {
    this.closed = true;
    await this.changes;
  }

  installFolder(folder: string): Promise<InstallVerdict> {
    return this.change(async () => {
      const verdict = await this.stores.registry.install(folder, async (id) => this.list.get(id)?.stop());
      return this.settle(verdict, 'installed', folder);
    });
  }

  loadInPlace(folder: string): Promise<InstallVerdict> {
    return this.change(() => this.load(folder, 'loadedInPlace'));
  }

  reload(folder: string): Promise<InstallVerdict> {
    return this.change(() => this.load(folder, 'reloaded'));
  }

  uninstall(id: string): Promise<Result> {
    return this.change(async () => {
      const entry = this.list.get(id);
      if (!entry) return notInstalled(id);
      entry.installed = false;
      const refusedFolder = entry.refusedFolder;
      await this.list.drop(id, 'remove');
      // A folder refused at its first load only leaves the list: it has nothing else of its own.
      if (refusedFolder) return { ok: true };
      await this.stores.registry.remove(id);
      await this.stores.store.remove(id);
      await this.stores.forgetCommands(id);
      if (entry.kind === 'plugin') {
        await this.stores.cache.forget(id);
        await rm(this.make.transpileFolderOf(id), { recursive: true, force: true });
      }
      return { ok: true };
    });
  }

  private change<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the host is closed'));
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
    const { registry } = this.stores;
    const before = registry.inPlace(folder);
    const verdict = await registry.loadInPlace(folder);
    if (!verdict.ok) {
      if (before) await this.list.get(before.id)?.refuse(verdict.problems);
      else await this.refuseAtLoad(folder, verdict.problems);
      return verdict;
    }
    if (before && verdict.entry.id !== before.id) {
      // The folder now holds another tool: the old one goes (its data stays).
      await this.list.drop(before.id, 'close');
      registry.forget(before.id);
    }
    const standing = this.list.refusedAt(folder);
    if (standing && standing.id !== verdict.entry.id) await this.list.drop(standing.id, standing.refusedFolder?.madeUpId ? 'remove' : 'close');
    return this.settle(verdict, how, folder);
  }

  /** Lists a folder refused at its first load (or again since), under what can be read of it. */
  private async refuseAtLoad(folder: string, problems: Problem[]): Promise<void> {
    const standing = this.list.refusedAt(folder);
    const refused = await readRefusedFolder(folder, (id) => this.list.has(id) && this.list.get(id) !== standing);
    if (standing && standing.id !== refused.id) await this.list.drop(standing.id, standing.refusedFolder?.madeUpId ? 'remove' : 'close');
    if (standing?.kind === 'refused' && standing.id === refused.id) await standing.refuse(problems, refused);
    else {
      const held = this.make.refusal(refused, problems);
      this.list.hold(held);
      logRefusal(held.log, problems);
    }
  }

  /** After the registry took an entry: a new tool is added, a known one takes the new entry. */
  private async settle(verdict: RegistryVerdict, how: LoadedHow, folder: string): Promise<InstallVerdict> {
    if (!verdict.ok) return verdict;
    const { entry } = verdict;
    let held = this.list.get(entry.id);
    // A refused folder elsewhere that went by this id moves to one made from its path.
    const aside = held?.refusedFolder && held.refusedFolder.folder !== entry.folder ? held.summary() : undefined;
    if (aside) await this.list.drop(aside.id, 'close');
    let inherited: EntryRecords | undefined;
    if (held && !aside && held.kind === 'refused') {
      // The folder refused at its first load is valid now: the tool (or plugin) takes its place, and its log.
      inherited = { log: held.log, trace: held.trace };
      await this.list.unhold(held);
      held = undefined;
    } else if (held && !aside && held.kind !== entry.kind) {
      // A tool that became a plugin (or the other way round) is held anew.
      await this.list.drop(held.id, 'close');
      held = undefined;
    }
    if (held && !aside && held.kind !== 'refused') await replaceEntry(held, entry);
    else held = await this.add(entry, inherited);
    held.log.appendHost({ code: 'loaded', version: entry.manifest.version, how, folder });
    held.startIfLaunch();
    if (aside) await this.refuseAtLoad(aside.folder, aside.problems ?? []);
    return { ok: true, tool: held.summary() };
  }

  private async add(entry: RegistryEntry, inherited?: EntryRecords): Promise<HostedTool | HostedPlugin> {
    const held = await this.make.entry(entry, inherited);
    this.list.hold(held);
    return held;
  }
}

/** A held tool or plugin takes a new entry of its own kind. */
function replaceEntry(held: Hosted, entry: RegistryEntry): Promise<void> {
  if (held.kind === 'plugin' && entry.kind === 'plugin') return held.replace(entry);
  if (held.kind === 'tool' && entry.kind === 'tool') return held.replace(entry);
  throw new Error(`${entry.id} changed kind; it is held anew, not replaced`);
}
