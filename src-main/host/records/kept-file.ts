// A list the host keeps for the person in one JSON file of its data folder: read once at start,
// written whole after each change, one write at a time so the last change is the one on disk.
import type { MaybePromise } from '../../../src-shared/maybe-promise';

export interface KeptFileIo {
  read(path: string, encoding: 'utf8'): Promise<string>;
  write(path: string, data: string): Promise<void>;
}

export class KeptFile {
  private writes: Promise<void> = Promise.resolve();
  /** The write not yet begun, which a change made now joins. */
  private waiting: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly io: KeptFileIo,
  ) {}

  /** The list kept, or nothing when there is no file or it is no JSON list (its items are judged by the caller). */
  async load(): Promise<unknown[]> {
    let text: string;
    try {
      text = await this.io.read(this.path, 'utf8');
    } catch {
      return [];
    }
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? (value as unknown[]) : [];
    } catch {
      return [];
    }
  }

  saved(): Promise<void> {
    return this.writes;
  }

  /**
   * Writes the list as it is when its turn comes; a failed write does not stop the next one. Changes
   * made while a write waits its turn share it: a thousand runs in a burst make two writes, not a thousand.
   */
  save(list: () => MaybePromise<unknown[]>): Promise<void> {
    if (this.waiting) return this.waiting;
    const next = this.writes.then(async () => {
      this.waiting = undefined;
      await this.io.write(this.path, `${JSON.stringify(await list(), null, 1)}\n`);
    });
    this.waiting = next;
    this.writes = next.catch(() => undefined);
    return next;
  }
}
