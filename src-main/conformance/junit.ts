// JUnit XML, the report format CI systems show test by test: `check --junit` writes one test case a
// check (a FAIL, and a check that could not run, as a failure with its reason; a WARN passes with its
// words kept), and `replay --junit` one test case a recording. Whatever a tool wrote is escaped, and
// characters XML cannot hold at all are written as \uXXXX, so no tool can break the file.
import type { CheckResult, ConformanceReport } from './check-result';

/** One test case: passed, or failed with its words; `output` is kept beside it (a warning, a tool's stderr). */
export interface JunitCase {
  name: string;
  /** The group it belongs to in CI's tree: the tool's or the recording's name. */
  classname: string;
  failure?: { message: string; type: string; details?: string };
  output?: string;
}

export interface JunitSuite {
  name: string;
  cases: JunitCase[];
}

// XML 1.0 holds tab, line feed, carriage return and the characters from U+0020 on, save surrogates
// and U+FFFE/U+FFFF; anything else is written out so the file still parses.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute's value. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;');
}

const attrs = (fields: Record<string, string | number>): string =>
  Object.entries(fields)
    .map(([key, value]) => ` ${key}="${xmlText(String(value))}"`)
    .join('');

function caseXml(test: JunitCase): string {
  const inner: string[] = [];
  if (test.failure) {
    const { message, type, details } = test.failure;
    inner.push(`      <failure${attrs({ message, type })}>${xmlText(details ?? message)}</failure>`);
  }
  if (test.output) inner.push(`      <system-out>${xmlText(test.output)}</system-out>`);
  const head = `    <testcase${attrs({ name: test.name, classname: test.classname })}`;
  return inner.length === 0 ? `${head}/>` : [`${head}>`, ...inner, '    </testcase>'].join('\n');
}

/** The whole file: a testsuites element, a testsuite in it for each suite, with the counts CI shows. */
export function junitXml(name: string, suites: readonly JunitSuite[]): string {
  const count = (cases: readonly JunitCase[]) => ({ tests: cases.length, failures: cases.filter((test) => test.failure).length, errors: 0 });
  const all = suites.flatMap((suite) => suite.cases);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attrs({ name, ...count(all) })}>`];
  for (const suite of suites) {
    lines.push(`  <testsuite${attrs({ name: suite.name, ...count(suite.cases), skipped: 0 })}>`);
    for (const test of suite.cases) lines.push(caseXml(test));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

const stderrText = (check: CheckResult): string =>
  check.stderr && check.stderr.length > 0 ? `\n\nits stderr, the last lines:\n${check.stderr.map((line) => `| ${line}`).join('\n')}` : '';

/** The conformance report as one suite, a test case a check. */
export function checkSuite(report: ConformanceReport): JunitSuite {
  const who = report.tool ? `${report.tool.id} ${report.tool.version}` : report.folder;
  const classname = `check.${report.tool?.id ?? 'folder'}`;
  const cases = report.checks.map((check): JunitCase => {
    const test: JunitCase = { name: check.name, classname };
    if (check.status === 'fail' || check.status === 'skip') {
      const type = check.status === 'fail' ? 'fail' : 'not run';
      test.failure = { message: check.reason, type, details: `${check.reason}${stderrText(check)}` };
    } else if (check.status === 'warn') test.output = `WARN: ${check.reason}`;
    return test;
  });
  return { name: `vitruvian-tool check ${who}`, cases };
}
