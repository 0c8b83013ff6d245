// What a parsed line is, by JSON-RPC 2.0's shapes: request, notice, result, failure, or not a
// message at all. Protocol-neutral: which methods exist and what their params hold is checked
// further on (the broker, the supervisor's own notices).
import { clipped } from './detached';

export type MessageId = number | string;

export type WireMessage =
  | { kind: 'request'; id: MessageId; method: string; params: unknown }
  | { kind: 'notice'; method: string; params: unknown }
  | { kind: 'result'; id: MessageId; result: unknown }
  | { kind: 'failure'; id: MessageId | null; error: { code: number; message: string; data?: unknown } }
  /** Not a message; `id` is the one to answer with (readable, else null), `problem` says why. */
  | { kind: 'invalid'; id: MessageId | null; problem: string };

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

export const isMessageId = (value: unknown): value is MessageId => typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));

export function shapeOf(value: unknown): WireMessage {
  if (Array.isArray(value)) return invalid(null, 'a batch (JSON array) is not a message');
  if (value === null || typeof value !== 'object') return invalid(null, `${describe(value)} is not a message`);
  const message = value as Record<string, unknown>;
  const id = isMessageId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0') return invalid(id, `"jsonrpc" must be "2.0", not ${describe(message.jsonrpc)}`);

  if (has(message, 'method')) {
    if (typeof message.method !== 'string') return invalid(id, `"method" must be text, not ${describe(message.method)}`);
    const params = message.params;
    if (params !== undefined && (params === null || typeof params !== 'object')) {
      return invalid(id, `"params" must be an object, not ${describe(params)}`);
    }
    if (!has(message, 'id')) return { kind: 'notice', method: message.method, params };
    if (id === null) return invalid(null, `"id" must be a whole number or text, not ${describe(message.id)}`);
    return { kind: 'request', id, method: message.method, params };
  }

  const hasResult = has(message, 'result');
  const hasError = has(message, 'error');
  if (hasResult && hasError) return invalid(id, 'an answer carries "result" or "error", not both');
  if (!hasResult && !hasError) return invalid(id, 'neither a request ("method") nor an answer ("result" or "error")');
  if (id === null && !(hasError && message.id === null)) {
    return invalid(null, `"id" must be a whole number or text, not ${describe(message.id)}`);
  }
  if (hasResult) return { kind: 'result', id: id as MessageId, result: message.result };
  const error = message.error as Record<string, unknown> | null;
  if (error === null || typeof error !== 'object' || Array.isArray(error)) {
    return invalid(id, `"error" must be an object, not ${describe(message.error)}`);
  }
  if (!Number.isSafeInteger(error.code)) return invalid(id, `"error.code" must be a whole number, not ${describe(error.code)}`);
  if (typeof error.message !== 'string') return invalid(id, `"error.message" must be text, not ${describe(error.message)}`);
  const failure = { code: error.code as number, message: error.message, ...(has(error, 'data') ? { data: error.data } : {}) };
  return { kind: 'failure', id, error: failure };
}

function invalid(id: MessageId | null, problem: string): WireMessage {
  return { kind: 'invalid', id, problem };
}

/** A value named for a log: short, and with its type when that is what is wrong. */
export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  // A copy of the start: a slice would keep the whole value's text alive in the log line naming it.
  return clipped(text, 60);
}
