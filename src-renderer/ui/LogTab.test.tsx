// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLogLines, makeTool } from '../../src-shared/test/fake-host';
import { fakeLayout } from '../test/layout';
import { renderApp } from '../test/render-app';
import { messagePreview } from './message-preview';

let restoreLayout: () => void;
beforeAll(() => (restoreLayout = fakeLayout()));
afterAll(() => restoreLayout());
afterEach(cleanup);

const tool = makeTool({ id: 'com.acme.chatty', name: { en: 'Chatty' } });

async function openTab(tab: 'Log' | 'Messages') {
  const app = await renderApp({ tools: [tool] });
  act(() => app.store.getState().selectTool(tool.id));
  await userEvent.click(screen.getByRole('tab', { name: tab }));
  return app;
}

describe('the log', () => {
  it('tells what will show up before anything is logged', async () => {
    await openTab('Log');
    expect(screen.getByText(/Nothing logged yet/)).toBeDefined();
  });

  it('holds 100,000 lines and draws only a screenful', async () => {
    const { store } = await openTab('Log');
    act(() => store.getState().logLinesArrived(tool.id, makeLogLines(100_000)));
    const log = screen.getByRole('log', { name: 'Log lines' });
    expect(log.dataset.lineCount).toBe('100000');
    const rows = log.querySelectorAll('.log-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(200);
    expect(screen.getByText('100,000 lines')).toBeDefined();
  });

  it('shows new lines as they arrive from the host', async () => {
    const { fake } = await openTab('Log');
    act(() => fake.emit({ type: 'log', toolId: tool.id, line: { seq: 1, time: 0, level: 'warn', source: 'tool', message: 'disk nearly full' } }));
    expect(within(screen.getByRole('log')).getByText('disk nearly full')).toBeDefined();
  });

  it('filters by level and by search', async () => {
    const { store } = await openTab('Log');
    act(() =>
      store.getState().logLinesArrived(tool.id, [
        { seq: 1, time: 0, level: 'info', source: 'tool', message: 'started' },
        { seq: 2, time: 0, level: 'error', source: 'stderr', message: 'failed to open db' },
        { seq: 3, time: 0, level: 'debug', source: 'tool', message: 'tick' },
      ]),
    );
    await userEvent.click(screen.getByLabelText('Debug'));
    expect(screen.queryByText('tick')).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'DB');
    const log = screen.getByRole('log');
    expect(within(log).queryByText('started')).toBeNull();
    expect(within(log).getByText('failed to open db')).toBeDefined();
    expect(screen.getByText('1 of 3 lines')).toBeDefined();
  });

  it('offers Copy only when there are lines to copy, and keeps the button as wide when it says Copied', async () => {
    const { store } = await openTab('Log');
    const copy = screen.getByRole<HTMLButtonElement>('button', { name: 'Copy' });
    expect(copy.disabled).toBe(true);
    act(() => store.getState().logLinesArrived(tool.id, makeLogLines(2)));
    expect(copy.disabled).toBe(false);
    const written = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await userEvent.click(copy);
    expect(written).toHaveBeenCalledWith(expect.stringContaining('line 2'));
    written.mockRestore();
    await waitFor(() => expect(copy.dataset.copied).toBe('true'));
    // Both words stay laid out (so the width holds); only the one showing is read.
    expect(screen.getByRole('button', { name: 'Copied' })).toBe(copy);
    expect(copy.querySelectorAll('.copy-word')).toHaveLength(2);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'nothing like it');
    expect(copy.disabled).toBe(true);
  });

  it("words the host's own lines and the source column in the window's language", async () => {
    const { fake, store } = await openTab('Log');
    act(() =>
      fake.emit({
        type: 'log',
        toolId: tool.id,
        line: {
          seq: 1,
          time: 0,
          level: 'info',
          source: 'host',
          message: 'started (pid 714, protocol 1, version 1.0.0)',
          code: { code: 'started', pid: 714, version: '1.0.0' },
        },
      }),
    );
    act(() =>
      fake.emit({
        type: 'log',
        toolId: tool.id,
        line: { seq: 2, time: 0, level: 'warn', source: 'protocol', message: 'a line is not JSON: "hi" (answered -32700)' },
      }),
    );
    const log = screen.getByRole('log');
    expect(log.querySelector('.log-row .log-source')?.textContent).toBe('app');
    await act(() => store.getState().setLanguage('fr'));
    const rows = [...screen.getByRole('log').querySelectorAll('.log-row')].map((row) => [
      row.querySelector('.log-source')?.textContent,
      row.querySelector('.log-message')?.textContent,
    ]);
    expect(rows).toEqual([
      ['app', 'démarré (pid 714, protocole 1, version 1.0.0)'],
      // A line with no code (the protocol's findings quote the wire) keeps the host's words.
      ['protocole', 'a line is not JSON: "hi" (answered -32700)'],
    ]);
  });

  it('clears through the host', async () => {
    const { fake, store } = await openTab('Log');
    act(() => store.getState().logLinesArrived(tool.id, makeLogLines(3)));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(fake.requestsNamed('clearLog')).toEqual([[tool.id]]);
    await waitFor(() => expect(screen.getByText(/Nothing logged yet/)).toBeDefined());
  });
});

describe('the message trace', () => {
  it('shows both directions, filters by method and opens a message as indented JSON', async () => {
    const { fake } = await openTab('Messages');
    act(() => {
      fake.emit({
        type: 'trace',
        toolId: tool.id,
        line: {
          seq: 1,
          time: 0,
          direction: 'toTool',
          method: 'command/run',
          text: '{"jsonrpc":"2.0","id":1,"method":"command/run","params":{"command":"copy"}}',
        },
      });
      fake.emit({
        type: 'trace',
        toolId: tool.id,
        line: { seq: 2, time: 0, direction: 'fromTool', method: 'log', text: '{"jsonrpc":"2.0","method":"log","params":{"message":"hi"}}' },
      });
    });
    const list = screen.getByRole('list', { name: 'Messages between the app and the tool' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('App → tool');
    expect(list.textContent).toContain('Tool → app');
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'log');
    expect(within(screen.getByRole('list', { name: 'Messages between the app and the tool' })).getAllByRole('listitem')).toHaveLength(1);
    const toggle = within(screen.getByRole('list', { name: 'Messages between the app and the tool' })).getByRole('button', { expanded: false });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('.trace-json')?.textContent).toBe('{\n  "jsonrpc": "2.0",\n  "method": "log",\n  "params": {\n    "message": "hi"\n  }\n}');
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeDefined();
  });

  it('finds messages by any text they hold, letter case aside, with the method filter', async () => {
    const { fake } = await openTab('Messages');
    act(() => {
      const texts = [
        ['toTool', 'command/run', '{"jsonrpc":"2.0","id":1,"method":"command/run","params":{"command":"copy"}}'],
        ['fromTool', 'log', '{"jsonrpc":"2.0","method":"log","params":{"message":"Greeting copy done"}}'],
        ['fromTool', 'log', '{"jsonrpc":"2.0","method":"log","params":{"message":"idle"}}'],
      ] as const;
      texts.forEach(([direction, method, text], index) =>
        fake.emit({ type: 'trace', toolId: tool.id, line: { seq: index + 1, time: 0, direction, method, text } }),
      );
    });
    const shown = () => within(screen.getByRole('list', { name: 'Messages between the app and the tool' })).getAllByRole('listitem');
    expect(shown()).toHaveLength(3);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the messages' }), 'COPY');
    expect(shown()).toHaveLength(2);
    expect(screen.getByText('2 of 3 messages')).toBeDefined();
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'log');
    expect(shown().map((item) => item.textContent)).toEqual([expect.stringContaining('Greeting copy done')]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the messages' }), 'nowhere');
    expect(screen.getByText('No message matches the filter.')).toBeDefined();
  });

  it('previews what each message carries, not its envelope, so a narrow row still tells them apart', () => {
    expect(messagePreview('{"jsonrpc":"2.0","id":2,"method":"command/run","params":{"command":"copy"}}')).toBe('{"command":"copy"}');
    expect(messagePreview('{"jsonrpc":"2.0","id":2,"result":{}}')).toBe('{}');
    expect(messagePreview('{"jsonrpc":"2.0","id":2,"error":{"code":-32010,"message":"nothing to copy"}}')).toBe('-32010 nothing to copy');
    expect(messagePreview('{"jsonrpc":"2.0","method":"shutdown"}')).toBe('');
    expect(messagePreview('starting up...')).toBe('starting up...');
    expect(messagePreview('{"params":1}', true)).toBe('{"params":1}');
  });

  it('counts messages, and shows the whole of a message just opened, even the last one', async () => {
    const { fake } = await openTab('Messages');
    const shown = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    try {
      act(() => {
        for (let seq = 1; seq <= 3; seq++) {
          fake.emit({ type: 'trace', toolId: tool.id, line: { seq, time: 0, direction: 'fromTool', method: 'log', text: `{"n":${seq}}` } });
        }
      });
      expect(screen.getByText('3 messages')).toBeDefined();
      const rows = within(screen.getByRole('list', { name: 'Messages between the app and the tool' })).getAllByRole('listitem');
      await userEvent.click(within(rows[2]!).getByRole('button', { expanded: false }));
      await waitFor(() => expect(shown).toHaveBeenCalled());
      expect(shown.mock.contexts.at(-1)).toBe(rows[2]);
    } finally {
      shown.mockRestore();
    }
  });

  it('shows a line that was not UTF-8 as the bytes that came, never as a message, even when they read as JSON', async () => {
    const { fake } = await openTab('Messages');
    const text = '{"jsonrpc":"2.0","method":"log","params":{"message":"\\\\xe9"}}';
    act(() => fake.emit({ type: 'trace', toolId: tool.id, line: { seq: 1, time: 0, direction: 'fromTool', text, notUtf8: true } }));
    const row = within(screen.getByRole('list', { name: 'Messages between the app and the tool' })).getByRole('listitem');
    expect(within(row).getByText('not UTF-8')).toBeDefined();
    await userEvent.click(within(row).getByRole('button', { expanded: false }));
    expect(document.querySelector('.trace-json')?.textContent).toBe(text);
    expect(row.textContent).toContain('the app answered it -32700');
  });
});

describe('the messages, a request with its answer', () => {
  const rpc = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });
  const list = () => screen.getByRole('list', { name: /^Messages (between the app and the tool|entre l’app et l’outil)$/ });

  it('shows a request and its answer on one row with the time it took, and opens to both; a request waiting and an answer alone say so', async () => {
    const { fake } = await openTab('Messages');
    const emit = (seq: number, time: number, direction: 'toTool' | 'fromTool', method: string, message: object) =>
      fake.emit({ type: 'trace', toolId: tool.id, line: { seq, time, direction, method, text: rpc(message) } });
    act(() => {
      emit(1, 1_000, 'fromTool', 'command/run', { id: 9, result: {} }); // its request was dropped
      emit(2, 2_000, 'toTool', 'command/run', { id: 1, method: 'command/run', params: { command: 'copy' } });
      emit(3, 2_003, 'fromTool', 'log', { method: 'log', params: { message: 'copying' } });
      emit(4, 3_234, 'fromTool', 'command/run', { id: 1, result: { copied: true } });
      emit(5, 4_000, 'toTool', 'command/run', { id: 2, method: 'command/run', params: { command: 'slow' } });
    });
    const rows = within(list()).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.row)).toEqual(['answer', 'exchange', 'message', 'exchange']);
    expect(rows[0]!.textContent).toContain('request not listed');
    expect(rows[1]!.textContent).toContain('{"command":"copy"} → {"copied":true}');
    expect(rows[1]!.textContent).toContain('1,234 ms');
    expect(rows[3]!.textContent).toContain('no answer yet');
    expect(screen.getByText('5 messages')).toBeDefined();

    await userEvent.click(within(rows[1]!).getByRole('button', { expanded: false }));
    const shown = [...rows[1]!.querySelectorAll('.trace-json')].map((pre) => JSON.parse(pre.textContent ?? '') as unknown);
    expect(shown).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'command/run', params: { command: 'copy' } },
      { jsonrpc: '2.0', id: 1, result: { copied: true } },
    ]);
    expect([...rows[1]!.querySelectorAll('.trace-part-heading')].map((p) => p.textContent?.split(' ')[0])).toEqual(['Request', 'Answer']);
    expect(within(rows[1]!).getByRole('button', { name: 'Copy request and answer' })).toBeDefined();

    // Searching the answer's words finds the row, with its request.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the messages' }), 'copied');
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((row) => row.dataset.seq),
    ).toEqual(['2']);
    expect(screen.getByText('2 of 5 messages')).toBeDefined();
  });

  it('says at the top how many older messages were dropped, in the person’s language', async () => {
    const app = await renderApp({ tools: [tool] });
    app.fake.host.readTrace = async () => ({
      lines: [{ seq: 1_235, time: 0, direction: 'fromTool', method: 'log', text: rpc({ method: 'log', params: { message: 'hi' } }) }],
      dropped: 1_234,
    });
    act(() => app.store.getState().selectTool(tool.id));
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    const notice = () => document.querySelector('.trace-dropped')?.textContent;
    await waitFor(() => expect(notice()).toBe('1,234 older messages were dropped: the app keeps the latest ones.'));
    await act(() => app.store.getState().setLanguage('fr'));
    expect(notice()).toBe('1\u202f234 messages plus anciens ont été retirés\u202f: l’app garde les plus récents.');
    await act(() => app.store.getState().clearTrace(tool.id));
    expect(document.querySelector('.trace-dropped')).toBeNull();
  });
});
