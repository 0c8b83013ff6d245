// The host's reasons as data (src-shared/host-api.ts), put in the window's words. The host also sends
// them in English; the window uses that text for a reason without data or with a code it does not
// know (a newer host), never a blank.
import type { CommandOutcome, ProblemCode, EntrySummary } from '../../src-shared/host-api';
import type { Noun } from '../../src-shared/reasons-en';
import type { Words } from './words';

/** What a reason speaks of: the tool or the plugin. */
export const nounOf = (tool: { kind?: EntrySummary['kind'] }): Noun => (tool.kind === 'plugin' ? 'plugin' : 'tool');

/** Why a tool is in its state, in the window's language. */
export function stateReasonText(
  words: Words,
  tool: Pick<EntrySummary, 'stateReason' | 'stateReasonCode'> & { kind?: EntrySummary['kind'] },
): string | undefined {
  return (tool.stateReasonCode && words.reason(tool.stateReasonCode, nounOf(tool))) ?? tool.stateReason;
}

/**
 * A refusal the host answered (a preference value, a restart), in the window's language, as a
 * sentence of its own. The host's English, a line for tool authors (`id: ...`), stays as it is.
 */
export function problemText(words: Words, problem: string, code: ProblemCode | undefined, noun: Noun = 'tool'): string {
  const worded = code && words.reason(code, noun);
  return worded ? worded.charAt(0).toUpperCase() + worded.slice(1) : problem;
}

/** What came of a command: the outcome, and why when the host said why. */
export function commandOutcomeText(words: Words, run: CommandOutcome | { outcome: 'running' }): string {
  const word = words.outcomes[run.outcome];
  if (!('message' in run) || !run.message) return word;
  // A refusal's message is the tool's own words, shown as it wrote them.
  const known = run.outcome === 'refused' ? undefined : run.reasonCode && words.reason(run.reasonCode);
  const why = known === undefined ? run.message : run.outcome === 'crashed' ? words.beforeAnswer(known) : known;
  return words.withDetail(word, why);
}
