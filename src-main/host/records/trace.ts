// A tool's message trace: the last lines that went over its link, both ways, for HostApi.readTrace.
// Bounded in lines and in characters so a tool flooding its output cannot grow the host. Secret
// preference values are masked in it: the window shows and copies it, and Settings masks them too.
import type { TraceLine, TraceRead } from '../../../src-shared/host-api';
import { deeperThan } from '../../../src-shared/json-depth';
import { TRACE_TEXT_MAX_CHARS, VALUE_MAX_DEPTH } from '../../../src-shared/limits';
import { Emitter } from '../../../src-shared/lifecycle';
import { clipped, detached } from '../wire/detached';
import { hasKeptBytes, showKeptBytes } from '../wire/not-utf8';
import { maskedSecret, maskSecretText } from './secret-text';

export interface TraceOptions {
  /** Lines kept; the oldest go first. */
  maxLines?: number;
  /** A line's text is cut to this many characters, with a note saying how much was left out. */
  maxText?: number;
  now?: () => number;
}

/** A method name is cut to this many characters in the trace (the protocols' are a few dozen). */
const MAX_METHOD = 200;

export const traceDefaults = { maxLines: 2_000, maxText: TRACE_TEXT_MAX_CHARS } as const;

/**
 * Cut a long wire line to something a person can read, saying how much was left out. `length`: the
 * whole line's, when `text` is only its start (a module's read answer, never made whole).
 */
export function cutText(text: string, max: number, length = text.length): string {
  if (length <= max) return text;
  // Never split a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${detached(text.slice(0, end))}… (${length - end} more characters)`;
}

export { maskedSecret };

/** A line holding a secret, nested too deep to be written again with the secret masked. */
export const tooDeepToShow = `${maskedSecret}: a line holding a secret, nested more than ${VALUE_MAX_DEPTH} levels deep, is not shown`;

/**
 * Set on a result whose `value` is a secret preference's (the broker's answer to storage/get of a
 * secret). The result carries it to the trace, which masks the value; JSON leaves a symbol out, so
 * the tool never sees it.
 */
export const holdsSecret: unique symbol = Symbol('holds a secret value');

type Json = Record<PropertyKey, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const hidden = (value: unknown) => value !== undefined && value !== null; // null (cleared) reveals nothing

/**
 * Hides the values of a tool's secret preferences in the lines its trace keeps: the value in a
 * preferences/changed notice, in a storage/set request, and in an answer whose result holds a secret
 * (holdsSecret). The answer is judged by what it carries, not matched to its request by id: a tool
 * may send two requests under one id. A line with a secret is written again from its message (so a
 * tool's own spacing is lost there); every other line stays as it went over the wire. Then, in any
 * line either way, each secret's value is hidden where it shows (a tool pasting the secret it read):
 * secret-text.ts.
 */
export class SecretMask {
  constructor(
    private readonly secretIds: () => readonly string[],
    private readonly secretValues: () => readonly string[] = () => [],
  ) {}

  /** `sent` is the message a line to the tool was made from. */
  mask(direction: TraceLine['direction'], text: string, method: string | undefined, sent?: object): string {
    const byField = this.maskFields(direction, text, method, sent);
    const values = this.secretValues();
    return values.length === 0 || byField === tooDeepToShow ? byField : maskSecretText(byField, values, 'json');
  }

  private maskFields(direction: TraceLine['direction'], text: string, method: string | undefined, sent?: object): string {
    if (direction === 'toTool' && isObject(sent) && isObject(sent.result) && sent.result[holdsSecret] === true) {
      if (!hidden(sent.result.value)) return text;
      return JSON.stringify({ ...sent, result: { ...sent.result, value: maskedSecret } });
    }
    if (method !== 'preferences/changed' && method !== 'storage/set') return text;
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
    let masked = false;
    if (method === 'preferences/changed' && direction === 'toTool' && Array.isArray(params?.preferences)) {
      for (const entry of params.preferences as unknown[]) {
        if (isObject(entry) && secrets.includes(entry.id as string) && hidden(entry.value)) {
          entry.value = maskedSecret;
          masked = true;
        }
      }
    } else if (method === 'storage/set' && direction === 'fromTool' && typeof message.method === 'string' && params && secrets.includes(params.id as string)) {
      if (hidden(params.value)) {
        params.value = maskedSecret;
        masked = true;
      }
    }
    if (!masked) return text;
    // Written again, the line would be walked by JSON.stringify: one nested too deep is not shown.
    return deeperThan(message, VALUE_MAX_DEPTH, 'message') ? tooDeepToShow : JSON.stringify(message);
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
  /** Lines pushed out of the ring since it began or was cleared, for the window to say so. */
  private dropped = 0;
  private seq = 0;
  private secrets: SecretMask | undefined;

  constructor(options: TraceOptions = {}) {
    this.maxLines = options.maxLines ?? traceDefaults.maxLines;
    this.maxText = options.maxText ?? traceDefaults.maxText;
    this.now = options.now ?? Date.now;
    this.ring = new Array<TraceLine | undefined>(this.maxLines);
  }

  /** From now on, the values of these secret preferences are kept masked, and these values wherever they show (see SecretMask). */
  maskSecrets(secretIds: () => readonly string[], secretValues?: () => readonly string[]): void {
    this.secrets = new SecretMask(secretIds, secretValues);
  }

  /** `sent`: for a line to the tool, the message it was made from (see SecretMask); `length`: the whole line's, when `text` is its start. */
  append(direction: TraceLine['direction'], text: string, method?: string, sent?: object, length?: number): TraceLine {
    const notUtf8 = hasKeptBytes(text);
    const shown = notUtf8 ? showKeptBytes(text) : (this.secrets?.mask(direction, text, method, sent) ?? text);
    const cut = length === undefined ? cutText(shown, this.maxText) : cutText(shown, Math.min(this.maxText, shown.length), length);
    const line: TraceLine = { seq: ++this.seq, time: this.now(), direction, text: cut };
    // The method as the tool wrote it may be any length: a long one is kept cut, as a copy.
    if (method !== undefined) line.method = clipped(method, MAX_METHOD, '…');
    if (notUtf8) line.notUtf8 = true;
    if (this.count < this.maxLines) {
      this.ring[(this.start + this.count) % this.maxLines] = line;
      this.count++;
    } else {
      this.ring[this.start] = line;
      this.start = (this.start + 1) % this.maxLines;
      this.dropped++;
    }
    this._onDidAppend.fire(line);
    return line;
  }

  lines(): TraceLine[] {
    const out: TraceLine[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.ring[(this.start + i) % this.maxLines]!);
    return out;
  }

  /** The lines kept, with how many older ones were let go of. */
  read(): TraceRead {
    return { lines: this.lines(), dropped: this.dropped };
  }

  clear(): void {
    this.ring.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.dropped = 0;
  }

  dispose(): void {
    this._onDidAppend.dispose();
    this.clear();
  }
}
