// A tool's message trace: the last lines that went over its link, both ways, for HostApi.readTrace.
// Bounded in lines and in characters so a tool flooding its output cannot grow the host. Secret
// preference values are masked in it: the window shows and copies it, and Settings masks them too.
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

/** What a secret preference's value is shown as in the trace (the tool gets the value itself). */
export const maskedSecret = '•••• (secret)';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const hidden = (value: unknown) => value !== undefined && value !== null; // null (cleared) reveals nothing

/**
 * Hides the values of a tool's secret preferences in the lines its trace keeps: the value in a
 * preferences/changed notice, in a storage/set request, and in the answer to a storage/get that
 * asked for a secret. A line with a secret is written again from its message (so a tool's own
 * spacing is lost there); every other line stays as it went over the wire.
 */
export class SecretMask {
  /** Ids (as JSON) of the tool's storage/get requests for a secret, until they are answered. */
  private readonly secretGets = new Set<string>();
  private static readonly maxWaiting = 1_000;

  constructor(private readonly secretIds: () => readonly string[]) {}

  mask(direction: TraceLine['direction'], text: string, method: string | undefined): string {
    if (method !== 'preferences/changed' && method !== 'storage/set' && method !== 'storage/get') return text;
    const secrets = this.secretIds();
    if (secrets.length === 0) return text;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return text;
    }
    if (!isObject(message)) return text;
    const params = isObject(message.params) ? message.params : undefined;
    const isRequest = typeof message.method === 'string';
    let masked = false;
    if (method === 'preferences/changed' && direction === 'toTool' && Array.isArray(params?.preferences)) {
      for (const entry of params.preferences as unknown[]) {
        if (isObject(entry) && secrets.includes(entry.id as string) && hidden(entry.value)) {
          entry.value = maskedSecret;
          masked = true;
        }
      }
    } else if (method === 'storage/set' && direction === 'fromTool' && isRequest && params && secrets.includes(params.id as string)) {
      if (hidden(params.value)) {
        params.value = maskedSecret;
        masked = true;
      }
    } else if (method === 'storage/get' && direction === 'fromTool' && isRequest && params && secrets.includes(params.id as string)) {
      if (this.secretGets.size >= SecretMask.maxWaiting) this.secretGets.delete(this.secretGets.values().next().value!);
      this.secretGets.add(JSON.stringify(message.id));
    } else if (method === 'storage/get' && direction === 'toTool' && !isRequest && this.secretGets.delete(JSON.stringify(message.id))) {
      if (isObject(message.result) && hidden(message.result.value)) {
        message.result.value = maskedSecret;
        masked = true;
      }
    }
    return masked ? JSON.stringify(message) : text;
  }
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
  private secrets: SecretMask | undefined;

  constructor(options: TraceOptions = {}) {
    this.maxLines = options.maxLines ?? traceDefaults.maxLines;
    this.maxText = options.maxText ?? traceDefaults.maxText;
    this.now = options.now ?? Date.now;
    this.ring = new Array(this.maxLines);
  }

  /** From now on, the values of these secret preferences are kept masked (see SecretMask). */
  maskSecrets(secretIds: () => readonly string[]): void {
    this.secrets = new SecretMask(secretIds);
  }

  append(direction: TraceLine['direction'], text: string, method?: string): TraceLine {
    const notUtf8 = hasKeptBytes(text);
    const shown = notUtf8 ? showKeptBytes(text) : (this.secrets?.mask(direction, text, method) ?? text);
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
