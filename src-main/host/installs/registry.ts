// The installed tools and Skwir plugins: each a copy of the folder a person dropped, in
// <dataFolder>/tools/<id>, and the list of them in <dataFolder>/installed.json (written atomically).
// Tools and plugins share the list and the ids. Folders loaded in place (the test bed) are listed
// too but never copied nor persisted. The registry only keeps files; starting and stopping is the host's.
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { InstallReplaces } from '../../../src-shared/host-api';
import { problemLines, problemOf, type Problem } from '../../../src-shared/protocol/problem-reasons';
import type { Manifest } from '../../../src-shared/protocol/types';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import { makeOwnFolder, writeFileAtomic } from '../files/own-files';
import { copyToolFolder } from './tool-copy';
import { checkFolder, type ValidFolder } from './tool-folder';

interface EntryPlace {
  id: string;
  /** The installed copy, or the folder itself when loaded in place. */
  folder: string;
  loadedInPlace: boolean;
  /** Keys of its manifest the schema does not know, each with its line (the folder's warnings). */
  warnings?: string[];
}

export type ToolEntry = EntryPlace & { kind: 'tool'; manifest: Manifest; execPath: string };
/** `entryPath`: the program (program transport) or the component (module transport), resolved. */
export type PluginEntry = EntryPlace & { kind: 'plugin'; manifest: PluginManifest; entryPath: string };
export type RegistryEntry = ToolEntry | PluginEntry;

/** `problems`: each with its reason as data where it has one, so the window words it in its language. */
export type RegistryVerdict = { ok: true; entry: RegistryEntry } | { ok: false; problems: Problem[] };

const entryOf = (verdict: ValidFolder, folder: string, loadedInPlace: boolean): RegistryEntry =>
  verdict.kind === 'tool'
    ? { kind: 'tool', id: verdict.manifest.id, manifest: verdict.manifest, folder, execPath: verdict.execPath, loadedInPlace, warnings: verdict.warnings }
    : { kind: 'plugin', id: verdict.manifest.id, manifest: verdict.manifest, folder, entryPath: verdict.entryPath, loadedInPlace, warnings: verdict.warnings };

/** The registry names files after tool ids; the manifest schema already keeps ids to these. */
const safeId = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

export const idProblem = (id: string): Problem | undefined =>
  safeId.test(id) && id.length <= 128 ? undefined : problemOf('id', { code: 'idCannotNameFolder', value: JSON.stringify(id) });

interface InstalledFile {
  version: 1;
  tools: { id: string }[];
}

export class ToolRegistry {
  private readonly entries = new Map<string, RegistryEntry>();
  /** Installed ids whose copy failed validation at load: kept in installed.json, not run. */
  private readonly damaged = new Map<string, string[]>();

  constructor(private readonly dataFolder: string) {}

  /** <dataFolder>/data/<id>: the tool's own folder, its working directory. */
  dataFolderOf(id: string): string {
    return join(this.dataFolder, 'data', id);
  }

  get(id: string): RegistryEntry | undefined {
    return this.entries.get(id);
  }

  list(): RegistryEntry[] {
    return [...this.entries.values()];
  }

  /** The entry loaded in place from this folder, if any. */
  inPlace(folder: string): RegistryEntry | undefined {
    const wanted = resolve(folder);
    return this.list().find((e) => e.loadedInPlace && e.folder === wanted);
  }

  /**
   * Reads installed.json and re-validates every installed copy. Copies that fail now (the app was
   * updated, a file went missing) come back as `damaged` with their problems; they stay listed.
   */
  async load(): Promise<{ id: string; folder: string; problems: string[] }[]> {
    const damaged: { id: string; folder: string; problems: string[] }[] = [];
    for (const { id } of await this.readInstalled()) {
      if (idProblem(id)) continue;
      const folder = join(this.dataFolder, 'tools', id);
      const verdict = await checkFolder(folder);
      if (verdict.ok && verdict.manifest.id === id) {
        this.entries.set(id, entryOf(verdict, folder, false));
      } else {
        const problems = verdict.ok ? [`id: the copy now says "${verdict.manifest.id}"`] : problemLines(verdict.problems);
        this.damaged.set(id, problems);
        damaged.push({ id, folder, problems });
      }
    }
    return damaged;
  }

  /**
   * Validates `source`, copies it in as <dataFolder>/tools/<id> and lists it. When the id is already
   * installed, `beforeReplace` runs (the host stops the tool) before the old copy goes; the tool's
   * data folder and preferences are left as they are.
   */
  async install(source: string, beforeReplace: (id: string) => Promise<void>): Promise<RegistryVerdict> {
    const checked = await checkFolder(source);
    if (!checked.ok) return checked;
    const id = checked.manifest.id;
    const problem = idProblem(id) ?? this.caseConflict(id) ?? this.inPlaceConflict(id);
    if (problem) return { ok: false, problems: [problem] };

    const tools = join(this.dataFolder, 'tools');
    const final = join(tools, id);
    if (resolve(source) === final) return { ok: false, problems: [problemOf('folder', { code: 'isInstalledCopy', path: source })] };
    const staged = join(tools, `.staged-${randomBytes(6).toString('hex')}`);
    await makeOwnFolder(tools);
    try {
      const copied = await copyToolFolder(source, staged);
      if (!copied.ok) return copied;
      // The copy is what runs: judge it too (a file changed while it was copied, say).
      const copy = await checkFolder(staged);
      if (!copy.ok) return { ok: false, problems: copy.problems.map((p) => ({ ...p, text: `${p.text} (in the installed copy)`, inInstalledCopy: true })) };

      if (this.entries.has(id)) await beforeReplace(id);
      const old = join(tools, `.old-${randomBytes(6).toString('hex')}`);
      const replacing = await rename(final, old).then(
        () => true,
        () => false,
      );
      await rename(staged, final);
      if (replacing) await rm(old, { recursive: true, force: true });
    } finally {
      await rm(staged, { recursive: true, force: true });
    }
    const installed = await checkFolder(final);
    if (!installed.ok) return installed;
    const entry = entryOf(installed, final, false);
    this.entries.set(id, entry);
    this.damaged.delete(id);
    await makeOwnFolder(this.dataFolderOf(id));
    await this.persist();
    return { ok: true, entry };
  }

  /** The installed entry installing `source` would replace, with both versions; null when it would add one, or be refused. */
  async replacedBy(source: string): Promise<InstallReplaces | null> {
    const checked = await checkFolder(source);
    const installed = checked.ok ? this.entries.get(checked.manifest.id) : undefined;
    if (!checked.ok || !installed || installed.loadedInPlace) return null;
    return { id: installed.id, installedVersion: installed.manifest.version, version: checked.manifest.version };
  }

  /** Lists a folder as it is, not copied (the test bed). Not persisted. */
  async loadInPlace(folder: string): Promise<RegistryVerdict> {
    const wanted = resolve(folder);
    const checked = await checkFolder(wanted);
    if (!checked.ok) return checked;
    const id = checked.manifest.id;
    const existing = this.entries.get(id);
    const problem =
      idProblem(id) ??
      this.caseConflict(id) ??
      (existing && !(existing.loadedInPlace && existing.folder === wanted)
        ? problemOf(
            'id',
            existing.loadedInPlace ? { code: 'idTaken', value: JSON.stringify(id), from: existing.folder } : { code: 'idTaken', value: JSON.stringify(id) },
          )
        : undefined);
    if (problem) return { ok: false, problems: [problem] };
    const entry = entryOf(checked, wanted, true);
    this.entries.set(id, entry);
    await makeOwnFolder(this.dataFolderOf(id));
    return { ok: true, entry };
  }

  /** Takes a folder loaded in place off the list, leaving every file as it is. */
  forget(id: string): void {
    if (this.entries.get(id)?.loadedInPlace) this.entries.delete(id);
  }

  /** Takes a tool off the list; for an installed one, deletes its copy and its data folder. */
  async remove(id: string): Promise<void> {
    const entry = this.entries.get(id);
    const wasDamaged = this.damaged.delete(id);
    if (!entry && !wasDamaged) return;
    this.entries.delete(id);
    if (!entry?.loadedInPlace) {
      await this.persist();
      await rm(join(this.dataFolder, 'tools', id), { recursive: true, force: true });
    }
    await rm(this.dataFolderOf(id), { recursive: true, force: true });
  }

  /**
   * Ids name paths (tools/<id>, data/<id>, preferences/<id>.json), and on a file system that
   * ignores case, as macOS's does by default, two ids differing only in case would share them.
   */
  private caseConflict(id: string): Problem | undefined {
    const lower = id.toLowerCase();
    const twin = [...this.entries.keys(), ...this.damaged.keys()].find((other) => other !== id && other.toLowerCase() === lower);
    if (twin === undefined) return undefined;
    const entry = this.entries.get(twin);
    const [value, named] = [JSON.stringify(id), JSON.stringify(twin)];
    return problemOf(
      'id',
      entry?.loadedInPlace ? { code: 'caseTwin', value, twin: named, inPlaceFrom: entry.folder } : { code: 'caseTwin', value, twin: named },
    );
  }

  private inPlaceConflict(id: string): Problem | undefined {
    const existing = this.entries.get(id);
    return existing?.loadedInPlace ? problemOf('id', { code: 'idLoadedInPlace', value: JSON.stringify(id), from: existing.folder }) : undefined;
  }

  private async readInstalled(): Promise<{ id: string }[]> {
    let text: string;
    try {
      text = await readFile(join(this.dataFolder, 'installed.json'), 'utf8');
    } catch {
      return [];
    }
    try {
      const parsed = JSON.parse(text) as Partial<InstalledFile>;
      if (Array.isArray(parsed.tools)) return parsed.tools.filter((t) => typeof t?.id === 'string');
    } catch {
      // Written atomically, so only a hand edit breaks it: fall back on the copies themselves.
    }
    const names = await readdir(join(this.dataFolder, 'tools')).catch(() => [] as string[]);
    return names.filter((name) => !name.startsWith('.')).map((id) => ({ id }));
  }

  private async persist(): Promise<void> {
    const file: InstalledFile = {
      version: 1,
      tools: [
        ...this.list()
          .filter((e) => !e.loadedInPlace)
          .map((e) => e.id),
        ...this.damaged.keys(),
      ].map((id) => ({ id })),
    };
    await makeOwnFolder(this.dataFolder);
    await writeFileAtomic(join(this.dataFolder, 'installed.json'), `${JSON.stringify(file, null, 2)}\n`);
  }
}
