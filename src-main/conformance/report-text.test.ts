import { describe, expect, it } from 'vitest';
import { check, commandRunCheck, failed, passed, quoteLine, skipped, warned } from './check-result';
import type { ConformanceReport } from './check-result';
import { reportJson, reportLines } from './report-text';

/** The checks of a report as JSON, read back. */
const checksOf = (json: string) => (JSON.parse(json) as { checks: { stderr?: string[] }[] }).checks;

const report: ConformanceReport = {
  folder: '/tools/deploys',
  tool: { id: 'com.acme.deploys', version: '1.2.0' },
  checks: [
    passed(check('folder'), 'com.acme.deploys 1.2.0'),
    failed(check('initialize'), 'no answer within 10 s'),
    skipped(commandRunCheck('deploy'), 'not run: initialize was not answered with a result'),
  ],
  pass: false,
};

describe('the conformance report', () => {
  it('for people: one PASS/FAIL/SKIP line a check, then a summary', () => {
    expect(reportLines(report)).toEqual([
      'PASS the folder validates: com.acme.deploys 1.2.0',
      'FAIL initialize answered: no answer within 10 s',
      'SKIP command/run deploy: not run: initialize was not answered with a result',
      'com.acme.deploys 1.2.0: 1 of 3 checks failed, 1 not run',
    ]);
    expect(reportLines({ ...report, checks: report.checks.slice(0, 1), pass: true }).at(-1)).toBe('com.acme.deploys 1.2.0: all 1 checks passed');
  });

  it('for machines: one JSON object, each check with name, pass and reason', () => {
    expect(JSON.parse(reportJson(report))).toEqual({
      folder: '/tools/deploys',
      tool: { id: 'com.acme.deploys', version: '1.2.0' },
      pass: false,
      checks: [
        { id: 'folder', name: 'the folder validates', pass: true, reason: 'com.acme.deploys 1.2.0' },
        { id: 'initialize', name: 'initialize answered', pass: false, reason: 'no answer within 10 s' },
        {
          id: 'command-run:deploy',
          name: 'command/run deploy',
          pass: false,
          skipped: true,
          reason: 'not run: initialize was not answered with a result',
        },
      ],
    });
    expect(reportJson(report)).not.toContain('\n');
  });

  it('shows the stderr lines a failure carries under it, and a warning that does not fail the run', () => {
    const withStderr: ConformanceReport = {
      ...report,
      checks: [failed(check('initialize'), 'the tool exited with code 1 before answering', ['tool.mjs:3', 'SyntaxError: Invalid or unexpected token'])],
    };
    expect(reportLines(withStderr)).toEqual([
      'FAIL initialize answered: the tool exited with code 1 before answering',
      '     its stderr, the last 2 lines:',
      '     | tool.mjs:3',
      '     | SyntaxError: Invalid or unexpected token',
      'com.acme.deploys 1.2.0: 1 of 1 checks failed',
    ]);
    expect(checksOf(reportJson(withStderr))[0]?.stderr).toEqual(['tool.mjs:3', 'SyntaxError: Invalid or unexpected token']);
    const warning: ConformanceReport = {
      ...report,
      checks: [passed(check('folder'), 'com.acme.deploys 1.2.0'), warned(check('line-endings'), 'all 3 lines end with \\r\\n')],
      pass: true,
    };
    expect(reportLines(warning)).toEqual([
      'PASS the folder validates: com.acme.deploys 1.2.0',
      'WARN lines end with \\n alone: all 3 lines end with \\r\\n',
      'com.acme.deploys 1.2.0: all 2 checks passed, 1 with a warning',
    ]);
    expect(checksOf(reportJson(warning))[1]).toMatchObject({ id: 'line-endings', pass: true, warning: true });
  });

  it('quotes an offending line as written, control characters escaped, long ones cut', () => {
    expect(quoteLine('{"jsonrpc":"2.0","id":1,"result":{}}')).toBe('`{"jsonrpc":"2.0","id":1,"result":{}}`');
    expect(quoteLine('ready\r\u001b[0m `go`')).toBe('`ready\\u000d\\u001b[0m \\`go\\``');
    const long = quoteLine('x'.repeat(500));
    expect(long).toBe(`\`${'x'.repeat(159)}…\``);
  });
});
