import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finderSelectionArgs, finderSelectionScript, parseFinderSelection, readFinderSelection } from './finder-selection';

const fixture = join(import.meta.dirname, 'fixtures', 'fake-osascript.mjs');
let folder: string;
let log: string;

/** Reads the selection through the fake osascript, first on PATH, as the Finder in `finder` would answer. */
const readWith = (finder: Record<string, string>, options: Parameters<typeof readFinderSelection>[0] = {}) =>
  readFinderSelection({
    platform: 'darwin',
    env: { ...process.env, PATH: `${folder}${delimiter}${process.env.PATH ?? ''}`, FAKE_OSASCRIPT_LOG: log, ...finder },
    ...options,
  });

/** The paths of a selection read, failing the test with the refusal when there was one. */
const pathsOf = async (reading: ReturnType<typeof readFinderSelection>): Promise<string[]> => {
  const selection = await reading;
  if (!selection.ok) throw new Error(`refused: ${selection.problem}`);
  return selection.paths;
};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitruvian-fake-osascript-'));
  log = join(folder, 'calls.jsonl');
  const osascript = join(folder, 'osascript');
  await writeFile(osascript, `#!/bin/sh\nexec '${process.execPath}' '${fixture}' "$@"\n`);
  await chmod(osascript, 0o755);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the Finder's selection", () => {
  it('runs osascript with the constant JavaScript for Automation script and nothing else', async () => {
    await writeFile(log, '');
    expect(await readWith({ FAKE_FINDER: 'items', FAKE_FINDER_ITEMS: '[]' })).toEqual({ ok: true, paths: [] });
    const calls = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string[]);
    expect(calls).toEqual([['-l', 'JavaScript', '-e', finderSelectionScript]]);
    expect(finderSelectionArgs).toEqual(['-l', 'JavaScript', '-e', finderSelectionScript]);
    // The script asks the Finder only, for its selection.
    expect(finderSelectionScript).toContain("Application('Finder').selection()");
  });

  it('gives back names holding quotes, newlines, backslashes, percent signs and any script whole', async () => {
    const names = [
      '/Users/me/Desktop/say "hi".txt',
      "/Users/me/it's here.png",
      '/Users/me/two\nlines.md',
      '/Users/me/back\\slash %41 #1?.csv',
      '/Users/me/Café ✓ 😀 日本.txt',
      '/Users/me/a folder',
    ];
    const items = names.map((path) => ({ path, ...(path.endsWith('folder') ? { folder: true } : {}) }));
    expect(await pathsOf(readWith({ FAKE_FINDER: 'items', FAKE_FINDER_ITEMS: JSON.stringify(items) }))).toEqual(names);
  });

  it('answers no paths when nothing is selected', async () => {
    expect(await pathsOf(readWith({ FAKE_FINDER: 'items', FAKE_FINDER_ITEMS: '[]' }))).toEqual([]);
  });

  it('answers the Automation permission refused, and the way to grant it, when the person did not allow it', async () => {
    expect(await readWith({ FAKE_FINDER: 'refused' })).toEqual({
      ok: false,
      reason: 'permission',
      permission: 'automation',
      problem: 'Vitruvian may not control the Finder. Turn on Finder under Vitruvian in System Settings > Privacy & Security > Automation.',
    });
  });

  it("says it in the app's language: the refusal and where to grant it, in French", async () => {
    expect(await readWith({ FAKE_FINDER: 'refused' }, { language: 'fr' })).toMatchObject({
      reason: 'permission',
      problem:
        'Vitruvian n’a pas le droit de piloter le Finder. Activez Finder sous Vitruvian dans Réglages Système > Confidentialité et sécurité > Automatisation.',
    });
  });

  it('names the terminal to allow under npm start', async () => {
    const refused = await readWith({ FAKE_FINDER: 'refused' }, { holder: { kind: 'terminal', name: 'iTerm' } });
    expect(refused).toMatchObject({ ok: false, reason: 'permission' });
    expect(!refused.ok && refused.problem).toContain('Turn on Finder under iTerm (the terminal that ran npm start) in System Settings');
  });

  it('refuses an answer that is not a list of paths, saying what came', async () => {
    const refused = await readWith({ FAKE_FINDER: 'garbage' });
    expect(refused).toMatchObject({ ok: false, reason: 'failed' });
    expect(!refused.ok && refused.problem).toMatch(
      /^the Finder's selection could not be read: osascript answered .*\/Users\/me\/a\.txt.*, not a JSON list of paths$/,
    );
  });

  it('says when osascript cannot be started', async () => {
    const refused = await readFinderSelection({ platform: 'darwin', env: { PATH: join(folder, 'nowhere') } });
    expect(refused).toMatchObject({ ok: false, reason: 'failed' });
    expect(!refused.ok && refused.problem).toMatch(/^the Finder's selection could not be read: osascript could not start: .*ENOENT/);
  });

  it('answers "no file manager selection here" on Linux and Windows, without running anything', async () => {
    for (const platform of ['linux', 'win32'] as const) {
      const answer = await readFinderSelection({
        platform,
        run: () => {
          throw new Error('nothing may run');
        },
      });
      expect(answer).toEqual({ ok: false, reason: 'none', problem: 'no file manager selection here: drop files on the palette or choose them in a dialog' });
    }
  });
});

describe("osascript's answer", () => {
  it('must be a JSON list of absolute paths', () => {
    expect(parseFinderSelection('["/a","/b c"]\n')).toEqual(['/a', '/b c']);
    expect(parseFinderSelection('{"a":1}')).toMatch(/not a list of paths/);
    expect(parseFinderSelection('["relative/a"]')).toBe('the selection holds "relative/a", not an absolute path');
    expect(parseFinderSelection('[3]')).toMatch(/the selection holds 3, not an absolute path/);
  });
});
