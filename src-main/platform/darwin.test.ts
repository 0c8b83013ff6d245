import type { MaybePromise } from '../../src-shared/maybe-promise';
import { describe, expect, it } from 'vitest';
import { createDarwinServices, endAsAdministratorScript, pasteScript, pressMenuItemScript, type DarwinOptions, type Pasteboard } from './darwin';
import { PlatformRefusal } from './platform';
import { scriptedRunner, type ScriptedAnswer } from './scripted-runner';

function setup(answer: ScriptedAnswer = {}, overrides: Partial<DarwinOptions> = {}) {
  const events: string[] = [];
  const run = scriptedRunner((command) => {
    events.push(`run ${command.file} ${command.args.slice(2).join(' ')}`.trim());
    return typeof answer === 'function' ? answer(command) : answer;
  });
  const pasteboard: Pasteboard = {
    stash: async () => {
      events.push('stash');
      return async () => void events.push('restore');
    },
    writeForPaste: async (text) => void events.push(`write ${text}`),
  };
  const services = createDarwinServices({
    isAccessibilityTrusted: () => true,
    pasteboard,
    protectedPids: () => [4000, 4001],
    run,
    currentUid: 501,
    restoreDelayMs: 0,
    ...overrides,
  });
  return { services, run, events };
}

const refusal = async (answer: MaybePromise<unknown>) => {
  const error = await Promise.resolve(answer).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformRefusal);
  return error as PlatformRefusal;
};

describe('darwin paste', () => {
  it('puts the text on the clipboard, presses cmd+v through System Events, then gives the old clipboard back', async () => {
    const { services, run, events } = setup();
    await services.paste('hello');
    expect(events).toEqual(['stash', 'write hello', 'run osascript', 'restore']);
    expect(run.commands[0]).toMatchObject({ file: 'osascript', args: ['-e', pasteScript] });
  });

  it('refuses with -32003 accessibility before touching anything when the app is not trusted', async () => {
    const { services, run, events } = setup({}, { isAccessibilityTrusted: () => false });
    const error = await refusal(services.paste('hello'));
    expect(error.code).toBe(-32003);
    expect(error.data).toEqual({ permission: 'accessibility' });
    expect(run.commands).toEqual([]);
    expect(events).toEqual([]);
  });

  it('refuses with -32003 automation when System Events may not be controlled, and still restores', async () => {
    const { services, events } = setup({ code: 1, stderr: 'execution error: Not authorized to send Apple events to System Events. (-1743)' });
    const error = await refusal(services.paste('hello'));
    expect(error.code).toBe(-32003);
    expect(error.data).toEqual({ permission: 'automation' });
    expect(events.at(-1)).toBe('restore');
  });

  it('refuses with -32003 accessibility when osascript itself is denied assistive access', async () => {
    const { services } = setup({ code: 1, stderr: 'System Events got an error: osascript is not allowed assistive access. (-25211)' });
    const error = await refusal(services.paste('hello'));
    expect([error.code, error.data]).toEqual([-32003, { permission: 'accessibility' }]);
  });

  it('pastes one text at a time so the second never stashes the first', async () => {
    const { services, events } = setup();
    await Promise.all([services.paste('one'), services.paste('two')]);
    expect(events).toEqual(['stash', 'write one', 'run osascript', 'restore', 'stash', 'write two', 'run osascript', 'restore']);
  });
});

describe('darwin pressMenuItem', () => {
  it('searches the front app menus for the key equivalents, as character and modifier mask pairs', async () => {
    const { services, run } = setup({ stdout: 'pressed\nTextEdit\n' });
    await services.pressMenuItem(['cmd+shift+n', 'ctrl+alt+k', 'cmd+s']);
    expect(run.commands).toHaveLength(1);
    expect(run.commands[0]!.args).toEqual(['-e', pressMenuItemScript, 'n', '1', 'k', '14', 's', '0']);
  });

  it('refuses with -32004 naming the app and the keys when no menu item has them', async () => {
    const { services } = setup({ stdout: 'none\nTextEdit\n' });
    const error = await refusal(services.pressMenuItem(['cmd+shift+n']));
    expect(error.code).toBe(-32004);
    expect(error.message).toContain('no enabled menu item of TextEdit has cmd+shift+n');
  });

  it('checks Accessibility first', async () => {
    const { services, run } = setup({}, { isAccessibilityTrusted: () => false });
    const error = await refusal(services.pressMenuItem(['cmd+n']));
    expect([error.code, error.data]).toEqual([-32003, { permission: 'accessibility' }]);
    expect(run.commands).toEqual([]);
  });

  it('refuses keys it cannot match, naming them, without running anything', async () => {
    const { services, run } = setup();
    const error = await refusal(services.pressMenuItem(['hyper+n']));
    expect(error.code).toBe(-32004);
    expect(error.message).toContain('"hyper" is not a modifier');
    expect(run.commands).toEqual([]);
  });
});

describe('darwin terminateProcess', () => {
  const psAnswers =
    (uid: string | null, adminAnswer: ScriptedAnswer = {}): ScriptedAnswer =>
    (command) => {
      if (command.file === 'ps') return uid === null ? { code: 1, stdout: '' } : { stdout: `  ${uid}\n` };
      return typeof adminAnswer === 'function' ? adminAnswer(command) : adminAnswer;
    };

  it('asks for an administrator when the process belongs to another person', async () => {
    const { services, run } = setup(psAnswers('502'));
    await services.terminateProcess(7777);
    expect(run.commands.map((c) => [c.file, ...c.args])).toEqual([
      ['ps', '-o', 'uid=', '-p', '7777'],
      ['osascript', '-e', endAsAdministratorScript, '7777'],
    ]);
  });

  it('refuses with -32004 when the administrator prompt is declined', async () => {
    const { services } = setup(psAnswers('502', { code: 1, stderr: 'execution error: User canceled. (-128)' }));
    const error = await refusal(services.terminateProcess(7777));
    expect(error.code).toBe(-32004);
    expect(error.message).toContain('declined');
  });

  it('refuses the app itself, system processes, and processes that do not exist', async () => {
    expect((await refusal(setup(psAnswers('501')).services.terminateProcess(4001))).message).toContain('Vitruvian itself');
    expect((await refusal(setup(psAnswers('0')).services.terminateProcess(1))).message).toContain('system process');
    expect((await refusal(setup(psAnswers('0')).services.terminateProcess(300))).message).toContain('system account (uid 0)');
    expect((await refusal(setup(psAnswers('88')).services.terminateProcess(300))).message).toContain('uid 88');
    expect((await refusal(setup(psAnswers(null)).services.terminateProcess(99999))).message).toContain('does not exist');
  });
});
