// What holds for every sample in this folder, present and future: the app's installer accepts it,
// and together the samples show the range a newcomer needs (languages, both starts, localized text).
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTool, stopAndSumUp, wellBehaved } from './tool-session';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..');
const samples = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'vitruvian-tool.json')))
  .map((entry) => entry.name);

type Text = Record<string, string>;
type Manifest = {
  id: string;
  version: string;
  name: Text;
  runtime: { start?: string };
  commands?: { title: Text }[];
  preferences?: { title?: Text }[];
};
/**
 * How each sample is run through `vitruvian-tool run` so that every command listed is answered {}
 * with the simulated services, and a line its stderr must show (a service call, in the language given).
 */
const runs: Record<string, { args: string[]; shows: string }> = {
  'clipboard-kit': {
    args: [
      '--language',
      'fr',
      '--pref',
      'signature="A. Person"',
      '--pref',
      'textCase="upper"',
      ...['copyGreeting', 'saveClipboard', 'pasteSaved', 'pasteSignature', 'openLink', 'newDocument'].flatMap((c) => ['--command', c]),
    ],
    shows: 'service keystrokes/paste {"text":"HELLO FROM VITRUVIAN"}',
  },
  'word-count': {
    args: ['--language', 'fr', '--pref', 'dateStyle="long"', '--command', 'showTotal', '--command', 'pasteDate', '--command', 'resetTotal'],
    shows: 'service notify/hud {"text":"0 mot compté jusqu\'ici","symbol":"sum"}',
  },
  'system-glance': {
    args: ['--language', 'fr', '--pref', 'beep=true', '--command', 'showLoad', '--command', 'copyHostname'],
    shows: 'service notify/beep {}',
  },
};

const manifestOf = (sample: string) => JSON.parse(readFileSync(join(here, sample, 'vitruvian-tool.json'), 'utf8')) as Manifest;

describe.concurrent('the sample tools', () => {
  it('are at least three', () => {
    expect(samples.length).toBeGreaterThanOrEqual(3);
  });

  for (const sample of samples) {
    it(`${sample} passes vitruvian-tool validate`, async ({ expect }) => {
      const { stdout } = await promisify(execFile)(process.execPath, ['bin/vitruvian-tool.mjs', 'validate', `tools-sample/${sample}`], { cwd: repo });
      const manifest = manifestOf(sample);
      expect(stdout).toBe(`valid: ${manifest.id} ${manifest.version}\n`);
    });

    it(`${sample} runs through vitruvian-tool run: every command answered, the trace all messages`, async ({ expect }) => {
      const run = runs[sample];
      expect(run, `add ${sample} to the runs table`).toBeDefined();
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['bin/vitruvian-tool.mjs', 'run', `tools-sample/${sample}`, '--trace', ...run!.args],
        { cwd: repo },
      );
      const commands = run!.args.filter((_, i) => run!.args[i - 1] === '--command');
      for (const command of commands) expect(stderr).toContain(`command ${command}: done`);
      expect(stderr).toContain(run!.shows);
      const trace = stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { direction: string; message: { method?: string } });
      expect(trace.at(-1)).toMatchObject({ direction: 'toTool', message: { method: 'shutdown' } });
      expect(trace.filter((line) => line.direction === 'fromTool').length).toBeGreaterThan(commands.length);
    });

    it(`${sample} shrugs off odd params in notices and unknown fields, and still answers`, async ({ expect }) => {
      const tool = startTool(join(here, sample));
      expect(await tool.initialize('en')).toMatchObject({ result: { protocol: 1 } });
      tool.notify('preferences/changed', { preferences: 5 });
      tool.notify('preferences/changed', { preferences: [null, 3, { id: 7 }] });
      tool.notify('preferences/changed');
      tool.notify('language/changed', { language: 7 });
      tool.notify('language/changed');
      tool.notify('vitruvian/later', { anything: [1, { id: 2 }] });
      expect(await tool.request('vitruvian/unknown', { id: 3 })).toMatchObject({ error: { code: -32601 } });
      expect(await tool.request('command/run', { command: ['not', 'an', 'id'] })).toMatchObject({ error: { code: -32010 } });
      expect(await stopAndSumUp(tool)).toEqual(wellBehaved);
      expect(tool.stderr()).not.toMatch(/Traceback|TypeError/);
    });

    it(`${sample} has its name, commands and titled preferences in English and French`, () => {
      const manifest = manifestOf(sample);
      const texts = [
        manifest.name,
        ...(manifest.commands ?? []).map((c) => c.title),
        ...(manifest.preferences ?? []).flatMap((p) => (p.title ? [p.title] : [])),
      ];
      for (const text of texts) expect(Object.keys(text).sort()).toEqual(['en', 'fr']);
    });
  }

  it('start both ways, and keep titled and untitled preferences', () => {
    const manifests = samples.map(manifestOf);
    expect(new Set(manifests.map((m) => m.runtime.start ?? 'launch'))).toEqual(new Set(['launch', 'demand']));
    const preferences = manifests.flatMap((m) => m.preferences ?? []);
    expect(preferences.some((p) => p.title)).toBe(true);
    expect(preferences.some((p) => !p.title)).toBe(true);
  });
});

describe('the docs count the samples as they are', () => {
  const plugins = readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'skwir-plugin.toml')))
    .map((entry) => entry.name);
  const numbers = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const doc = (path: string) => readFileSync(join(repo, path), 'utf8').replace(/\s+/g, ' ');
  // Where each page says how many there are: a number word, then what it counts.
  const counts: [string, RegExp, string[]][] = [
    ['README.md', /holds (\w+) sample tools/i, samples],
    ['README.md', /holds (\w+) sample plugins/i, plugins],
    ['tools-sample/README.md', /^# Sample tools (\w+) small tools/i, samples],
    ['tools-sample/README.md', /(\w+) sample Skwir plugins/i, plugins],
    ['docs/writing-a-tool.md', /has (\w+) complete tools/i, samples],
    ['docs/writing-a-skwir-plugin.md', /holds (\w+) plugins to read and copy/i, plugins],
  ];

  it.each(counts)('%s says %s', (path, said, folders) => {
    const text = doc(path);
    expect(numbers.indexOf(said.exec(text)?.[1]?.toLowerCase() ?? '')).toBe(folders.length);
    for (const folder of folders) expect(text, folder).toContain(`\`${folder}`);
  });
});
