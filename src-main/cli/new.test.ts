import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFolder } from '../host/installs/tool-folder';
import { startTool, stopAndSumUp, wellBehaved, type ToolSession } from '../../tools-sample/tool-session';
import { main } from './main';
import { command, toolLanguages } from './new';
import { toolIdFor, toolNameFor } from './new-names';
import { subcommands } from './usage';
import type { CliIo } from './io';

function capture(): CliIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (line) => outLines.push(line), err: (line) => errLines.push(line) };
}

const scratches: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), 'vitruvian-new-'));
  scratches.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of scratches) rmSync(folder, { recursive: true, force: true });
});
let session: ToolSession | undefined;

afterEach(async () => {
  const ended = session && (await stopAndSumUp(session));
  session = undefined;
  if (ended) expect(ended).toEqual(wellBehaved);
});

describe('vitruvian-tool new', () => {
  for (const lang of ['node', 'python', 'sh'] as const) {
    it(`makes a ${lang} tool that validates and says hello in the language it is given`, async () => {
      const folder = join(scratch(), 'Hello World');
      const io = capture();
      expect(await command([folder, '--lang', lang], io)).toBe(0);
      expect(io.errLines).toEqual([]);
      expect(io.outLines[0]).toContain('local.hello-world');

      const verdict = await checkFolder(folder);
      expect(verdict.ok ? verdict.manifest : verdict.problems).toMatchObject({ id: 'local.hello-world', name: { en: 'Hello World' } });
      expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain('# Hello World');

      const tool = (session = startTool(folder));
      expect(await tool.initialize('en')).toEqual({ result: { protocol: 1, version: '0.1.0' } });
      expect(await tool.runCommand('sayHello')).toEqual({ result: {} });
      expect(tool.services.paramsOf('notify/hud')).toEqual([{ text: 'Hello!', symbol: 'hand.wave' }]);
      expect(tool.services.stored.get('timesGreeted')).toBe(1);

      tool.notify('preferences/changed', { preferences: [null, 3, { value: 1 }] });
      tool.notify('language/changed', { language: 7 });
      tool.notify('language/changed', { language: 'fr' });
      tool.notify('preferences/changed', { preferences: [{ id: 'greeting', value: 'Salut "toi"' }] });
      tool.notify('vitruvian/somethingNew', { id: 99 });
      expect(await tool.request('vitruvian/unknown')).toMatchObject({ error: { code: -32601 } });
      expect(await tool.runCommand('sayHello')).toEqual({ result: {} });
      expect(tool.services.paramsOf('notify/hud')[1]).toEqual({ text: 'Bonjour !', symbol: 'hand.wave' });
      expect(tool.logs()).toEqual(expect.arrayContaining(['language changed to fr', 'preference greeting changed to "Salut \\"toi\\""']));

      tool.services.stored.set('greeting', 'Salut "toi"');
      expect(await tool.runCommand('sayHello')).toEqual({ result: {} });
      expect(tool.services.paramsOf('notify/hud')[2]).toEqual({ text: 'Salut "toi"', symbol: 'hand.wave' });
      expect(tool.services.stored.get('timesGreeted')).toBe(3);

      tool.services.refuse.set('notify/hud', -32004);
      expect(await tool.runCommand('sayHello')).toMatchObject({ error: { code: -32010 } });
      expect(await tool.runCommand('noSuchCommand')).toMatchObject({ error: { code: -32010 } });
      expect(tool.stderr()).toBe('');
    });
  }

  it('makes tools that vitruvian-tool run runs as created, in any language', async () => {
    for (const lang of ['node', 'python', 'sh']) {
      const folder = join(scratch(), `run-${lang}`);
      expect(await command([folder, '--lang', lang], capture())).toBe(0);
      const io = capture();
      expect(await main(['run', folder, '--language', 'fr', '--command', 'sayHello', '--command', 'sayHello'], io), io.errLines.join('\n')).toBe(0);
      expect(io.errLines.filter((line) => line === 'command sayHello: done')).toHaveLength(2);
      expect(io.errLines).toContain('service notify/hud {"text":"Bonjour !","symbol":"hand.wave"}');
    }
  });

  it('prints commands that work as typed where it ran, and its README gives the same with the whole path', async () => {
    const repository = fileURLToPath(new URL('../..', import.meta.url));
    const folder = join(scratch(), 'typed as shown');
    const io = capture();
    expect(await command([folder, '--lang', 'sh'], io)).toBe(0);
    const printed = io.outLines.filter((line) => /^(try it|check it): /.test(line)).map((line) => line.replace(/^[a-z ]+:\s+/, ''));
    expect(printed).toEqual([`npx vitruvian-tool run '${folder}' --command sayHello --trace`, `npx vitruvian-tool check '${folder}'`]);
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    expect(readme).toContain(`npx vitruvian-tool check '${folder}'`);
    // Typed into a shell in the repository, as a person would after `npm ci` there.
    const checked = spawnSync('sh', ['-c', printed[1]!], { cwd: repository, encoding: 'utf8' });
    expect(checked.stdout, checked.stderr).toMatch(/local\.typed-as-shown 0\.1\.0: all \d+ checks passed/);
    expect(checked.status).toBe(0);
  });

  it("offers the languages it has templates for, as its --help says: a tool's, and wat for a module plugin", () => {
    expect([...subcommands.new.options.lang.choices].sort()).toEqual([...toolLanguages, 'wat'].sort());
  });

  it('makes a Node tool when no language is given, with an executable program', async () => {
    const folder = join(scratch(), 'plain');
    expect(await command([folder], capture())).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['README.md', 'tool.mjs', 'vitruvian-tool.json', 'wire.mjs']);
    expect(statSync(join(folder, 'tool.mjs')).mode & 0o111).not.toBe(0);
  });

  it('fills an empty folder that exists, but refuses one with anything in it and leaves it as it was', async () => {
    const empty = scratch();
    expect(await command([empty, '--lang=sh'], capture())).toBe(0);

    const full = scratch();
    writeFileSync(join(full, 'notes.txt'), 'mine');
    const io = capture();
    expect(await command([full], io)).toBe(1);
    expect(io.errLines.join('\n')).toMatch(/is not empty/);
    expect(readdirSync(full)).toEqual(['notes.txt']);

    const file = join(scratch(), 'a-file');
    writeFileSync(file, '');
    const io2 = capture();
    expect(await command([file], io2)).toBe(1);
    expect(io2.errLines.join('\n')).toMatch(/not a folder/);
  });

  it('exits 2 with the usage for a missing folder, two folders, an unknown option or language', async () => {
    const cases: [string[], RegExp][] = [
      [[], /missing <folder>/],
      [['a', 'b'], /one folder only, got 2/],
      [['a', '--verbose'], /unknown option --verbose; it takes --kind or --lang/],
      [['a', '-l', 'sh'], /unknown option -l; it takes --kind or --lang/],
      [['a', '--lang', 'ruby'], /--lang: expected node, python, sh or wat, got "ruby"/],
      [['a', '--lang', 'wat'], /--lang wat makes a Skwir module plugin, not a tool: add --kind skwir/],
      [['a', '--lang'], /--lang needs a value/],
    ];
    for (const [args, reason] of cases) {
      const io = capture();
      expect(await command(args, io), args.join(' ')).toBe(2);
      expect(io.errLines.join('\n')).toMatch(reason);
      expect(io.errLines.join('\n')).toContain('usage: vitruvian-tool new <folder> [--kind tool|skwir] [--lang node|python|sh|wat]');
    }
  });

  it('derives a valid id and a readable name from any folder name', () => {
    expect(toolIdFor('/x/My Clipboard_Tool!')).toBe('local.my-clipboard-tool');
    expect(toolIdFor('/x/Été 2025')).toBe('local.ete-2025');
    expect(toolIdFor('/x/!!!')).toBe('local.tool');
    expect(toolIdFor(`/x/${'a'.repeat(300)}`)).toHaveLength(128);
    expect(toolNameFor('/x/my-clipboard_tool')).toBe('My clipboard tool');
  });

  it('ships the same link code as the samples, so a fix in one is made in both', () => {
    const pairs = [
      ['templates/node/wire.mjs', '../../tools-sample/clipboard-kit/wire.mjs'],
      ['templates/sh/member.awk', '../../tools-sample/system-glance/member.awk'],
    ];
    for (const [template, sample] of pairs) {
      const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
      expect(read(template!), template).toBe(read(sample!));
    }
  });
});
