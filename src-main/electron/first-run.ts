// The first time the app starts, it installs the sample tools it ships with (tools-sample), so a
// person sees working tools at once. Only a sample whose interpreter is here is installed (see
// sample-interpreter.ts): one that could not run is skipped, said why, and considered again at the
// next start. A marker file lists each sample considered (installed, or refused by the installer),
// so a sample the person uninstalls stays uninstalled; it is written only once a sample was.
import { problemLines } from '../../src-shared/protocol/problem-reasons';
import { access, mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { HostApi } from '../../src-shared/host-api';
import { MANIFEST_FILE, MANIFEST_MAX_BYTES } from '../../src-shared/limits';
import { readBounded } from '../host/files/bounded-read';
import { writeFileAtomic } from '../host/files/own-files';
import { InterpreterCheck } from './sample-interpreter';

export interface FirstRunOptions {
  host: Pick<HostApi, 'installFolder'>;
  /** process.resourcesPath/tools-sample when packaged; the repository's tools-sample in development. */
  samplesFolder: string;
  /** Lists the samples considered already. */
  markerFile: string;
  /** Whether a sample's interpreter can run here (default: the PATH tools get, this platform). */
  interpreters?: InterpreterCheck;
}

export interface FirstRunReport {
  installed: string[];
  /** One line per sample that was refused, naming its folder. */
  problems: string[];
  /** Samples not installed because their interpreter is missing, with why; tried again next start. */
  skipped: { sample: string; reason: string }[];
}

/** The marker: each sample (by folder name) considered, and what came of it. */
interface Marker {
  version: 2;
  samples: Record<string, { outcome: 'installed' | 'refused'; id?: string; at: string }>;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

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

/**
 * The samples considered so far; 'all' for a marker written before markers listed them (every sample
 * was considered then) or one that cannot be read (never install again what may have been removed).
 */
async function readMarker(file: string): Promise<Marker | 'all'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { version: 2, samples: {} };
  }
  try {
    const marker = JSON.parse(text) as Partial<Marker>;
    if (marker.version === 2 && typeof marker.samples === 'object' && marker.samples !== null) return marker as Marker;
  } catch {
    // damaged: as if every sample was considered
  }
  return 'all';
}

/** The program a sample's manifest runs, when it can be read (else the installer says what is wrong). */
async function programOf(folder: string): Promise<string | undefined> {
  try {
    // Read as the installer reads a manifest: at most its limit (one byte more says it is over).
    const bytes = await readBounded(join(folder, MANIFEST_FILE), MANIFEST_MAX_BYTES + 1);
    if (bytes.length > MANIFEST_MAX_BYTES) return undefined;
    const exec = (JSON.parse(new TextDecoder().decode(bytes)) as { runtime?: { exec?: unknown } }).runtime?.exec;
    return typeof exec === 'string' ? join(folder, exec) : undefined;
  } catch {
    return undefined;
  }
}

/** Installs the samples not considered yet whose interpreter is here; undefined when none is left. */
export async function installSamplesOnFirstRun(options: FirstRunOptions): Promise<FirstRunReport | undefined> {
  const marker = await readMarker(options.markerFile);
  if (marker === 'all') return undefined;
  const pending = (await sampleFolders(options.samplesFolder)).filter((folder) => !Object.hasOwn(marker.samples, basename(folder)));
  if (pending.length === 0) return undefined;
  const interpreters = options.interpreters ?? new InterpreterCheck();
  const report: FirstRunReport = { installed: [], problems: [], skipped: [] };
  let considered = 0;
  for (const folder of pending) {
    const sample = basename(folder);
    const program = await programOf(folder);
    const missing = program === undefined ? undefined : await interpreters.missing(program);
    if (missing !== undefined) {
      report.skipped.push({ sample, reason: missing });
      continue;
    }
    const at = new Date().toISOString();
    try {
      const verdict = await options.host.installFolder(folder);
      if (verdict.ok) {
        report.installed.push(verdict.tool.id);
        marker.samples[sample] = { outcome: 'installed', id: verdict.tool.id, at };
      } else {
        report.problems.push(`${folder}: ${problemLines(verdict.problems).join('; ')}`);
        marker.samples[sample] = { outcome: 'refused', at };
      }
      considered++;
    } catch (error) {
      // The host broke, not the sample: try it again next start.
      report.problems.push(`${folder}: ${(error as Error).message}`);
    }
  }
  if (considered > 0) {
    await mkdir(dirname(options.markerFile), { recursive: true });
    await writeFileAtomic(options.markerFile, `${JSON.stringify(marker, null, 2)}\n`, 0o644);
  }
  return report;
}
