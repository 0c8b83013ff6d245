// A verdict with each problem as its English line: what tests of the host and the CLI compare.
import type { Problem } from '../protocol/problem-reasons';

export function inEnglish<T extends { ok: boolean }>(verdict: T): T | (Omit<T, 'problems'> & { problems: string[] }) {
  if (verdict.ok || !('problems' in verdict)) return verdict;
  return { ...verdict, problems: (verdict.problems as readonly Problem[]).map((problem) => problem.text) };
}
