// The first time the app starts, it installs the sample tools it ships with (tools-sample), so a
// person sees working tools at once. A marker file remembers that this was done: a sample the
// person uninstalls stays uninstalled.
import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { HostApi } from '../../src-shared/host-api';

export interface FirstRunOptions {
  host: Pick<HostApi, 'installFolder'>;
  /** process.resourcesPath/tools-sample when packaged; the repository's tools-sample in development. */
  samplesFolder: string;
  /** Its presence means the samples were installed once already. */
  markerFile: string;
}

export interface FirstRunReport {
  installed: string[];
  /** One line per sample that was refused, naming its folder. */
  problems: string[];
}

const exists = (path: string) => access(path).then(() => true, () => false);

/** The sample folders: the subfolders holding a vitruvian-tool.json, by name. */
export async function sampleFolders(samplesFolder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(samplesFolder, { withFileTypes: true });
  } catch {
    return [];
  }
  const folders: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const folder = join(samplesFolder, entry.name);
    if (entry.isDirectory() && (await exists(join(folder, 'vitruvian-tool.json')))) folders.push(folder);
  }
  return folders;
}

/** Installs the samples on the first run; undefined on every later run. */
export async function installSamplesOnFirstRun(options: FirstRunOptions): Promise<FirstRunReport | undefined> {
  if (await exists(options.markerFile)) return undefined;
  const report: FirstRunReport = { installed: [], problems: [] };
  for (const folder of await sampleFolders(options.samplesFolder)) {
    try {
      const verdict = await options.host.installFolder(folder);
      if (verdict.ok) report.installed.push(verdict.tool.id);
      else report.problems.push(`${folder}: ${verdict.problems.join('; ')}`);
    } catch (error) {
      report.problems.push(`${folder}: ${(error as Error).message}`);
    }
  }
  await mkdir(dirname(options.markerFile), { recursive: true });
  await writeFile(options.markerFile, `${JSON.stringify({ samplesInstalled: new Date().toISOString(), ...report }, null, 2)}\n`);
  return report;
}
