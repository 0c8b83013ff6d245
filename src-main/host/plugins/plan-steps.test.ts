// Plans from a plugin that lies, through the host with system services on a scratch folder: folders
// that are not absolute on this platform, names that hide or reorder what the person reads, `..` in
// a path, and files or folders swapped for symbolic links between the plan being shown and Apply.
// The fixture plugin's command `echo` answers the plan its first file holds.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PluginAnswer, ShownCommandAnswer, ShownPlan } from '../../../src-shared/plugin-api';
import { SimulatedPlatform } from '../../platform/simulated';
import { createHost, type Host } from '../host';
import { applyPlanSteps, lookAtPlan } from './plan-steps';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE = 'test.plans.fixture';
// `C:/x` is absolute on Windows: the cases of a folder that is not are for the other platforms.
const onWindows = process.platform === 'win32';

let scratch: string;
let outside: string;
let host: Host;
let platform: SimulatedPlatform;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-plans-'));
  outside = await mkdtemp(join(tmpdir(), 'vt-plans-outside-'));
  platform = new SimulatedPlatform();
  host = await createHost({ dataFolder: join(scratch, 'app'), platform, services: 'system' });
  const folder = join(scratch, 'fixture');
  await mkdir(folder);
  await copyFile(join(root, 'src-main/host/fixtures/skwir-plugin.mjs'), join(folder, 'plugin.mjs'));
  const manifest = ['id = "test.plans.fixture"', 'name = "Plans"', 'version = "1.0.0"', 'capabilities = ["read", "write"]'];
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [...manifest, '[program]', 'exec = "plugin.mjs"', '[[commands]]', 'name = "echo"', 'title = "Echo"', ''].join('\n'),
  );
  expect((await host.loadInPlace(folder)).ok).toBe(true);
});
afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const write = async (name: string, content: string) => {
  const path = join(scratch, name);
  await writeFile(path, content);
  return path;
};

let calls = 0;
/** The plugin answers these steps as a plan about `files` (after the plan's own file, so the first is handle 2). */
async function planOf(steps: unknown[], files: string[]): Promise<PluginAnswer<ShownCommandAnswer>> {
  const planFile = await write(`plan-${++calls}.json`, JSON.stringify({ answer: 'plan', title: 'Tidy', steps }));
  return host.runPluginCommand(FIXTURE, `cmd-${calls}`, 'echo', null, [planFile, ...files]);
}

function shownPlan(answer: PluginAnswer<ShownCommandAnswer>): ShownPlan {
  if (!answer.ok || answer.answer.answer !== 'plan') throw new Error(`no plan: ${JSON.stringify(answer)}`);
  return answer.answer;
}

describe("a plan's folders", () => {
  it.skipIf(onWindows)('refuses C:/... as a folder where it is not absolute, naming the step and the value, and makes nothing', async () => {
    const file = await write('a.txt', 'a');
    const answer = await planOf(
      [
        { op: 'mkdir', path: 'C:/vitruvian-relative' },
        { op: 'copy', file: 2, to: 'C:\\evil' },
      ],
      [file],
    );
    expect(answer).toEqual({
      ok: false,
      outcome: 'failed',
      malformed: true,
      message:
        'the plugin\'s answer to command is malformed: result.steps[0].path: "C:/vitruvian-relative" is not an absolute path; ' +
        'result.steps[1].to: "C:\\\\evil" is not an absolute path',
    });
    expect(existsSync(join(process.cwd(), 'C:'))).toBe(false);
  });

  it.skipIf(onWindows)('judges a kept plan again before Apply: a folder not absolute here runs no step', async () => {
    const made = join(scratch, 'Made');
    const steps = [
      { op: 'mkdir' as const, path: made },
      { op: 'mkdir' as const, path: 'C:/vitruvian-kept-plan' },
    ];
    try {
      const result = await applyPlanSteps({ steps, files: [], sight: await lookAtPlan(steps, []), platform, simulated: false, record: () => undefined });
      expect(result).toEqual({
        ok: false,
        problem: 'the plan breaks its rules, so no step was run: steps[1].path: "C:/vitruvian-kept-plan" is not an absolute path',
        steps: [
          { step: steps[0], words: `make the folder ${made}`, status: 'notRun' },
          { step: steps[1], words: 'mkdir', status: 'notRun' },
        ],
      });
      expect(existsSync(made)).toBe(false);
      expect(existsSync(join(process.cwd(), 'C:'))).toBe(false);
    } finally {
      await rm(join(process.cwd(), 'C:'), { recursive: true, force: true });
    }
  });

  it('shows and applies a folder with `..` resolved, as it is acted on', async () => {
    const file = await write('a.txt', 'a');
    await mkdir(join(scratch, 'Archive'));
    const answer = await planOf(
      [
        { op: 'mkdir', path: `${scratch}/New/./deeper/..` },
        { op: 'copy', file: 2, to: `${scratch}/nowhere/../Archive` },
      ],
      [file],
    );
    const plan = shownPlan(answer);
    expect(plan.steps).toEqual([
      { op: 'mkdir', path: join(scratch, 'New') },
      { op: 'copy', file: 2, to: join(scratch, 'Archive') },
    ]);
    expect(await host.applyPlan(plan.planId)).toMatchObject({
      ok: true,
      steps: [
        { words: `make the folder ${join(scratch, 'New')}`, status: 'done' },
        { words: `copy ${file} into ${join(scratch, 'Archive')}`, status: 'done' },
      ],
    });
    expect(await readdir(join(scratch, 'New'))).toEqual([]);
    expect(await readFile(join(scratch, 'Archive', 'a.txt'), 'utf8')).toBe('a');
  });
});

describe('names that lie', () => {
  it('refuses control characters and bidi controls in a name or a folder, naming the step and the character', async () => {
    const file = await write('report.txt', 'r');
    const answer = await planOf(
      [
        { op: 'rename', file: 2, name: 'report\u202Etxt.exe' },
        { op: 'rename', file: 2, name: 'two\nlines.txt' },
        { op: 'rename', file: 2, name: 'nul\u0000.txt' },
        { op: 'copy', file: 2, to: '/x\u2066isolated' },
        { op: 'mkdir', path: '/del\u007F' },
        { op: 'rename', file: 2, name: 'mark\u200F.txt' },
      ],
      [file],
    );
    expect(answer.ok).toBe(false);
    const problems = (answer.ok ? '' : answer.message).replace("the plugin's answer to command is malformed: ", '').split('; ');
    expect(problems).toEqual([
      'result.steps[0].name: "report\\u202etxt.exe" holds U+202E (a bidi control, which shows the text around it in another order)',
      'result.steps[1].name: "two\\nlines.txt" holds U+000A (a control character)',
      'result.steps[2].name: "nul\\u0000.txt" holds U+0000 (a control character)',
      'result.steps[3].to: "/x\\u2066isolated" holds U+2066 (a bidi control, which shows the text around it in another order)',
      'result.steps[4].path: "/del\\u007f" holds U+007F (a control character)',
      'result.steps[5].name: "mark\\u200f.txt" holds U+200F (a bidi control, which shows the text around it in another order)',
    ]);
    expect(await readdir(scratch)).toContain('report.txt');
  });
});

describe('Apply acts on what was shown', () => {
  it('refuses to copy a file swapped for a symbolic link after the plan was shown, naming it, and copies nothing', async () => {
    const secret = join(outside, 'secret.txt');
    await writeFile(secret, 'SECRET');
    const file = await write('notes.txt', 'public');
    const archive = join(scratch, 'Archive');
    await mkdir(archive);
    const plan = shownPlan(await planOf([{ op: 'copy', file: 2, to: archive }], [file]));
    await rm(file);
    await symlink(secret, file);
    const result = await host.applyPlan(plan.planId);
    expect(result).toMatchObject({
      ok: false,
      problem: `step 1 failed: ${file} changed since the plan was shown (it is a symbolic link now); it is left as it is; the steps after it were not run`,
      steps: [{ status: 'failed' }],
    });
    expect(await readdir(archive)).toEqual([]);
  });

  it('refuses to trash a file that is another one since the plan was shown, naming it', async () => {
    const file = await write('old.txt', 'shown');
    const plan = shownPlan(await planOf([{ op: 'trash', file: 2 }], [file]));
    await rename(await write('other.txt', 'swapped in'), file);
    expect(await host.applyPlan(plan.planId)).toMatchObject({
      ok: false,
      problem: `step 1 failed: ${file} changed since the plan was shown (it is another file now); it is left as it is; the steps after it were not run`,
    });
    expect(platform.calls.filter((call) => call.method === 'trashFile')).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe('swapped in');
  });

  it('refuses to copy into a folder swapped for a symbolic link after the plan was shown, naming it, and writes nothing there', async () => {
    const file = await write('notes.txt', 'mine');
    const archive = join(scratch, 'Archive');
    await mkdir(archive);
    const plan = shownPlan(await planOf([{ op: 'copy', file: 2, to: archive }], [file]));
    await rm(archive, { recursive: true });
    await symlink(outside, archive);
    const result = await host.applyPlan(plan.planId);
    expect(result).toMatchObject({ ok: false, problem: expect.stringContaining(`${archive} is a symbolic link`) });
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses to copy into a folder that is a symbolic link when shown', async () => {
    const file = await write('notes.txt', 'mine');
    const link = join(scratch, 'Linked');
    await symlink(outside, link);
    const plan = shownPlan(await planOf([{ op: 'copy', file: 2, to: link }], [file]));
    expect(await host.applyPlan(plan.planId)).toMatchObject({
      ok: false,
      problem: `step 1 failed: ${link} is a symbolic link; a plan writes into a folder itself, never where a link leads; the steps after it were not run`,
    });
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses a folder to make that became a symbolic link before Apply, and copies nothing into it', async () => {
    const file = await write('notes.txt', 'mine');
    const fresh = join(scratch, 'Fresh');
    const plan = shownPlan(
      await planOf(
        [
          { op: 'mkdir', path: fresh },
          { op: 'copy', file: 2, to: fresh },
        ],
        [file],
      ),
    );
    await symlink(outside, fresh);
    expect(await host.applyPlan(plan.planId)).toMatchObject({
      ok: false,
      problem: `step 1 failed: ${fresh} is a symbolic link; a plan writes into a folder itself, never where a link leads; the steps after it were not run`,
      steps: [{ status: 'failed' }, { status: 'notRun' }],
    });
    expect(await readdir(outside)).toEqual([]);
  });

  it('renames a file in a folder reached through a link as shown, and refuses it once the link leads elsewhere', async () => {
    const real = join(scratch, 'real');
    await mkdir(real);
    const through = join(scratch, 'through');
    await symlink(real, through);
    const file = join(through, 'a.txt');
    await writeFile(file, 'a');
    const kept = shownPlan(await planOf([{ op: 'rename', file: 2, name: 'b.txt' }], [file]));
    expect(await host.applyPlan(kept.planId)).toMatchObject({ ok: true, steps: [{ status: 'done' }] });
    expect(await readdir(real)).toEqual(['b.txt']);
    // Shown through the link, applied after the link was pointed at another folder holding an a.txt.
    await writeFile(join(real, 'a.txt'), 'a');
    // The plugin's second call: its files have the next handles, 3 and 4 (handles run on from call to call).
    const swapped = shownPlan(await planOf([{ op: 'rename', file: 4, name: 'c.txt' }], [file]));
    await writeFile(join(outside, 'a.txt'), 'theirs');
    await rm(through);
    await symlink(outside, through);
    expect(await host.applyPlan(swapped.planId)).toMatchObject({
      ok: false,
      problem: `step 1 failed: ${file} changed since the plan was shown (it is another file now); it is left as it is; the steps after it were not run`,
    });
    expect(await readdir(outside)).toEqual(['a.txt']);
    expect((await readdir(real)).sort()).toEqual(['a.txt', 'b.txt']);
  });
});
