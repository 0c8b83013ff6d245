// npm start's launcher decides Electron's switches from the machine, and the AppImage's own
// launcher (electron-builder's AppRun) does the same for the sandbox: both run here for real.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPlan } from './dev-launch';
import type { SandboxFacts } from './linux-sandbox';

const repository = join(import.meta.dirname, '..', '..');
const electronBinary = '/repo/node_modules/electron/dist/electron';
const restricted: SandboxFacts = {
  read: (file) => (file === '/proc/sys/kernel/apparmor_restrict_unprivileged_userns' ? '1' : undefined),
  stat: () => ({ uid: 1000, mode: 0o100755 }),
};
const unrestricted: SandboxFacts = { read: () => undefined, stat: () => undefined };

describe('npm start on Linux', () => {
  it('starts without the sandbox where it cannot start, saying why, instead of dying with SIGTRAP', () => {
    const plan = launchPlan({ platform: 'linux', env: { DISPLAY: ':0' }, electronBinary, sandbox: restricted });
    expect(plan.switches).toEqual(['--no-sandbox']);
    expect(plan.notes[0]).toMatch(
      /^Chromium's sandbox cannot start here, so Electron starts without it \(--no-sandbox\): \/proc\/sys\/kernel\/apparmor_restrict_unprivileged_userns is 1/,
    );
  });

  it('keeps the sandbox where it can start, or where the person says it can (VITRUVIAN_SANDBOX=keep)', () => {
    expect(launchPlan({ platform: 'linux', env: { DISPLAY: ':0' }, electronBinary, sandbox: unrestricted })).toEqual({ switches: [], notes: [] });
    expect(launchPlan({ platform: 'linux', env: { DISPLAY: ':0', VITRUVIAN_SANDBOX: 'keep' }, electronBinary, sandbox: restricted }).switches).toEqual([]);
  });

  it('uses X11 through XWayland on a Wayland session, so the HUD can be placed, and says when it cannot', () => {
    const withXWayland = launchPlan({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' }, electronBinary, sandbox: unrestricted });
    expect(withXWayland.switches).toEqual(['--ozone-platform=x11']);
    expect(withXWayland.notes).toEqual([expect.stringContaining('X11 through XWayland')]);
    const without = launchPlan({ platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' }, electronBinary, sandbox: unrestricted });
    expect(without).toEqual({ switches: [], notes: ['A Wayland session without XWayland: the compositor decides where the HUD shows.'] });
  });

  it('adds nothing on macOS', () => {
    expect(launchPlan({ platform: 'darwin', env: { WAYLAND_DISPLAY: 'x' }, electronBinary, sandbox: restricted })).toEqual({ switches: [], notes: [] });
  });
});

describe('the AppImage on a Linux that restricts user namespaces', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'vitruvian-apprun-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  /** Runs electron-builder's AppRun with a stand-in app that prints its arguments, and `unshare` answering `works`. */
  async function appRunArgs(unshareWorks: boolean, args: string[] = []): Promise<string[]> {
    const { generateAppRunScript } = await import('app-builder-lib/out/targets/appimage/appImageUtil.js');
    const appDir = join(work, `AppDir-${unshareWorks}`);
    const bin = join(work, `bin-${unshareWorks}`);
    await mkdir(appDir, { recursive: true });
    await mkdir(bin, { recursive: true });
    await writeFile(
      join(appDir, 'AppRun'),
      generateAppRunScript({
        // Without a EULA, AppRun uses only ExecutableName; the rest is what electron-builder passes.
        ExecutableName: 'vitruvian',
        DesktopFileName: 'vitruvian.desktop',
        ProductFilename: 'Vitruvian',
        ProductName: 'Vitruvian',
        ResourceName: 'appimagekit-vitruvian',
      }),
      { mode: 0o755 },
    );
    await writeFile(join(appDir, 'vitruvian'), '#!/bin/sh\nprintf "%s\\n" "$@"\n', { mode: 0o755 });
    await writeFile(join(bin, 'unshare'), `#!/bin/sh\nexit ${unshareWorks ? 0 : 1}\n`);
    await chmod(join(bin, 'unshare'), 0o755);
    const { stdout } = await promisify(execFile)(join(appDir, 'AppRun'), args, {
      env: { PATH: `${bin}${delimiter}${process.env.PATH}`, APPDIR: appDir, HOME: work },
    });
    return stdout.split('\n').filter(Boolean);
  }

  it('starts without the sandbox (AppRun probes user namespaces), and with it where they work', async () => {
    expect(await appRunArgs(false)).toEqual(['--no-sandbox']);
    expect(await appRunArgs(true)).toEqual([]);
    expect(await appRunArgs(false, ['--ozone-platform=x11'])).toEqual(['--no-sandbox', '--ozone-platform=x11']);
  });

  it('leaves that decision to AppRun: the desktop entry does not force --no-sandbox', async () => {
    const config = load(await readFile(join(repository, 'electron-builder.yml'), 'utf8')) as { appImage?: { executableArgs?: string[] } };
    expect(config.appImage?.executableArgs).toEqual([]);
  });
});
