import { describe, expect, it } from 'vitest';
import { createLinuxPlatform, xdotoolKeySpec, type LinuxOptions } from './linux';
import { parseKeyEquivalent } from './key-equivalent';
import { PlatformRefusal } from './platform';
import { scriptedRunner, type ScriptedAnswer } from './scripted-runner';

const installed = ['xclip', 'xdotool', 'xdg-open', 'notify-send', 'canberra-gtk-play', 'pkexec'];

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

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformRefusal);
  return error as PlatformRefusal;
};

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

  it('types pasted text with xdotool, after "--" so text starting with a dash is not an option', async () => {
    const { platform, run } = setup();
    await platform.paste('-rf everything');
    expect(run.commands[0]).toMatchObject({
      file: '/usr/bin/xdotool',
      args: ['type', '--clearmodifiers', '--delay', '1', '--', '-rf everything'],
    });
  });

  it('presses the first key equivalent with xdotool, cmd as ctrl', async () => {
    const { platform, run } = setup();
    await platform.pressMenuItem(['cmd+shift+n', 'cmd+n']);
    expect(run.commands.map((c) => c.args)).toEqual([['key', '--clearmodifiers', 'ctrl+shift+n']]);
    expect(xdotoolKeySpec(key('ctrl+cmd+,'))).toBe('ctrl+comma');
    expect(xdotoolKeySpec(key('alt+shift+f5'))).toBe('shift+alt+F5');
    expect(xdotoolKeySpec(key('cmd+return'))).toBe('ctrl+Return');
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

  it('asks pkexec to end another person\'s process, and refuses with -32004 when the prompt is dismissed', async () => {
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
    expect((await refusal(platform.paste('a'))).message).toContain('xdotool is not installed');
    expect((await refusal(platform.pressMenuItem(['cmd+n']))).message).toContain('xdotool is not installed');
    expect((await refusal(platform.showHud('a'))).message).toContain('notify-send is not installed');
    expect((await refusal(platform.beep())).message).toContain('canberra-gtk-play is not installed');
    expect((await refusal(platform.openUrl('https://example.com'))).message).toContain('xdg-open is not installed');
    expect(run.commands).toEqual([]);
  });

  it('refuses with -32004 when there is no X display', async () => {
    const { platform } = setup({}, { env: { PATH: '/usr/bin' } });
    expect((await refusal(platform.paste('a'))).message).toBe('paste: no X display (DISPLAY is not set)');
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
