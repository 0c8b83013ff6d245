// @vitest-environment happy-dom
// What a person is told of what a command did: a tool's HUD as a toast and beside the command that
// showed it; a plugin's args form opened and closed on purpose, titled by its schema; its value as
// names and values; an answer about files chosen before put away when others are chosen.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PluginAnswer } from '../../src-shared/plugin-api';
import { makePlugin, makeTool } from '../../src-shared/test/fake-host';
import { renderApp } from '../test/render-app';

afterEach(cleanup);

const greeter = makeTool({
  id: 'com.acme.greeter',
  name: { en: 'Greeter' },
  uses: ['notify'],
  commands: [{ id: 'hello', title: { en: 'Say hello' }, surfaces: ['window'] }],
  runnable: ['hello'],
});

const counter = makePlugin(
  { id: 'org.example.count', name: { en: 'Counter' } },
  {
    commands: [
      {
        name: 'count',
        title: 'Count words',
        extensions: [],
        mimes: [],
        args: { type: 'object', description: 'What to count', properties: { lines: { type: 'boolean', description: 'Count lines too' } } },
      },
    ],
  },
);
const ok = <T,>(answer: T): PluginAnswer<T> => ({ ok: true, answer, ms: 1, cached: false });

describe('what a command did, said where it was run', () => {
  it('shows a tool’s HUD as a toast and beside the command that showed it', async () => {
    const { fake, store } = await renderApp({ tools: [greeter] });
    fake.answers.runCommand = () => {
      fake.emit({ type: 'serviceCall', call: { seq: 1, time: 1, toolId: greeter.id, method: 'notify/hud', params: { text: 'Hello there' } } });
      return { outcome: 'done' };
    };
    act(() => store.getState().selectTool(greeter.id));
    const command = screen.getByRole('group', { name: 'Say hello' });
    await userEvent.click(within(command).getByRole('button', { name: 'Say hello' }));
    await waitFor(() => expect(within(command).getByRole('status').textContent).toBe('Done · Would show on screen: “Hello there”'));
    const toasts = screen.getByRole('status', { name: 'Shown on screen' });
    expect(toasts.textContent).toContain('GreeterHello there');
    await userEvent.click(within(toasts).getByRole('button', { name: 'Dismiss' }));
    expect(toasts.textContent).toBe('');
  });
});

describe('a plugin command’s args form', () => {
  async function open() {
    const app = await renderApp({ tools: [counter] });
    app.fake.answers.runPluginCommand = (_p, _c, _command, args) => ok({ answer: 'value', value: { total: 3, files: [{ name: 'a.txt', words: 3 }], args } });
    await userEvent.click(screen.getByRole('option', { name: 'Counter' }));
    for (const path of ['/d/a.txt', '/d/b.txt']) await userEvent.type(screen.getByLabelText('File path'), `${path}{Enter}`);
    return app;
  }

  it('is titled by its schema, stays open while other files are chosen, and closes with Close or Escape', async () => {
    await open();
    const group = screen.getByRole('group', { name: 'Count words' });
    const button = within(group).getByRole('button', { name: 'Count words' });
    await userEvent.click(button);
    const form = within(group).getByRole('form', { name: 'Count words' });
    expect(within(form).getByText('What to count')).toBeDefined();
    expect(within(form).getByLabelText('Count lines too')).toBeDefined();
    await userEvent.click(screen.getByRole('option', { name: 'b.txt' }));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Close' }));
    expect(within(group).queryByRole('form')).toBeNull();
    await userEvent.click(button);
    await userEvent.click(within(group).getByLabelText('Count lines too'));
    await userEvent.keyboard('{Escape}');
    expect(within(group).queryByRole('form')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a value as names and values, and puts it away when other files are chosen', async () => {
    await open();
    const group = screen.getByRole('group', { name: 'Count words' });
    await userEvent.click(within(group).getByRole('button', { name: 'Count words' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Run' }));
    const value = await within(group).findByRole('group', { name: 'Value' });
    expect(value.textContent).toBe('total: 3files: name: a.txtwords: 3args: lines: No');
    expect(value.querySelector('pre')).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'b.txt' }));
    expect(within(group).queryByRole('group', { name: 'Value' })).toBeNull();
  });
});
