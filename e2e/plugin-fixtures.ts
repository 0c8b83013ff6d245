// What the e2e tests of Skwir plugins are given: a plugin written here, which answers a plan for any
// file (renamed with .bak added) and takes 30 s to inspect a .slow file once it read half of it, for
// a call to be seen slow, its progress said, and cancelled; one answering more than the window shows; and the files they give the plugins.
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { samplesFolder } from './testbed-process';

/** Writes the files given to plugins into `folder` (made if missing). */
export async function writeGivenFiles(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const file = (name: string) => join(folder, name);
  await writeFile(file('three.txt'), 'three small words\n');
  await writeFile(file('notes.md'), '# Notes\n\nfive words are in here\n');
  await writeFile(file('keep.txt'), 'keep me as I am\n');
  await writeFile(file('nap.slow'), 'zzz\n');
  // 10,240 bytes counting up, then a needle: the needle starts at 0x2800.
  await writeFile(file('data.bin'), Buffer.concat([Buffer.from(Array.from({ length: 10_240 }, (_, n) => n % 256)), Buffer.from('needle in the hay')]));
  await writeFile(file('dot.ppm'), 'P3\n2 2\n255\n255 0 0 0 255 0\n0 0 255 255 255 255\n');
  await writeFile(file('grey.pgm'), 'P2\n3 1\n255\n0 128 255\n');
  await writeFile(file('fake.ppm'), 'hello, I am no picture\n');
  // Three pictures one after another: read as pages.
  await writeFile(file('three.ppm'), ['P3 2 1 255 200 40 40 40 40 200', 'P2 2 1 255 0 255', 'P3 1 2 255 0 0 0 255 255 255'].join('\n') + '\n');
}

export const planPluginName = 'Plan maker';
export const planCommandTitle = 'Keep a backup';

export async function writePlanPlugin(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await copyFile(join(samplesFolder, 'skwir-hex', 'skwir-link.mjs'), join(folder, 'skwir-link.mjs'));
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [
      'id = "dev.vitruvian.e2e.plans"',
      `name = "${planPluginName}"`,
      'version = "1.0.0"',
      'capabilities = ["read", "write"]',
      '[program]',
      'exec = "plugin.mjs"',
      '[[previews]]',
      'extensions = ["slow"]',
      '[[commands]]',
      'name = "plans.backup"',
      `title = "${planCommandTitle}"`,
      '',
    ].join('\n'),
  );
  await writeFile(
    join(folder, 'plugin.mjs'),
    [
      '#!/usr/bin/env node',
      "import { serve } from './skwir-link.mjs';",
      'serve({',
      `  command: (params) => ({ answer: 'plan', title: '${planCommandTitle}', note: 'Each file gets .bak added to its name.',`,
      "    steps: params.entries.map((entry) => ({ op: 'rename', file: entry.handle, name: `${entry.name}.bak` })) }),",
      // Reads half the file, then sleeps: the window says how far it read.
      "  inspect: async (params, call) => (await call.read(params.file, 0, 2), new Promise((resolve) => setTimeout(() => resolve({ title: 'Awake', text: ['slept'] }), 30_000))),",
      '});',
      '',
    ].join('\n'),
  );
  await chmod(join(folder, 'plugin.mjs'), 0o755);
}

export const hugePluginName = 'Huge answers';

/**
 * A plugin answering more than the window shows: inspecting `.rows` gives 200,000 rows, `.cells` a
 * row of 300,000 cells, `.lines` 10,000 lines of code (a search finds a line by its text); its
 * command `huge.plan` gives a plan of 100,000 steps and `huge.deep` a value nested 5,000 deep,
 * written as text since JSON.stringify cannot write it.
 */
export async function writeHugePlugin(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [
      'id = "dev.vitruvian.e2e.huge"',
      `name = "${hugePluginName}"`,
      'version = "1.0.0"',
      'capabilities = ["read", "write"]',
      '[program]',
      'exec = "plugin.mjs"',
      '[[previews]]',
      '[[commands]]',
      'name = "huge.plan"',
      'title = "Make many folders"',
      '[[commands]]',
      'name = "huge.deep"',
      'title = "Answer deep"',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(folder, 'plugin.mjs'),
    [
      '#!/usr/bin/env node',
      "import { createInterface } from 'node:readline';",
      'const write = (text) => process.stdout.write(`${text}\\n`);',
      "const answer = (id, result) => write(JSON.stringify({ jsonrpc: '2.0', id, result }));",
      'const count = (n, item) => Array.from({ length: n }, (_, i) => item(i));',
      "createInterface({ input: process.stdin }).on('line', (line) => {",
      '  const { id, method, params } = JSON.parse(line);',
      "  if (method === 'initialize') return answer(id, { api: 1 });",
      '  if (id === undefined || method === undefined) return;',
      "  if (method === 'command' && params.command === 'huge.deep') {",
      '    return write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"answer":"value","value":${\'[\'.repeat(5000)}1${\']\'.repeat(5000)}}}`);',
      '  }',
      "  if (method === 'command') {",
      "    return answer(id, { answer: 'plan', title: 'Many folders', steps: count(100_000, (i) => ({ op: 'mkdir', path: `/tmp/vitruvian-e2e-many/${i}` })) });",
      '  }',
      '  const name = params.file.name;',
      "  if (name.endsWith('.rows')) {",
      "    return answer(id, { title: '200,000 rows', kind: 'table', columns: ['Row', 'Twice'], rows: count(200_000, (i) => ({ cells: [`row ${i}`, String(2 * i)] })) });",
      '  }',
      "  if (name.endsWith('.cells')) return answer(id, { title: 'A row of 300,000 cells', kind: 'table', rows: [{ cells: count(300_000, (i) => `cell ${i}`) }] });",
      '  const lines = count(10_000, (i) => `line ${i}`);',
      '  const found = params.query ? lines.indexOf(params.query) : -1;',
      "  answer(id, { title: '10,000 lines', kind: 'code', text: lines, position: Math.max(found, 0), notice: found >= 0 ? `Found ${params.query}` : '' });",
      '});',
      '',
    ].join('\n'),
  );
  await chmod(join(folder, 'plugin.mjs'), 0o755);
}
