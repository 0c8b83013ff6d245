// One judged point of the conformance run: a PASS or a FAIL with its reason, a WARN (something a
// tool author should hear of that the app copes with; it does not fail the run), or a check that
// could not run because an earlier one left nothing to judge (SKIP, which still fails the run). The
// checks are named in one table, in the order the report lists them.

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface CheckName {
  /** Stable for machines: `initialize`, `command-run:copyGreeting`, ... */
  id: string;
  /** What is checked, in words: the line's title. */
  name: string;
}

export interface CheckResult extends CheckName {
  status: CheckStatus;
  /** Why it passed or failed, quoting the message that broke it. */
  reason: string;
  /** The tool's last lines on stderr, shown under a failure they may explain. */
  stderr?: string[];
}

/** Every check, in the report's order; `command-run` stands for one check per declared command. */
export const checkNames = {
  folder: 'the folder validates',
  initialize: 'initialize answered',
  'quiet-before-initialize': 'nothing sent before initialize was answered',
  stdout: 'stdout carries only messages',
  'line-endings': 'lines end with \\n alone',
  'unknown-request': 'unknown request answered -32601',
  'unknown-notice': 'unknown notice ignored',
  'language-changed': 'language/changed survived',
  'unknown-fields': 'unknown fields ignored',
  'command-run': 'command/run',
  'preferences-changed': 'preferences/changed survived',
  'commands-state': 'commands/state names only declared commands',
  services: 'requests only for services in uses',
  'messages-fit': 'messages fit protocol 1',
  shutdown: 'exits 0 after shutdown',
} as const;

export type CheckId = keyof typeof checkNames;

export const check = (id: CheckId): CheckName => ({ id, name: checkNames[id] });

/** The check of one declared command. */
export const commandRunCheck = (command: string): CheckName => ({ id: `command-run:${command}`, name: `command/run ${command}` });

export const passed = (which: CheckName, reason: string): CheckResult => ({ ...which, status: 'pass', reason });
export const failed = (which: CheckName, reason: string, stderr?: string[]): CheckResult =>
  stderr && stderr.length > 0 ? { ...which, status: 'fail', reason, stderr } : { ...which, status: 'fail', reason };
export const warned = (which: CheckName, reason: string): CheckResult => ({ ...which, status: 'warn', reason });
export const skipped = (which: CheckName, reason: string): CheckResult => ({ ...which, status: 'skip', reason });

const QUOTED_CHARS = 160;

/**
 * A line of the wire (or of stderr) quoted for a reason: between backticks, as written, with
 * control characters escaped and cut to a readable length.
 */
export function quoteLine(text: string, max = QUOTED_CHARS): string {
  const chars = [...text];
  const shown = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
  const escaped = shown.replace(/[\p{Cc}\u2028\u2029`]/gu, (c) => (c === '`' ? '\\`' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return `\`${escaped}\``;
}

/** A duration for a reason: `35 ms`, `2.5 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

/** What one conformance run found. */
export interface ConformanceReport {
  folder: string;
  /** The tool's id and version, once its folder validated. */
  tool?: { id: string; version: string };
  checks: CheckResult[];
  /** Every check passed. */
  pass: boolean;
}
