// The conformance report for people (one PASS/FAIL/SKIP line a check, then a summary) and for
// machines (one JSON object).
import type { CheckResult } from './check-result';
import type { ConformanceReport } from './check-result';

const label = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'SKIP' } as const;

export function reportLines(report: ConformanceReport): string[] {
  const lines: string[] = [];
  for (const check of report.checks) {
    lines.push(`${label[check.status]} ${check.name}: ${check.reason}`);
    if (check.stderr) {
      lines.push(`     its stderr, the last ${check.stderr.length === 1 ? 'line' : `${check.stderr.length} lines`}:`);
      for (const line of check.stderr) lines.push(`     | ${line}`);
    }
  }
  const count = (status: CheckResult['status']) => report.checks.filter((check) => check.status === status).length;
  const who = report.tool ? `${report.tool.id} ${report.tool.version}` : report.folder;
  const [fails, skips, warns] = [count('fail'), count('skip'), count('warn')];
  const tail = skips > 0 ? `, ${skips} not run` : '';
  const warnings = warns > 0 ? `, ${warns} with a warning` : '';
  lines.push(report.pass ? `${who}: all ${report.checks.length} checks passed${warnings}` : `${who}: ${fails} of ${report.checks.length} checks failed${tail}`);
  return lines;
}

/** One line of JSON: the folder, the tool, whether it passed, and each check. */
export function reportJson(report: ConformanceReport): string {
  return JSON.stringify({
    folder: report.folder,
    ...(report.tool ? { tool: report.tool } : {}),
    pass: report.pass,
    checks: report.checks.map(({ id, name, status, reason, stderr }) => ({
      id,
      name,
      pass: status === 'pass' || status === 'warn',
      ...(status === 'skip' ? { skipped: true } : {}),
      ...(status === 'warn' ? { warning: true } : {}),
      reason,
      ...(stderr ? { stderr } : {}),
    })),
  });
}
