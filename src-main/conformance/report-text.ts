// The conformance report for people (one PASS/FAIL/SKIP line a check, then a summary) and for
// machines (one JSON object).
import type { ConformanceReport } from './conformance-run';

const label = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

export function reportLines(report: ConformanceReport): string[] {
  const lines = report.checks.map((check) => `${label[check.status]} ${check.name}: ${check.reason}`);
  const count = (status: 'pass' | 'fail' | 'skip') => report.checks.filter((check) => check.status === status).length;
  const who = report.tool ? `${report.tool.id} ${report.tool.version}` : report.folder;
  const [passes, fails, skips] = [count('pass'), count('fail'), count('skip')];
  const tail = skips > 0 ? `, ${skips} not run` : '';
  lines.push(
    report.pass
      ? `${who}: all ${passes} checks passed`
      : `${who}: ${fails} of ${report.checks.length} checks failed${tail}`,
  );
  return lines;
}

/** One line of JSON: the folder, the tool, whether it passed, and each check. */
export function reportJson(report: ConformanceReport): string {
  return JSON.stringify({
    folder: report.folder,
    ...(report.tool ? { tool: report.tool } : {}),
    pass: report.pass,
    checks: report.checks.map(({ id, name, status, reason }) => ({
      id, name, pass: status === 'pass', ...(status === 'skip' ? { skipped: true } : {}), reason,
    })),
  });
}
