// `check --junit` as CI calls it: through the real bin, the file read back with a real XML parser
// that refuses any malformed input, one test case a check with the failure's words.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as xmldom from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junitXml } from '../conformance/junit';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'bin/vitruvian-tool.mjs');
const fixtures = join(root, 'src-main/conformance/fixtures');

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-junit-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function runBin(args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: root });
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

/** What the tests read of the parsed document (xmldom's own types need the DOM's). */
interface XmlElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
interface XmlParser {
  parseFromString(text: string, type: string): { documentElement: XmlElement | null };
}
const { DOMParser } = xmldom as unknown as { DOMParser: new (options: { errorHandler(level: string, message: string): void }) => XmlParser };

/** Parsed strictly: any warning or error of the parser fails the test. */
function parseXml(text: string): XmlElement {
  const fail = (message: string) => {
    throw new Error(`not well-formed XML: ${message}`);
  };
  // xmldom lets a bare & through in an attribute; XML does not.
  const bare = /&(?!(amp|lt|gt|quot|apos|#\d+);)/.exec(text);
  if (bare) fail(`a bare & at ${bare.index}`);
  const doc = new DOMParser({ errorHandler: (_level, message) => fail(message) }).parseFromString(text, 'text/xml');
  return doc.documentElement!;
}

const cases = (xml: XmlElement) =>
  Array.from(xml.getElementsByTagName('testcase')).map((test) => {
    const failure = test.getElementsByTagName('failure')[0];
    return { name: test.getAttribute('name'), failure: failure?.getAttribute('message') ?? undefined };
  });

describe.concurrent('check --junit', () => {
  it('writes one test case a check of a sample tool, all passed, beside the lines it prints', async () => {
    const file = join(scratch, 'kit.xml');
    const { code, stdout } = await runBin(['check', 'tools-sample/clipboard-kit', '--junit', file]);
    expect(code).toBe(0);
    const xml = parseXml(await readFile(file, 'utf8'));
    const lines = stdout.trimEnd().split('\n').slice(0, -1);
    expect(xml.tagName).toBe('testsuites');
    expect(cases(xml).map((test) => test.name)).toEqual(lines.map((line) => line.replace(/^PASS /, '').replace(/: .*/s, '')));
    expect(cases(xml).every((test) => test.failure === undefined)).toBe(true);
    expect(xml.getAttribute('tests')).toBe(String(lines.length));
    expect(xml.getAttribute('failures')).toBe('0');
  });

  it("names the failing check with its words, for a tool that prints a banner, and the plugin's checks too", async () => {
    const banner = join(scratch, 'banner.xml');
    expect((await runBin(['check', join(fixtures, 'prints-banner'), '--junit', banner])).code).toBe(1);
    const xml = parseXml(await readFile(banner, 'utf8'));
    expect(cases(xml)).toContainEqual({
      name: 'stdout carries only messages',
      failure: 'line 1, `Fixture tool 1.0 starting up`: not JSON; print to stderr instead',
    });
    expect(Number(xml.getAttribute('failures'))).toBeGreaterThan(0);
    const plugin = join(scratch, 'plugin.xml');
    const { code, stdout } = await runBin(['check', 'tools-sample/skwir-word-count', '--junit', plugin]);
    expect(code).toBe(0);
    expect(cases(parseXml(await readFile(plugin, 'utf8')))).toHaveLength(stdout.trimEnd().split('\n').length - 1);
  });

  it('--junit to a folder that does not exist fails naming the file', async () => {
    const file = join(scratch, 'no-such-folder', 'r.xml');
    const { code } = await runBin(['check', 'tools-sample/clipboard-kit', '--junit', file]);
    expect(code).toBe(1);
  });
});

describe('the JUnit file', () => {
  it('holds whatever a tool wrote: markup is escaped, characters XML cannot hold are written out', () => {
    const hostile = 'a <b>&"\'</b> \u0000\u0007 \uD800 ]]> end';
    const text = junitXml('t', [{ name: 's', cases: [{ name: hostile, classname: 'c', failure: { message: hostile, type: 'fail' }, output: hostile }] }]);
    const xml = parseXml(text);
    const test = xml.getElementsByTagName('testcase')[0]!;
    expect(test.getAttribute('name')).toBe('a <b>&"\'</b> \\u0000\\u0007 \\ud800 ]]> end');
    expect(test.getElementsByTagName('failure')[0]!.textContent).toBe('a <b>&"\'</b> \\u0000\\u0007 \\ud800 ]]> end');
  });
});
