// nst/JSONTestSuite written by a real tool process, one file a line: every n_ line is answered
// -32700, every y_ line -32600, in order, and the link goes on (docs/design/wire.md).
import { spawn } from 'node:child_process';
import { isUtf8 } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Peer } from './peer';
import { StreamLineReader, StreamLineWriter } from './transport';

const suite = fileURLToPath(new URL('../fixtures/json-test-suite/test_parsing', import.meta.url));
const tool = fileURLToPath(new URL('../fixtures/json-suite-tool.mjs', import.meta.url));

/** The code expected for each line the tool writes, in order (undefined: i_, either). */
function expectedCodes(): { name: string; code: number | undefined }[] {
  const expected: { name: string; code: number | undefined }[] = [];
  for (const name of readdirSync(suite)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const bytes = readFileSync(join(suite, name));
    const lines: Buffer[] = [];
    let start = 0;
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, start)) {
      lines.push(bytes.subarray(start, at));
      start = at + 1;
    }
    lines.push(bytes.subarray(start));
    const nonEmpty = lines.filter((line) => line.length > 0);
    for (const line of nonEmpty) {
      let code: number | undefined;
      if (nonEmpty.length === 1 && name.startsWith('n_')) code = -32700;
      else if (nonEmpty.length === 1 && name.startsWith('y_')) code = -32600;
      else if (!name.startsWith('i_')) code = judgedAlone(line); // a piece of a file cut by its line feeds
      expected.push({ name, code });
    }
  }
  return expected;
}

function judgedAlone(line: Buffer): number {
  if (!isUtf8(line)) return -32700;
  try {
    JSON.parse(line.toString('utf8'));
    return -32600;
  } catch {
    return -32700;
  }
}

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('JSONTestSuite through a real tool process', () => {
  it('answers every n_ line -32700 and every y_ line -32600, in order, and the link goes on', async () => {
    const child = spawn(process.execPath, [tool, suite], { stdio: ['pipe', 'pipe', 'inherit'] });
    children.push(child);
    const problems: string[] = [];
    const peer = new Peer(new StreamLineReader(child.stdout), new StreamLineWriter(child.stdin), {
      onProtocolError: (problem) => problems.push(problem.kind),
    });
    const done = new Promise<void>((resolve) => peer.onRequest('suite/done', () => resolve()));
    await done;
    const { answers } = (await peer.request('suite/answers', undefined, { timeoutMs: 20_000 })) as {
      answers: { id: unknown; error?: { code: number } }[];
    };
    const expected = expectedCodes();
    expect(answers).toHaveLength(expected.length);
    const mismatches = expected.flatMap(({ name, code }, index) => {
      const got = answers[index]?.error?.code;
      if (code === undefined) return got === -32700 || got === -32600 ? [] : [`${name}: ${got}`];
      return got === code ? [] : [`${name}: expected ${code}, got ${got}`];
    });
    expect(mismatches).toEqual([]);
    expect(answers.filter((a) => a.id !== null).map((a) => a.id)).toEqual([
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', // y_object_long_strings: its id is readable
    ]);
    expect(problems).toHaveLength(expected.length);
    peer.dispose();
  });
});
