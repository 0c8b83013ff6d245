// A tool's message trace: the last lines that went over its link, both ways, for HostApi.readTrace.
// Bounded in lines and in characters so a tool flooding its output cannot grow the host.
import type { TraceLine } from '../../src-shared/host-api';
import { Emitter } from '../../src-shared/lifecycle';
import { hasKeptBytes, showKeptBytes } from './not-utf8';

export interface TraceOptions {
  /** Lines kept; the oldest go first. */
  maxLines?: number;
  /** A line's text is cut to this many characters, with a note saying how much was left out. */
  maxText?: number;
  now?: () => number;
}

export const traceDefaults = { maxLines: 2_000, maxText: 4_096 } as const;

/**
 * A copy of `text` that shares nothing with it. A V8 slice keeps its whole original alive, so a
 * ring of lines cut from huge ones would hold every huge one.
 */
export const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** Cut a long wire line to something a person can read, saying how much was left out. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${detached(text.slice(0, end))}… (${text.length - end} more characters)`;
}

export class ToolTrace {
  private readonly _onDidAppend = new Emitter<TraceLine>();
  readonly onDidAppend = this._onDidAppend.event;

  private readonly maxLines: number;
  private readonly maxText: number;
  private readonly now: () => number;
  private readonly ring: (TraceLine | undefined)[];
  private start = 0;
  private count = 0;
  private seq = 0;

  constructor(options: TraceOptions = {}) {
    this.maxLines = options.maxLines ?? traceDefaults.maxLines;
    this.maxText = options.maxText ?? traceDefaults.maxText;
    this.now = options.now ?? Date.now;
    this.ring = new Array(this.maxLines);
  }

  append(direction: TraceLine['direction'], text: string, method?: string): TraceLine {
    const notUtf8 = hasKeptBytes(text);
    const shown = notUtf8 ? showKeptBytes(text) : text;
    const line: TraceLine = { seq: ++this.seq, time: this.now(), direction, text: cutText(shown, this.maxText) };
    if (method !== undefined) line.method = method;
    if (notUtf8) line.notUtf8 = true;
    if (this.count < this.maxLines) {
      this.ring[(this.start + this.count) % this.maxLines] = line;
      this.count++;
    } else {
      this.ring[this.start] = line;
      this.start = (this.start + 1) % this.maxLines;
    }
    this._onDidAppend.fire(line);
    return line;
  }

  lines(): TraceLine[] {
    const out: TraceLine[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.ring[(this.start + i) % this.maxLines]!);
    return out;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.start = 0;
    this.count = 0;
  }

  dispose(): void {
    this._onDidAppend.dispose();
    this.clear();
  }
}
