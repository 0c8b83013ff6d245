// What a plan's files and folders were when the plan was shown, so that Apply acts on those and on
// nothing swapped in since: between the look and Apply a file can become a symbolic link to another
// (a copy would copy what it leads to) and a folder a link to elsewhere (a copy would write there).
// Each path is looked at without following a link (lstat), and held to what it was.
import type { BigIntStats } from 'node:fs';
import { lstat } from 'node:fs/promises';

/** Which file or folder is at a path: its device and inode, its type and when it was made. */
export type Identity = Pick<BigIntStats, 'dev' | 'ino' | 'mode' | 'birthtimeNs'>;

const S_IFMT = 0o170000n;

/**
 * The same one: a file removed frees its inode for the next one made, a symbolic link put in its
 * place takes it at once, so the type and the birth time (where the disk keeps one) are held too.
 */
export const sameIdentity = (a: Identity, b: Identity): boolean =>
  a.dev === b.dev && a.ino === b.ino && (a.mode & S_IFMT) === (b.mode & S_IFMT) && a.birthtimeNs === b.birthtimeNs;

/** lstat, or null when nothing is at the path (or it cannot be looked at). */
export const lookAt = (path: string): Promise<BigIntStats | null> => lstat(path, { bigint: true }).catch(() => null);

/**
 * Paths looked at together, a plan's paths being the plugin's to choose: one that never answers (a
 * stalled mount) holds a thread of Node's file pool, which has four for the whole host.
 */
const LOOKS_AT_ONCE = 2;

const kindNow = (now: BigIntStats, seen: BigIntStats): string =>
  now.isSymbolicLink() ? 'a symbolic link' : now.isDirectory() ? (seen.isDirectory() ? 'another folder' : 'a folder') : 'another file';

export class PlanSight {
  private constructor(private readonly seen: Map<string, BigIntStats | null>) {}

  /** Looks at each path once; null where nothing was. */
  static async take(paths: Iterable<string>): Promise<PlanSight> {
    const unique = [...new Set(paths)];
    const seen = new Map<string, BigIntStats | null>();
    for (let at = 0; at < unique.length; at += LOOKS_AT_ONCE) {
      const batch = unique.slice(at, at + LOOKS_AT_ONCE);
      const looks = await Promise.all(batch.map(lookAt));
      batch.forEach((path, index) => seen.set(path, looks[index]!));
    }
    return new PlanSight(seen);
  }

  /**
   * What is at `path` (`now`: by lstat, or by fstat of it opened) is the one shown; refuses naming
   * it when it is gone or another one now.
   */
  hold(path: string, now: BigIntStats | null): void {
    const seen = this.seen.get(path);
    if (!now) throw new Error(`${path} is not there any more`);
    if (!seen) throw new Error(`${path} changed since the plan was shown (it was not there then); it is left as it is`);
    if (!sameIdentity(now, seen)) throw new Error(`${path} changed since the plan was shown (it is ${kindNow(now, seen)} now); it is left as it is`);
  }

  async unchanged(path: string): Promise<void> {
    this.hold(path, await lookAt(path));
  }

  /**
   * The folder at `path` is a folder itself, not a link, and the one shown when one was there; a
   * folder first seen here holds the steps after it to itself. Its identity, to check it again.
   */
  async folder(path: string): Promise<Identity> {
    const now = await lookAt(path);
    const seen = this.seen.get(path);
    if (!now) throw new Error(seen ? `${path} is not there any more` : `the folder ${path} is not there`);
    if (now.isSymbolicLink()) throw new Error(`${path} is a symbolic link; a plan writes into a folder itself, never where a link leads`);
    if (!now.isDirectory()) throw new Error(`${path} is not a folder`);
    if (seen && !sameIdentity(now, seen)) throw new Error(`the folder ${path} changed since the plan was shown (it is another folder now)`);
    if (!seen) this.seen.set(path, now);
    return now;
  }

  /** A folder a step made, held for the steps after it (and refused if a link stands there instead). */
  async made(path: string): Promise<void> {
    this.seen.set(path, null);
    await this.folder(path);
  }
}
