// One judged point of the conformance run: a PASS or a FAIL with its reason, or a check that could
// not run because an earlier one left nothing to judge (SKIP, which still fails the run).

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  /** Stable for machines: `initialize`, `command-run:copyGreeting`, ... */
  id: string;
  /** What is checked, in words: the line's title. */
  name: string;
  status: CheckStatus;
  /** Why it passed or failed, quoting the message that broke it. */
  reason: string;
}

export const passed = (id: string, name: string, reason: string): CheckResult => ({ id, name, status: 'pass', reason });
export const failed = (id: string, name: string, reason: string): CheckResult => ({ id, name, status: 'fail', reason });
export const skipped = (id: string, name: string, reason: string): CheckResult => ({ id, name, status: 'skip', reason });

const QUOTED_CHARS = 160;

/**
 * A line of the wire (or of stderr) quoted for a reason: between backticks, as written, with
 * control characters escaped and cut to a readable length.
 */
export function quoteLine(text: string, max = QUOTED_CHARS): string {
  const chars = [...text];
  const shown = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
  const escaped = shown.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029`]/g, (c) =>
    c === '`' ? '\\`' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `\`${escaped}\``;
}

/** A duration for a reason: `35 ms`, `2.5 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}
