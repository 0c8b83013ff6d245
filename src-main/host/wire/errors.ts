// Wire errors (a code from the one table, sent to the other side) apart from local errors
// (a string code, never sent): the split vscode-jsonrpc makes between ResponseError and
// ConnectionError.
import { ErrorCodes } from '../../../src-shared/error-codes';

export { ErrorCodes };

/** A failure that goes on the wire, or came from it: `{code, message, data?}`. */
export class ResponseError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ResponseError';
  }

  /** The `error` member of a failure message. */
  toWire(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

/**
 * The codes the peer answers its own refusals with, by fault: JSON-RPC's own by default (protocol 1's
 * table); a dialect that reads no codes (Skwir) gives one code for all, the message naming the fault.
 */
export interface RefusalCodes {
  /** A line that is not JSON (or not UTF-8). */
  notJson: number;
  /** JSON that is not a message, or a line over the limit. */
  notMessage: number;
  unknownMethod: number;
  /** A handler that broke, or an answer too large to send. */
  internal: number;
}

export const JSON_RPC_REFUSALS: RefusalCodes = {
  notJson: ErrorCodes.ParseError,
  notMessage: ErrorCodes.InvalidRequest,
  unknownMethod: ErrorCodes.MethodNotFound,
  internal: ErrorCodes.InternalError,
};

export type ConnectionErrorCode =
  | 'timeout' // no answer within the limit
  | 'cancelled' // the request was abandoned (a Skwir call cancelled): its answer is no longer awaited
  | 'closed' // the link closed (the tool exited, its stdin broke) or the peer was disposed
  | 'tooLarge'; // the message would not fit in one line of the protocol

/** A local failure of the link itself. Its code is a string and never goes on the wire. */
export class ConnectionError extends Error {
  constructor(
    readonly code: ConnectionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}
