// The tool's answer to initialize, judged: the protocol it picked must be one the app offered.
import { describe } from '../wire/message-shape';
import type { InitializeVerdict } from '../process/supervisor';

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
