// A tool's log on disk: one file rotated to `<file>.1` past its size, so at most two. Lines are
// encoded to bytes as they come and written in batches; the bytes waiting for the disk are capped,
// and a disk slower than the tool loses lines, counted and said in the file, instead of queueing
// them in memory. log-file.ts is the file alone; logs.ts holds the lines in memory and hands each here.
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LogLevel, LogLine, LogSource } from '../../../src-shared/host-api';
import { makeOwnFolder, ownerOnly } from '../files/own-files';

export interface LogFileOptions {
  /** The log file; it rotates to `<file>.1`. */
  file: string;
  /** The file rotates when it would grow past this. */
  maxFileBytes: number;
  /** Text waiting for the disk; beyond it, lines are dropped from the file. */
  maxPendingBytes: number;
  now: () => number;
}

/**
 * The text of one turn's lines waits as strings up to this many UTF-16 units (about a chunk of a
 * tool's output), then is encoded at once: a long turn does not hold many strings on the heap.
 */
const TURN_CHARS = 65_536;
/**
 * Lines wait this long for others before they are written, unless WRITE_AT_BYTES of them are
 * waiting: a plugin that logs a line a call (many calls a millisecond) costs the disk one write
 * every few hundred calls, not one a call, each a wake of a thread of Node's pool.
 */
const GATHER_MS = 10;
const WRITE_AT_BYTES = 65_536;

/** A line's level and source as the file's columns show them. */
const levelColumn: Record<LogLevel, string> = { error: 'error', warn: 'warn ', info: 'info ', debug: 'debug' };
const sourceColumn: Record<LogSource, string> = { tool: 'tool    ', stderr: 'stderr  ', protocol: 'protocol', host: 'host    ' };

export class LogFile {
  private readonly file: string;
  private readonly maxFileBytes: number;
  private readonly maxPendingBytes: number;
  private readonly now: () => number;

  /**
   * The bytes waiting for the disk, encoded as each line comes: under a flood a line may wait for
   * many turns of the event loop, and thousands of small strings waiting that long would each be
   * moved to V8's old generation, which then grows by tens of MB before it is collected.
   */
  private pending: Buffer | undefined;
  private pendingBytes = 0;
  /** This turn's lines for the file, not encoded yet, and their length in UTF-16 units. */
  private turn: string[] = [];
  private turnChars = 0;
  private droppedFromFile = 0;
  private writing: Promise<void> | undefined;
  /** Ends the wait of the lines gathered for the next write, while there is one. */
  private gathered: (() => void) | undefined;
  private handle: FileHandle | undefined;
  private fileBytes = 0;
  private closed = false;
  private lastTime = Number.NaN;
  private lastTimeText = '';

  constructor(options: LogFileOptions) {
    this.file = options.file;
    this.maxFileBytes = options.maxFileBytes;
    this.maxPendingBytes = options.maxPendingBytes;
    this.now = options.now;
  }

  /** Empties the file and its rotated one; lines waiting for the disk are let go. */
  async clear(): Promise<void> {
    this.pending = undefined;
    this.pendingBytes = 0;
    this.turn = [];
    this.turnChars = 0;
    this.droppedFromFile = 0;
    await this.writing;
    await this.closeFile();
    await this.removeFiles();
  }

  /** Resolves when every line added so far is on disk. */
  async flush(): Promise<void> {
    this.endGathering();
    this.encodeTurn();
    while (this.writing) await this.writing;
  }

  /** Writes what is waiting and closes the file; lines added after this are not written. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.closeFile();
  }

  async removeFiles(): Promise<void> {
    await rm(this.file, { force: true });
    await rm(`${this.file}.1`, { force: true });
  }

  /** A line for the file: written with those of the next few milliseconds. */
  add(line: LogLine): void {
    if (this.closed) return;
    const { message } = line;
    const text = `${this.timeText(line.time)} ${levelColumn[line.level]} ${sourceColumn[line.source]} ${message.includes('\n') ? message.replace(/\r?\n/g, '\\n') : message}\n`;
    // A flood's lines come many to a turn (a chunk of the tool's output): they are encoded at the
    // turn's end in one go, one call into the encoder for the lot instead of one a line.
    if (this.turn.length === 0) queueMicrotask(() => this.encodeTurn());
    this.turn.push(text);
    this.turnChars += text.length;
    if (this.turnChars > TURN_CHARS) this.encodeTurn();
  }

  /** The lines of this turn into the bytes waiting for the disk, as many as the cap lets in. */
  private encodeTurn(): void {
    const lines = this.turn;
    if (lines.length === 0) return;
    this.turn = [];
    const chars = this.turnChars;
    this.turnChars = 0;
    if (this.closed) return;
    // A line has at least as many bytes as UTF-16 units, and at most three times as many.
    if (chars > this.maxPendingBytes - this.pendingBytes) {
      for (const one of lines) this.encode(one); // not all fit: those that do get in, the rest are counted
      return;
    }
    const text = lines.length === 1 ? lines[0]! : lines.join('');
    let size: number | undefined;
    if (3 * chars > this.room()) {
      size = Buffer.byteLength(text);
      if (this.pendingBytes + size > this.maxPendingBytes) {
        for (const one of lines) this.encode(one);
        return;
      }
    }
    this.store(text, size);
  }

  /** One line into the bytes waiting for the disk, or counted as dropped when they are full. */
  private encode(text: string): void {
    // Its UTF-16 units alone may already say it does not fit, and its bytes need not be counted.
    const size = this.pendingBytes + text.length > this.maxPendingBytes ? undefined : Buffer.byteLength(text);
    if (size === undefined || this.pendingBytes + size > this.maxPendingBytes) {
      this.droppedFromFile++;
      this.writing ??= this.writeLoop();
      this.endGathering();
      return;
    }
    this.store(text, size);
  }

  /** Text that fits under the cap into the bytes waiting for the disk; `size`, its bytes, when counted. */
  private store(text: string, size?: number): void {
    if (size !== undefined && size > this.room()) this.growPending(this.pendingBytes + size);
    this.pendingBytes += this.pending!.write(text, this.pendingBytes);
    this.writing ??= this.writeLoop();
    if (this.pendingBytes >= WRITE_AT_BYTES) this.endGathering();
  }

  /** Waits for more lines to write with those waiting, at most GATHER_MS, less once WRITE_AT_BYTES wait or lines are dropped. */
  private gather(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.endGathering(), GATHER_MS);
      this.gathered = () => {
        clearTimeout(timer);
        resolve();
      };
      if (this.pendingBytes >= WRITE_AT_BYTES || this.droppedFromFile > 0) this.endGathering();
    });
  }

  /** The lines gathered so far are written now. */
  private endGathering(): void {
    const gathered = this.gathered;
    this.gathered = undefined;
    gathered?.();
  }

  private room(): number {
    return (this.pending?.length ?? 0) - this.pendingBytes;
  }

  /** A line's time as the file shows it; lines of the same millisecond share one. */
  private timeText(time: number): string {
    if (time !== this.lastTime) {
      this.lastTime = time;
      this.lastTimeText = new Date(time).toISOString();
    }
    return this.lastTimeText;
  }

  /** A bigger buffer for the pending bytes: doubling, never past the cap. */
  private growPending(needed: number): void {
    const grown = Buffer.allocUnsafe(Math.min(this.maxPendingBytes, Math.max(needed, 2 * (this.pending?.length ?? 0), 4_096)));
    this.pending?.copy(grown, 0, 0, this.pendingBytes);
    this.pending = grown;
  }

  private async writeLoop(): Promise<void> {
    try {
      while (this.pendingBytes > 0 || this.droppedFromFile > 0) {
        await this.gather();
        let bytes = this.pending?.subarray(0, this.pendingBytes) ?? Buffer.alloc(0);
        this.pending = undefined; // lines that come while these are written go to a new buffer
        this.pendingBytes = 0;
        if (this.droppedFromFile > 0) {
          const note = `${new Date(this.now()).toISOString()} warn  host     ${this.droppedFromFile} lines were not written to this file: the tool logged faster than the disk took them\n`;
          bytes = Buffer.concat([bytes, Buffer.from(note)]);
          this.droppedFromFile = 0;
        }
        await this.write(bytes);
      }
    } catch {
      // A log that cannot be written must not take the host down; the ring still has the lines.
    } finally {
      this.writing = undefined;
    }
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.handle) await this.openFile();
    if (this.fileBytes > 0 && this.fileBytes + bytes.length > this.maxFileBytes) {
      await this.closeFile();
      await rename(this.file, `${this.file}.1`);
      await this.openFile();
    }
    await this.handle!.write(bytes);
    this.fileBytes += bytes.length;
  }

  private async openFile(): Promise<void> {
    await makeOwnFolder(dirname(this.file));
    this.handle = await open(this.file, 'a', ownerOnly.file);
    this.fileBytes = (await this.handle.stat()).size;
  }

  private async closeFile(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    this.fileBytes = 0;
    await handle?.close();
  }
}
