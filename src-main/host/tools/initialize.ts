// Protocol 1's initialize: sent before anything else and answered before anything else is taken,
// and its answer judged (the protocol the tool picked must be one the app offered).
import { ErrorCodes, ResponseError } from '../wire/errors';
import { describe, type MessageId } from '../wire/message-shape';
import type { Peer } from '../wire/peer';
import type { InitializeVerdict } from '../process/supervisor-options';

export const PROTOCOLS_OFFERED = [1] as const;

export function judgeInitializeAnswer(result: unknown): InitializeVerdict {
  const answer = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const protocol = answer.protocol;
  if (!(PROTOCOLS_OFFERED as readonly unknown[]).includes(protocol)) {
    return {
      refusal:
        protocol === undefined ? { code: 'protocolMissing' } : { code: 'protocolNotOffered', picked: describe(protocol), offered: [...PROTOCOLS_OFFERED] },
    };
  }
  return { version: typeof answer.version === 'string' ? answer.version : 'unknown' };
}

/**
 * Sends initialize; until it is answered neither side sends anything else. The app's later output
 * is held until the tool is accepted (releaseOutput), and the tool's requests meanwhile are not
 * carried out but refused -32600 (the refusal held like the rest), its notices dropped, each
 * reported. Its answer lifts that at once, so what follows it in the same read is taken.
 */
export function sendInitializeFirst(peer: Peer, params: object, timeoutMs: number): { id: MessageId; answer: Promise<unknown> } {
  const before = 'before initialize was answered';
  const screening = peer.screen((incoming) => {
    if (incoming.kind === 'notice') return { refusal: notYet, problem: `the notice ${incoming.method} came ${before}; dropped` };
    const problem = `the request ${incoming.method} (id ${describe(incoming.id)}) came ${before}; not carried out (answered ${notYet.code})`;
    return { refusal: notYet, problem };
  });
  const sent = peer.send('initialize', params, { timeoutMs, settled: () => screening.dispose() });
  peer.holdOutput('initialize');
  return sent;
}

const notYet = new ResponseError(ErrorCodes.InvalidRequest, 'sent before initialize was answered: until it is, nothing else may be sent');
