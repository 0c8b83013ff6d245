// The tool's answer to initialize, judged: the protocol it picked must be one the app offered.
import type { StateReasonCode } from '../../../src-shared/host-api';
import { describe } from '../wire/message-shape';
import { PROTOCOLS_OFFERED } from '../process/supervisor-options';

export interface InitializeVerdict {
  /** Why the tool is refused; undefined when the answer is accepted. */
  refusal?: StateReasonCode;
  /** The tool's own version, when it gave one. */
  version?: string;
}

export function judgeInitializeAnswer(result: unknown): InitializeVerdict {
  const answer = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const protocol = answer.protocol;
  if (!(PROTOCOLS_OFFERED as readonly unknown[]).includes(protocol)) {
    return {
      refusal:
        protocol === undefined ? { code: 'protocolMissing' } : { code: 'protocolNotOffered', picked: describe(protocol), offered: [...PROTOCOLS_OFFERED] },
    };
  }
  return typeof answer.version === 'string' ? { version: answer.version } : {};
}
