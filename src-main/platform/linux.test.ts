import type { MaybePromise } from '../../src-shared/maybe-promise';
import { describe, expect, it } from 'vitest';
import { createLinuxPlatform, xdotoolKeySpec, type LinuxOptions } from './linux';
import { parseKeyEquivalent } from './key-equivalent';
import { PlatformRefusal } from './platform';
import { scriptedRunner, type RecordedCommand, type ScriptedAnswer } from './scripted-runner';

const installed = ['xclip', 'xdotool', 'xdg-open', 'notify-send', 'canberra-gtk-play', 'pkexec', 'wl-copy', 'wl-paste', 'wtype'];

function setup(answer: ScriptedAnswer = {}, overrides: Partial<LinuxOptions> & { missing?: string[] } = {}) {
  const run = scriptedRunner(answer);
  const missing = overrides.missing ?? [];
  const platform = createLinuxPlatform({
    run,
    env: { DISPLAY: ':7', PATH: '/usr/bin' },
    findProgram: async (name) => (installed.includes(name) && !missing.includes(name) ? `/usr/bin/${name}` : null),
    protectedPids: () => [4000],
    currentUid: 1000,
    ...overrides,
  });
  return { platform, run };
}

const refusal = async (answer: MaybePromise<unknown>) => {
  const error = await Promise.resolve(answer).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformRefusal);
  return error as PlatformRefusal;
};

/** A clipboard the scripted xclip or wl-copy/wl-paste write and read; null when it holds no text. */
function fakeClipboard(text: string | null, kind: 'xclip' | 'wl') {
  const clipboard = { text };
  const answers: ScriptedAnswer = (command) => {
    const name = command.file.split('/').at(-1);
    if (name === 'xclip' && command.args.includes('-i')) clipboard.text = command.options.input ?? '';
    else if (name === 'wl-copy') clipboard.text = command.args.includes('--clear') ? null : (command.options.input ?? '');
    else if (name === 'xclip' || name === 'wl-paste') {
      if (clipboard.text === null) return { code: 1, stderr: kind === 'xclip' ? 'Error: target UTF8_STRING not available' : 'Nothing is copied' };
      return { stdout: clipboard.text };
    }
    return {};
  };
  return { clipboard, answers };
}

/** A command as [file, ...args], with its standard input last after "<". */
const shown = (c: RecordedCommand) => [c.file, ...c.args, ...(c.options.input === undefined ? [] : [`<${c.options.input}`])];

const key = (text: string) => {
  const parsed = parseKeyEquivalent(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
};

describe('linux platform: the commands it runs', () => {
  it('writes the clipboard with xclip, text on standard input, not waiting for the child xclip leaves', async () => {
    let reads = 0;
    const { platform, run } = setup((command) =>
      // The clipboard shows the text from the second read on, as when xclip's child is slow to take it.
      command.args.includes('-o') ? { stdout: ++reads > 1 ? 'héllo\nworld' : '' } : {},
    );
    await platform.clipboardWriteText('héllo\nworld');
    expect(run.commands).toEqual([
      {
        file: '/usr/bin/xclip',
        args: ['-selection', 'clipboard', '-i'],
        options: expect.objectContaining({ input: 'héllo\nworld', leavesChild: true }),
      },
      { file: '/usr/bin/xclip', args: ['-selection', 'clipboard', '-o'], options: expect.anything() },
      { file: '/usr/bin/xclip', args: ['-selection', 'clipboard', '-o'], options: expect.anything() },
    ]);
  });

  it('refuses with -32004 when the clipboard never shows what xclip was given', async () => {
    const { platform } = setup((command) => (command.args.includes('-o') ? { stdout: 'someone else' } : {}), { clipboardSettleMs: 50 });
    expect((await refusal(platform.clipboardWriteText('mine'))).message).toBe('write the clipboard: xclip did not take the clipboard');
  });

  it('reads the clipboard with xclip, and null when it holds no text', async () => {
    expect(await setup({ stdout: 'copied' }).platform.clipboardReadText()).toBe('copied');
    const empty = setup({ code: 1, stderr: 'Error: target UTF8_STRING not available' });
    expect(await empty.platform.clipboardReadText()).toBeNull();
    expect(empty.run.commands[0]!.args).toEqual(['-selection', 'clipboard', '-o']);
  });

  it('pastes through the clipboard on X11: keeps its text, puts the text, presses ctrl+v, puts the old text back', async () => {
    const { clipboard, answers } = fakeClipboard('what was there', 'xclip');
    const { platform, run } = setup(answers, { restoreDelayMs: 10 });
    await platform.paste('line one\nline two');
    expect(run.commands.map(shown)).toEqual([
      ['/usr/bin/xclip', '-selection', 'clipboard', '-o'],
      ['/usr/bin/xclip', '-selection', 'clipboard', '-i', '<line one\nline two'],
      ['/usr/bin/xclip', '-selection', 'clipboard', '-o'],
      ['/usr/bin/xdotool', 'key', '--clearmodifiers', 'ctrl+v'],
      ['/usr/bin/xclip', '-selection', 'clipboard', '-i', '<what was there'],
      ['/usr/bin/xclip', '-selection', 'clipboard', '-o'],
    ]);
    expect(clipboard.text).toBe('what was there');
  });

  it('pastes through the clipboard on Wayland with wl-paste, wl-copy and wtype, and empties a clipboard that held no text', async () => {
    const { clipboard, answers } = fakeClipboard(null, 'wl');
    const { platform, run } = setup(answers, { env: { WAYLAND_DISPLAY: 'wayland-0', PATH: '/usr/bin' }, restoreDelayMs: 10 });
    await platform.paste('-rf everything');
    expect(run.commands.map(shown)).toEqual([
      ['/usr/bin/wl-paste', '--no-newline', '--type', 'text'],
      ['/usr/bin/wl-copy', '<-rf everything'],
      ['/usr/bin/wl-paste', '--no-newline', '--type', 'text'],
      ['/usr/bin/wtype', '-M', 'ctrl', '-k', 'v', '-m', 'ctrl'],
      ['/usr/bin/wl-copy', '--clear'],
    ]);
    expect(clipboard.text).toBeNull();
  });

  it("pastes one text at a time: a second paste keeps what was there before the first, not the first one's text", async () => {
    const { clipboard, answers } = fakeClipboard('mine', 'xclip');
    const pressed: (string | null)[] = [];
    const { platform } = setup(
      (command) => {
        if (command.file.endsWith('xdotool')) pressed.push(clipboard.text);
        return answers(command);
      },
      { restoreDelayMs: 10 },
    );
    await Promise.all([platform.paste('first'), platform.paste('second')]);
    expect(pressed).toEqual(['first', 'second']);
    expect(clipboard.text).toBe('mine');
  });

  it('presses the first key equivalent with xdotool, cmd as ctrl', async () => {
    const { platform, run } = setup();
    await platform.pressMenuItem(['cmd+shift+n', 'cmd+n']);
    expect(run.commands.map((c) => c.args)).toEqual([['key', '--clearmodifiers', 'ctrl+shift+n']]);
    expect(xdotoolKeySpec(key('ctrl+cmd+,'))).toBe('ctrl+comma');
    expect(xdotoolKeySpec(key('alt+shift+f5'))).toBe('shift+alt+F5');
    expect(xdotoolKeySpec(key('cmd+return'))).toBe('ctrl+Return');
  });

  it('presses a key equivalent with wtype on Wayland, each modifier down then up', async () => {
    const { platform, run } = setup({}, { env: { WAYLAND_DISPLAY: 'wayland-0', PATH: '/usr/bin' } });
    await platform.pressMenuItem(['cmd+shift+,']);
    expect(run.commands.map((c) => [c.file, ...c.args])).toEqual([['/usr/bin/wtype', '-M', 'ctrl', '-M', 'shift', '-k', 'comma', '-m', 'shift', '-m', 'ctrl']]);
  });

  it('presses only what a menu item can have: ctrl (or cmd), with shift or not, and one key; the first such one given', async () => {
    const { platform, run } = setup();
    await platform.pressMenuItem(['ctrl+alt+f1', 'alt+f4', 'cmd+s']);
    expect(run.commands.map((c) => c.args)).toEqual([['key', '--clearmodifiers', 'ctrl+s']]);
    const rule = "a menu item's key equivalent on Linux is ctrl (or cmd), with shift or not, and one key";
    const desktops = "ctrl with alt is the desktop's own (ctrl+alt+F1 switches to a virtual terminal)";
    const refused = setup();
    const error = await refusal(refused.platform.pressMenuItem(['ctrl+alt+f1', 'cmd+alt+delete', 'alt+f4', 'shift+a', 'f5', 'return']));
    expect(error.code).toBe(-32004);
    expect(error.message).toBe(
      `press menu item: ${[
        `key equivalent "alt+ctrl+f1": ${desktops}; ${rule}`,
        `key equivalent "cmd+alt+delete": ${desktops}; ${rule}`,
        `key equivalent "alt+f4": has no ctrl or cmd; ${rule}`,
        `key equivalent "shift+a": has no ctrl or cmd; ${rule}`,
        `key equivalent "f5": has no ctrl or cmd; ${rule}`,
        `key equivalent "return": has no ctrl or cmd; ${rule}`,
      ].join('; ')}`,
    );
    expect(refused.run.commands).toEqual([]);
  });

  it('opens links with xdg-open without waiting for the browser', async () => {
    const { platform, run } = setup();
    await platform.openUrl('https://example.com/?a=1');
    expect(run.commands[0]).toMatchObject({
      file: '/usr/bin/xdg-open',
      args: ['https://example.com/?a=1'],
      options: expect.objectContaining({ detached: true }),
    });
  });

  it('shows the HUD with notify-send, symbol first', async () => {
    const { platform, run } = setup();
    await platform.showHud('Copied', '✓');
    expect(run.commands[0]!.args).toEqual(['--app-name=Vitruvian', '--expire-time=1500', '--', '✓  Copied']);
  });

  it("asks pkexec to end another person's process, and refuses with -32004 when the prompt is dismissed", async () => {
    const answers: ScriptedAnswer = (command) => (command.file === 'ps' ? { stdout: '1001\n' } : { code: 126 });
    const { platform, run } = setup(answers);
    const error = await refusal(platform.terminateProcess(5555));
    expect(error.code).toBe(-32004);
    expect(error.message).toContain('declined');
    expect(run.commands.at(-1)).toMatchObject({ file: '/usr/bin/pkexec', args: ['/bin/kill', '-TERM', '5555'] });
  });
});

describe('linux platform: refusals', () => {
  it('refuses with -32004 naming the missing program', async () => {
    const { platform, run } = setup({}, { missing: ['xclip', 'xdotool', 'notify-send', 'canberra-gtk-play', 'xdg-open'] });
    expect((await refusal(platform.clipboardWriteText('a'))).message).toBe('write the clipboard: xclip is not installed');
    expect((await refusal(platform.clipboardReadText())).code).toBe(-32004);
    expect((await refusal(platform.paste('a'))).message).toBe('paste: xclip is not installed');
    expect((await refusal(platform.pressMenuItem(['cmd+n']))).message).toContain('xdotool is not installed');
    expect((await refusal(platform.showHud('a'))).message).toContain('notify-send is not installed');
    expect((await refusal(platform.beep())).message).toContain('canberra-gtk-play is not installed');
    expect((await refusal(platform.openUrl('https://example.com'))).message).toContain('xdg-open is not installed');
    expect(run.commands).toEqual([]);
  });

  it('refuses a paste with -32004 naming the program missing, before the clipboard is touched', async () => {
    const x = setup({}, { missing: ['xdotool'] });
    expect((await refusal(x.platform.paste('a'))).message).toBe('paste: xdotool is not installed');
    expect(x.run.commands).toEqual([]);
    const wl = setup({}, { missing: ['wtype'], env: { WAYLAND_DISPLAY: 'wayland-0', PATH: '/usr/bin' } });
    expect((await refusal(wl.platform.paste('a'))).message).toBe('paste: wtype is not installed');
    expect((await refusal(wl.platform.pressMenuItem(['cmd+n']))).message).toBe('press menu item cmd+n: wtype is not installed');
    expect(wl.run.commands).toEqual([]);
  });

  it('refuses with -32004 when there is no display', async () => {
    const { platform } = setup({}, { env: { PATH: '/usr/bin' } });
    expect((await refusal(platform.paste('a'))).message).toBe('paste: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)');
  });

  it('refuses key equivalents it cannot read, naming them', async () => {
    const { platform } = setup();
    expect((await refusal(platform.pressMenuItem(['meta+x']))).message).toContain('"meta" is not a modifier');
  });

  it('reports what xclip said when it fails', async () => {
    const { platform } = setup({ code: 1, stderr: "Error: Can't open display: :7" });
    expect((await refusal(platform.clipboardWriteText('a'))).message).toContain("Can't open display");
  });
});
