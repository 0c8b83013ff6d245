// The peer's outgoing side: serialize, keep every line within the cap, hold output while the
// protocol says to send nothing yet, and write without ever throwing.
import { TRACE_TEXT_MAX_CHARS } from '../../../src-shared/limits';
import { ConnectionError } from './errors';
import type { Disposable } from '../../../src-shared/lifecycle';
import type { Line, LineWriter } from './transport';

export interface OutboxOptions {
  maxLineBytes: number;
  /** Each line as it is written, with the message it was made from. */
  onTrace?(text: string, method: string | undefined, message: object, length?: number): void;
  onProblem(kind: 'tooLarge' | 'queueFull', message: string): void;
  /** A write left the writer congested: the caller stops reading until it drains. */
  onCongested(): void;
}

/** 'tooLarge': the message is over the line cap (or not serializable); 'closed': the link is gone. */
type Failed = (error: ConnectionError) => void;

/**
 * A result already written as JSON, put into its answer's line as it is. A Skwir read is answered
 * with 5.6 MB of base64, which needs no escaping, yet JSON.stringify scans it character by
 * character: 15 to 30 ms a read here (Node 20), as long as all else the host does to serve it
 * (bench/skwir-read.ts). Whoever makes one vouches that `json` is valid JSON; given as bytes (a
 * long one, never made a string), that it is ASCII: the line is then written in pieces, and the
 * trace is given its start and its length.
 */
export class JsonText {
  constructor(readonly json: string | Buffer) {}
}

/** The message's line; a JsonText result goes in as written. */
function serialize(message: object): Line {
  const result = (message as { result?: unknown }).result;
  if (!(result instanceof JsonText)) return JSON.stringify(message);
  const rest = JSON.stringify({ ...message, result: undefined }); // {"jsonrpc":"2.0","id":1}
  const head = `${rest.slice(0, -1)}${rest === '{}' ? '' : ','}"result":`;
  return typeof result.json === 'string' ? `${head}${result.json}}` : { head, bytes: result.json, tail: '}' };
}

/** A line's characters. */
const charsOf = (line: Line): number => (typeof line === 'string' ? line.length : line.head.length + line.bytes.length + line.tail.length);

/** A line's bytes, when it may be over `max` (n UTF-16 units are at most 3n bytes: most lines need no count). */
function overMax(line: Line, max: number): boolean {
  if (typeof line === 'string') return line.length * 3 > max && Buffer.byteLength(line) > max;
  return Buffer.byteLength(line.head) + line.bytes.length + Buffer.byteLength(line.tail) > max;
}

/** Messages held (protocol 1's before initialize is answered); past this they are dropped, and said so. */
const HELD_LIMIT = 1024;
/** Their characters: a refusal echoes the tool's request id, which may be most of a line long. */
export const HELD_MAX_CHARS = 4 * 2 ** 20;

export class Outbox {
  private held: { text: Line; method?: string; message: object; failed?: Failed }[] | undefined;
  /** What held output waits for, for the words when too much does. */
  private awaited = '';
  private heldChars = 0;
  private closed = false;
  /** The writer's stream is gone: lines are dropped untraced (they would never be sent). */
  private writerClosed = false;
  private readonly writerSubscription: Disposable;

  constructor(
    private readonly writer: LineWriter,
    private readonly options: OutboxOptions,
  ) {
    this.writerSubscription = writer.onClose(() => (this.writerClosed = true));
  }

  /** Writes one message, or calls `failed` (tooLarge, closed); never throws. */
  send(message: object, method?: string, failed?: Failed): void {
    if (this.closed) return;
    let text: Line;
    try {
      text = serialize(message);
    } catch (error) {
      failed?.(new ConnectionError('tooLarge', `${method ?? 'a message'} could not be serialized: ${String(error)}`));
      return;
    }
    const max = this.options.maxLineBytes;
    if (overMax(text, max)) {
      const error = new ConnectionError('tooLarge', `${method ?? 'a message'} is over the ${max} bytes a line may hold`);
      if (failed) failed(error);
      else this.options.onProblem('tooLarge', `${error.message}; not sent`);
      return;
    }
    if (!this.held) {
      this.write(text, method, message, failed);
    } else if (this.held.length >= HELD_LIMIT) {
      this.options.onProblem('queueFull', `too much output waited for ${this.awaited}; ${method ?? 'a message'} was dropped`);
    } else if (this.heldChars + charsOf(text) > HELD_MAX_CHARS) {
      this.options.onProblem(
        'queueFull',
        `more than ${HELD_MAX_CHARS.toLocaleString('en-US')} characters of output waited for ${this.awaited}; ${method ?? 'a message'} was dropped`,
      );
    } else {
      this.held.push({ text, method, message, failed });
      this.heldChars += charsOf(text);
    }
  }

  hold(awaited: string): void {
    this.held ??= [];
    this.awaited = awaited;
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.heldChars = 0;
    for (const { text, method, message, failed } of held) this.write(text, method, message, failed);
  }

  close(): void {
    this.closed = true;
    this.held = undefined;
    this.heldChars = 0;
    this.writerSubscription.dispose();
  }

  private write(text: Line, method: string | undefined, message: object, failed: Failed | undefined): void {
    if (this.closed) return;
    if (this.writerClosed) {
      failed?.(new ConnectionError('closed', `the link is closed; ${method ?? 'a message'} not sent`));
      return;
    }
    this.writer.write(text)?.catch((error: unknown) => {
      failed?.(error instanceof ConnectionError ? error : new ConnectionError('closed', String(error)));
    });
    // Traced once on its way: the line is not kept waiting for the trace. One in pieces is traced
    // by its start, as far as the trace shows a line, and its length.
    if (typeof text === 'string') this.options.onTrace?.(text, method, message);
    else this.options.onTrace?.(text.head + text.bytes.toString('latin1', 0, TRACE_TEXT_MAX_CHARS), method, message, charsOf(text));
    if (this.writer.congested) this.options.onCongested();
  }
}
