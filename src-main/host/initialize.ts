// The tool's answer to initialize, judged: the protocol it picked must be one the app offered.
import { describe } from './message-shape';
import { PROTOCOLS_OFFERED } from './supervisor-options';

export interface InitializeVerdict {
  /** Why the tool is refused, for a person; undefined when the answer is accepted. */
  refusal?: string;
  /** The tool's own version, when it gave one. */
  version?: string;
}

export function judgeInitializeAnswer(result: unknown): InitializeVerdict {
  const answer = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
  const protocol = answer.protocol;
  if (!(PROTOCOLS_OFFERED as readonly unknown[]).includes(protocol)) {
    return {
      refusal:
        protocol === undefined
          ? 'the tool answered initialize without the protocol version it picked'
          : `the tool picked protocol ${describe(protocol)}, but the app offered only ${PROTOCOLS_OFFERED.join(', ')}`,
    };
  }
  return typeof answer.version === 'string' ? { version: answer.version } : {};
}
