// The one judgement of a tool folder, used by the installer and by `vitruvian-tool validate` alike.
// Order: the manifest's size (it is never read whole when too big), its text, its JSON, the schema
// and the rules beside it, then what only the folder can tell: runtime.exec, once symlinks are
// resolved, stays inside the folder and is a program; and the protocol is one this app speaks.
import { MANIFEST_FILE, MANIFEST_MAX_BYTES, SPOKEN_PROTOCOLS } from '../limits';
import { formatCount, quote } from '../protocol/problem-words';
import type { Manifest } from '../protocol/types';
import { manifestProblems } from './check-manifest';
import { decodeUtf8, parseManifestText, textProblem } from './manifest-text';
import { isAbsolutePath, isInside, joinPath, relativeSegments } from './tool-path';

export interface FolderEntry {
  kind: 'file' | 'folder' | 'other';
  size: number;
  /** Has an execute permission bit (files only). */
  executable: boolean;
}

/** What validation needs from a file system; src-main/host/tool-folder.ts gives Node's. */
export interface FolderAccess {
  /** What is at the path, symlinks followed; undefined when nothing is (a dangling symlink too). */
  stat(path: string): Promise<FolderEntry | undefined>;
  /** The first `maxBytes` bytes of a file (fewer when it is shorter). */
  read(path: string, maxBytes: number): Promise<Uint8Array>;
  /** The path with every symlink resolved; undefined when it leads nowhere. */
  realpath(path: string): Promise<string | undefined>;
}

export type FolderVerdict =
  | { ok: true; manifest: Manifest; /** runtime.exec, symlinks resolved */ execPath: string }
  | { ok: false; problems: string[] };

const refuse = (...problems: string[]): FolderVerdict => ({ ok: false, problems });

const failure = (error: unknown): string =>
  error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error);

type ExecFound = { problem: string } | { execPath: string };

async function execProblems(folder: string, realFolder: string, exec: string, access: FolderAccess): Promise<ExecFound> {
  const field = 'runtime.exec';
  if (isAbsolutePath(exec)) {
    return { problem: `${field}: ${quote(exec)} is an absolute path; give a path inside the tool's folder` };
  }
  const segments = relativeSegments(exec);
  if (!segments) return { problem: `${field}: ${quote(exec)} leaves the tool's folder` };
  if (segments.length === 0) return { problem: `${field}: ${quote(exec)} is the tool's folder itself, not a program` };
  const real = await access.realpath(joinPath(folder, ...segments));
  if (real === undefined) return { problem: `${field}: ${quote(exec)} does not exist in the tool's folder` };
  if (!isInside(realFolder, real)) {
    return { problem: `${field}: ${quote(exec)} leaves the tool's folder through a symlink (to ${quote(real)})` };
  }
  const entry = await access.stat(real);
  if (!entry) return { problem: `${field}: ${quote(exec)} does not exist in the tool's folder` };
  if (entry.kind !== 'file') return { problem: `${field}: ${quote(exec)} is ${entry.kind === 'folder' ? 'a folder' : 'not a regular file'}, not a program` };
  if (!entry.executable) return { problem: `${field}: ${quote(exec)} is not executable (chmod +x it)` };
  return { execPath: real };
}

/** Judges a tool folder: every problem, or the manifest and the resolved program path. */
export async function validateToolFolder(folder: string, access: FolderAccess): Promise<FolderVerdict> {
  try {
    return await judge(folder, access);
  } catch (error) {
    return refuse(`folder: ${quote(folder)} could not be read (${failure(error)})`);
  }
}

async function judge(folder: string, access: FolderAccess): Promise<FolderVerdict> {
  const folderEntry = await access.stat(folder);
  if (!folderEntry) return refuse(`folder: ${quote(folder)} does not exist`);
  if (folderEntry.kind !== 'folder') return refuse(`folder: ${quote(folder)} is not a folder`);
  const realFolder = (await access.realpath(folder)) ?? folder;

  const manifestPath = joinPath(folder, MANIFEST_FILE);
  const entry = await access.stat(manifestPath);
  if (!entry) return refuse(`${MANIFEST_FILE}: missing; the tool's folder needs one at its top`);
  if (entry.kind === 'folder') return refuse(`${MANIFEST_FILE}: a folder, expected a file`);
  if (entry.kind !== 'file') return refuse(`${MANIFEST_FILE}: not a regular file`);
  const realManifest = await access.realpath(manifestPath);
  if (realManifest === undefined || !isInside(realFolder, realManifest)) {
    return refuse(`${MANIFEST_FILE}: a symlink that leaves the tool's folder`);
  }
  const tooBig = (size: number) =>
    refuse(`${MANIFEST_FILE}: ${formatCount(size)} bytes, at most ${formatCount(MANIFEST_MAX_BYTES)}`);
  if (entry.size > MANIFEST_MAX_BYTES) return tooBig(entry.size);
  let bytes: Uint8Array;
  try {
    bytes = await access.read(manifestPath, MANIFEST_MAX_BYTES + 1);
  } catch (error) {
    return refuse(`${MANIFEST_FILE}: could not be read (${failure(error)})`);
  }
  if (bytes.length > MANIFEST_MAX_BYTES) return tooBig(bytes.length); // it grew since stat

  const notText = textProblem(bytes);
  if (notText) return refuse(`${MANIFEST_FILE}: ${notText}`);
  const parsed = parseManifestText(decodeUtf8(bytes));
  if (!parsed.ok) return refuse(`${MANIFEST_FILE}: ${parsed.reason}`);

  const problems = manifestProblems(parsed.value);
  const value = parsed.value as Partial<Record<string, unknown>> | null;
  const runtime = value && typeof value === 'object' ? (value.runtime as Record<string, unknown> | undefined) : undefined;
  const exec = runtime && typeof runtime === 'object' ? runtime.exec : undefined;
  let execPath: string | undefined;
  if (typeof exec === 'string' && exec !== '') {
    const found = await execProblems(folder, realFolder, exec, access);
    if ('problem' in found) problems.push(found.problem);
    else execPath = found.execPath;
  }
  const protocol = value && typeof value === 'object' ? value.protocol : undefined;
  if (typeof protocol === 'number' && Number.isInteger(protocol) && protocol >= 1 && !SPOKEN_PROTOCOLS.includes(protocol)) {
    problems.push(`protocol: ${protocol} is not spoken by this app (it speaks ${SPOKEN_PROTOCOLS.join(', ')})`);
  }
  if (problems.length > 0 || execPath === undefined) return refuse(...problems);
  return { ok: true, manifest: parsed.value as Manifest, execPath };
}
