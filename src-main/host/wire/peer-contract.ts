// What the JSON-RPC peer (peer.ts) is given and tells: the handlers of what comes, the problems it
// reports with the other side's output, its options, the dialect's screen, and a request's options.
import type { LineLimit } from '../../../src-shared/limits';
import type { RefusalCodes, ResponseError } from './errors';
import type { MessageId } from './message-shape';
import type { Settled } from './pending-requests';

/** Answers a request with a value, or a promise of one. */
export type RequestHandler = (params: unknown, method: string) => unknown;
export type NoticeHandler = (params: unknown, method: string) => void;

export type ProtocolProblemKind =
  | 'notJson' // answered -32700 (the refusal codes' notJson)
  | 'notMessage' // answered -32600 (notMessage)
  | 'oversize' // answered -32600 (notMessage)
  | 'unterminated' // the link ended inside a line
  | 'unknownAnswer' // an answer whose id matches no pending request: dropped
  | 'answeredTwice' // a second answer to a request answered already: dropped
  | 'lateAnswer' // an answer after its request timed out: dropped
  | 'handlerFailed' // a handler threw something other than a ResponseError: answered -32603 (internal)
  | 'tooLarge' // an outgoing message over the line cap was not sent
  | 'queueFull' // output held (by the dialect) overflowed: dropped
  | 'screenedOut' // a request (refused, not carried out) or notice (dropped) the dialect's screen turned away
  | 'linkFailed'; // the other side's output failed (a read error): the link closes

export interface ProtocolProblem {
  kind: ProtocolProblemKind;
  /** In words for the tool's log, naming the value. */
  message: string;
  /** The failure code answered, when one was. */
  answered?: number;
}

export type TraceDirection = 'sent' | 'received';

export interface PeerOptions {
  /** Every problem with the other side's output (and ours), for the tool's log. */
  onProtocolError?(problem: ProtocolProblem): void;
  /**
   * Every line both ways; `method` is the request's or notice's, or for answers the one answered.
   * A line sent comes with the message it was made from (a result keeps what its handler returned).
   * `length`: the whole line's characters, when `text` is only its start (an answer whose data came
   * as bytes, answer-data.ts: the line was never made text).
   */
  onTrace?(direction: TraceDirection, text: string, method?: string, sent?: object, length?: number): void;
  /** Answers requests with no handler of their own; without it they are refused as unknown. */
  fallbackRequestHandler?: RequestHandler;
  /** The codes of the peer's own refusals: JSON-RPC's (protocol 1's) unless the dialect gives its own. */
  refusalCodes?: RefusalCodes;
  /**
   * The protocol's line limit (protocol 1's by default), for the lines sent: bigger messages are not
   * sent (requests reject, answers become -32603). The reader is given the same limit.
   */
  lineLimit?: LineLimit;
  /** Requests being handled at once; past this, reading waits (memory stays bounded). */
  maxConcurrentRequests?: number;
}

/** A request or notice from the other side, as a screen sees it before any handler does. */
export type Incoming = { kind: 'request'; id: MessageId; method: string } | { kind: 'notice'; method: string };

/**
 * Turns away what comes while the dialect takes none of it: undefined lets it through. A request
 * turned away is answered `refusal` and not carried out, a notice dropped; `problem` is reported.
 */
export type Screen = (incoming: Incoming) => { refusal: ResponseError; problem: string } | undefined;

export interface SendOptions {
  timeoutMs?: number;
  /**
   * Called once the request is no longer waited for (answered, timed out, abandoned, failed or the
   * link closed), in that same turn: a line that came in the same read after its answer sees it
   * done. Never called from within send() (a link closed already rejects the answer instead).
   */
  settled?: (how: Settled) => void;
  /**
   * A long answer's `result.data`, when it is base64, may come decoded rather than as text: `data`
   * is then "" and its bytes are decodedDataOf(result)'s (answer-data.ts), for the caller to take and
   * let go. Nothing else of the answer changes.
   */
  dataAsBytes?: boolean;
}
