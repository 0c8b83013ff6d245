// A tool's log: a bounded ring in memory for the Settings view, and a rotating file on disk (log-file.ts).
// Neither grows with what the tool writes: the ring drops its oldest lines, one message is cut to
// a readable length, the disk gets at most two files, and a disk slower than the tool loses lines
// (counted and said in the file) instead of queueing them in memory.
import type { HostLogCode, LogLevel, LogLine, LogSource } from '../../../src-shared/host-api';
import { Emitter } from '../../../src-shared/lifecycle';
import { hostLogLevel, hostLogText } from './host-log';
import { LogFile } from './log-file';
import { detached } from '../wire/detached';
import { maskSecretText, maskSecretValues } from './secret-text';
import { cutText } from './trace';

export interface ToolLogOptions {
  /** The log file; it rotates to `<file>.1`. */
  file: string;
  maxLines?: number;
  /** Characters kept in memory over all lines. */
  maxChars?: number;
  /** One message is cut to this many characters. */
  maxMessage?: number;
  /** The file rotates when it would grow past this. */
  maxFileBytes?: number;
  /** Text waiting for the disk; beyond it, lines are dropped from the file (not from the ring). */
  maxPendingBytes?: number;
  now?: () => number;
}

export const logDefaults = {
  maxLines: 10_000,
  maxChars: 4_000_000,
  maxMessage: 8_192,
  maxFileBytes: 4 * 1024 * 1024,
  maxPendingBytes: 1024 * 1024,
} as const;

export class ToolLog {
  private readonly _onDidAppend = new Emitter<LogLine>();
  readonly onDidAppend = this._onDidAppend.event;
  private readonly _onDidClear = new Emitter<void>();
  readonly onDidClear = this._onDidClear.event;

  private readonly file: LogFile;
  private readonly maxLines: number;
  private readonly maxChars: number;
  private readonly maxMessage: number;
  private readonly now: () => number;

  private readonly ring: (LogLine | undefined)[];
  private start = 0;
  private count = 0;
  private chars = 0;
  private seq = 0;

  private secretValues: (() => readonly string[]) | undefined;

  constructor(options: ToolLogOptions) {
    this.maxLines = options.maxLines ?? logDefaults.maxLines;
    this.maxChars = options.maxChars ?? logDefaults.maxChars;
    this.maxMessage = options.maxMessage ?? logDefaults.maxMessage;
    this.now = options.now ?? Date.now;
    this.file = new LogFile({
      file: options.file,
      maxFileBytes: options.maxFileBytes ?? logDefaults.maxFileBytes,
      maxPendingBytes: options.maxPendingBytes ?? logDefaults.maxPendingBytes,
      now: this.now,
    });
    this.ring = new Array<LogLine | undefined>(this.maxLines);
  }

  /** From now on, these values (a tool's secrets) are hidden wherever a line holds them (secret-text.ts). */
  maskSecrets(secretValues: () => readonly string[]): void {
    this.secretValues = secretValues;
  }

  append(level: LogLevel, source: LogSource, given: string, givenCode?: HostLogCode): LogLine {
    const secrets = this.secretValues?.() ?? [];
    const message = secrets.length > 0 ? maskSecretText(given, secrets, 'plain') : given;
    const code = givenCode && secrets.length > 0 ? maskSecretValues(givenCode, secrets) : givenCode;
    // Long messages are copied: one cut from a huge string elsewhere would keep that string alive.
    const kept = message.length > 1_024 && message.length <= this.maxMessage ? detached(message) : cutText(message, this.maxMessage);
    const line: LogLine = { seq: ++this.seq, time: this.now(), level, source, message: kept };
    if (code) line.code = code;
    this.push(line);
    this.file.add(line);
    this._onDidAppend.fire(line);
    return line;
  }

  /** A line of the host's own, at its level, in English with its code. */
  appendHost(code: HostLogCode): LogLine {
    return this.append(hostLogLevel(code), 'host', hostLogText(code), code);
  }

  lines(): LogLine[] {
    const out: LogLine[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.ring[(this.start + i) % this.maxLines]!);
    return out;
  }

  /** Empties the ring and the files on disk. */
  async clear(): Promise<void> {
    this.ring.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.chars = 0;
    await this.file.clear();
    this._onDidClear.fire();
  }

  /** Resolves when everything appended so far is on disk. */
  flush(): Promise<void> {
    return this.file.flush();
  }

  /** Writes what is pending and closes the file; appends after this stay in memory only. */
  async dispose(): Promise<void> {
    await this.file.close();
    this._onDidAppend.dispose();
    this._onDidClear.dispose();
  }

  /** Closes the log and deletes its files (the tool was uninstalled). */
  async remove(): Promise<void> {
    await this.dispose();
    await this.file.removeFiles();
  }

  private push(line: LogLine): void {
    if (this.count === this.maxLines) this.dropOldest();
    this.ring[(this.start + this.count) % this.maxLines] = line;
    this.count++;
    this.chars += line.message.length;
    while (this.chars > this.maxChars && this.count > 1) this.dropOldest();
  }

  private dropOldest(): void {
    const old = this.ring[this.start]!;
    this.ring[this.start] = undefined;
    this.start = (this.start + 1) % this.maxLines;
    this.count--;
    this.chars -= old.message.length;
  }
}
