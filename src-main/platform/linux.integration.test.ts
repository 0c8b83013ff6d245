// The linux platform against a real X server (Xvfb) with the real xclip and xdotool.
// Outside CI it skips, saying why, when one of those programs is not installed. Under CI (the CI
// variable set) a missing program fails it instead: .ci/run installs them, and a test that never
// ran must not pass for one that did.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findProgram, runCommand } from './command-runner';
import { createLinuxPlatform } from './linux';
import type { Platform } from './platform';
import { KeyState, X11KeyWindow, type KeyPress } from './x11-key-window';

const needed = ['Xvfb', 'xclip', 'xdotool'];
const missing: string[] = [];
for (const name of needed) if (process.platform !== 'linux' || !(await findProgram(name))) missing.push(name);
const reason = process.platform !== 'linux' ? 'not Linux' : `not installed: ${missing.join(', ')} (apt-get install xvfb xclip xdotool xauth)`;
const underCi = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());
const mustRun = underCi && process.platform === 'linux';
if (missing.length > 0 && !mustRun) console.warn(`linux platform integration test skipped: ${reason}`);

if (mustRun && missing.length > 0) {
  describe('linux platform under Xvfb, under CI', () => {
    it('has Xvfb, xclip and xdotool installed', () => {
      expect.fail(`the linux platform integration test cannot run under CI: ${reason}`);
    });
  });
}

describe.skipIf(missing.length > 0)(`linux platform under Xvfb${missing.length > 0 ? ` (skipped: ${reason})` : ''}`, () => {
  let xvfb: ChildProcess;
  let env: NodeJS.ProcessEnv;
  let platform: Platform;

  beforeAll(async () => {
    // -displayfd: Xvfb picks a free display and writes its number on fd 3 once it accepts clients.
    xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1024x768x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let said = '';
    xvfb.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const display = await new Promise<string>((resolve, reject) => {
      let out = '';
      (xvfb.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(`:${out.trim()}`);
      });
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${said}`)));
    });
    env = { ...process.env, DISPLAY: display };
    platform = createLinuxPlatform({ env });
  });

  afterAll(() => {
    xvfb?.kill('SIGTERM');
  });

  it('reads no text from a clipboard nobody has written', async () => {
    expect(await platform.clipboardReadText()).toBeNull();
  });

  it('writes the clipboard so another program reads it, and reads what another program wrote', async () => {
    await platform.clipboardWriteText('Vitruvian ✓ clipboard\nsecond line');
    const read = await runCommand('xclip', ['-selection', 'clipboard', '-o'], { env });
    expect(read.stdout).toBe('Vitruvian ✓ clipboard\nsecond line');

    await runCommand('xclip', ['-selection', 'clipboard', '-i'], { env, input: 'written by xclip', leavesChild: true });
    // xclip's child takes the clipboard a moment after xclip itself exits.
    await vi.waitFor(async () => expect(await platform.clipboardReadText()).toBe('written by xclip'), { timeout: 10_000, interval: 50 });
  });

  it('pastes through the clipboard: the text is on it when ctrl+v reaches the window, nothing is typed, and what was there comes back', async () => {
    const pasting = createLinuxPlatform({ env, restoreDelayMs: 1_500 });
    await pasting.clipboardWriteText('what was there');
    const window = await X11KeyWindow.open(env.DISPLAY!);
    try {
      const text = 'first line\nsecond line';
      const done = pasting.paste(text);
      const isPaste = (p: KeyPress) => p.char?.toLowerCase() === 'v' && (p.state & KeyState.control) !== 0;
      await window.until(() => window.presses.some(isPaste), 20_000, 'ctrl+v');
      // The app in front reads the clipboard on ctrl+v: the text must be there now.
      expect((await runCommand('xclip', ['-selection', 'clipboard', '-o'], { env })).stdout).toBe(text);
      await done;
      expect(window.text()).toBe(''); // nothing typed: no Return for the line break
      expect(window.presses.filter(isPaste)).toHaveLength(1);
      expect(await pasting.clipboardReadText()).toBe('what was there');
    } finally {
      window.close();
    }
  });

  it('presses a key equivalent in the window in front, cmd as ctrl', async () => {
    const window = await X11KeyWindow.open(env.DISPLAY!);
    try {
      await platform.pressMenuItem(['cmd+shift+n']);
      const pressedN = () => window.presses.some((p) => p.char?.toLowerCase() === 'n');
      await window.until(pressedN, 20_000, 'the key press');
      const press = window.presses.find((p) => p.char?.toLowerCase() === 'n')!;
      expect(press.state & (KeyState.control | KeyState.shift)).toBe(KeyState.control | KeyState.shift);
      expect(press.state & KeyState.alt).toBe(0);
    } finally {
      window.close();
    }
  });
});
