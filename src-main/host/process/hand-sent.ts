// A message sent by hand (HostApi.sendMessage) on a running program's link, whichever its dialect:
// a request waits for its answer, its failure, its time limit or the end of the link; a notice is
// written and that is all. The host writes the envelope, so a request goes under the link's next id
// and its answer finds its way back. What the supervisor judged before (the program runs; the
// message fits, unless sent anyway) and the words of a link that ended are the caller's.
import type { CommandReasonCode, HandAnswer } from '../../../src-shared/host-api';
import type { Noun } from '../../../src-shared/reasons-en';
import { beforeAnswerEn } from '../../../src-shared/reasons-en';
import { reasonText } from './reasons';
import { ConnectionError, ResponseError } from '../wire/errors';
import type { MessageId } from '../wire/message-shape';
import type { Peer } from '../wire/peer';
import type { Settled } from '../wire/pending-requests';

/** A message to send, its kind settled and its params (an object or a list) as the person gave them. */
export interface HandSending {
  method: string;
  params?: object;
  kind: 'request' | 'notice';
}

/** How a request sent by hand ended when the link did: the caller words it (crashed, or stopped meanwhile). */
export type LinkEnded = { outcome: 'linkEnded'; ms: number; sent: Record<string, unknown> };

export interface LinkSendOptions {
  timeoutMs: number;
  /** The request is no longer waited for (see SendOptions.settled), with its id. */
  settled?(id: MessageId, how: Settled): void;
  /** It ran past its time limit (Skwir then tells the plugin with $/cancel). */
  timedOut?(id: MessageId): void;
}

export async function sendOnLink(peer: Pick<Peer, 'send' | 'notify'>, sending: HandSending, options: LinkSendOptions): Promise<HandAnswer | LinkEnded> {
  const { timeoutMs } = options;
  const { method, params, kind } = sending;
  const withParams = params === undefined ? {} : { params };
  if (kind === 'notice') {
    peer.notify(method, params);
    return { outcome: 'noticeSent', ms: 0, sent: { jsonrpc: '2.0', method, ...withParams } };
  }
  const started = performance.now();
  const { id, answer } = peer.send(method, params, { timeoutMs, settled: (how) => options.settled?.(id, how) });
  const sent = { jsonrpc: '2.0', id, method, ...withParams };
  const ms = () => Math.round(performance.now() - started);
  try {
    const result = await answer;
    return { outcome: 'result', result, ms: ms(), sent };
  } catch (error) {
    if (error instanceof ResponseError) return { outcome: 'failure', error: error.toWire(), ms: ms(), sent };
    if (error instanceof ConnectionError && error.code === 'timeout') {
      options.timedOut?.(id);
      return { outcome: 'timeout', message: `no answer within ${timeoutMs / 1000} s`, ms: ms(), sent };
    }
    if (error instanceof ConnectionError && error.code === 'tooLarge') return { outcome: 'unavailable', message: error.message, sent };
    return { outcome: 'linkEnded', ms: ms(), sent };
  }
}

/** A request whose link ended before its answer, in words: stopped meanwhile, or how the program ended. */
export function endedAnswer(how: CommandReasonCode, noun: Noun, ended: LinkEnded): HandAnswer {
  const words = how.code === 'stoppedBeforeAnswer' ? reasonText(how, noun) : `the ${noun} crashed: ${beforeAnswerEn(reasonText(how, noun))}`;
  return { outcome: 'ended', message: words, ms: ended.ms, sent: ended.sent };
}
