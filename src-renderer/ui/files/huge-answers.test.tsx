// @vitest-environment happy-dom
// Answers as long as the host hands on (10,000 rows of 100 cells, 10,000 lines, a plan of 10,000
// steps) and longer (200,000 rows, should one get past it): the window draws a few dozen rows of
// each, says what the host left out, and never builds a list by recursion or by spreading it into
// a call (130,000 rows overflowed the stack and blanked the window).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import type { PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedInspection } from '../../../src-shared/skwir/answers';
import { SKWIR_SHOWN_LIMITS } from '../../../src-shared/skwir/limits';
import { makePlugin } from '../../../src-shared/test/fake-host';
import { fakeLayout } from '../../test/layout';
import { renderApp } from '../../test/render-app';
import { renderInWindow } from '../../test/render-preview';
import { InspectionBody } from './InspectionBody';

let restoreLayout: () => void;
beforeAll(() => (restoreLayout = fakeLayout()));
afterAll(() => restoreLayout());
afterEach(cleanup);

/** Far fewer rows than the list holds are drawn: a window of 600 px of 20 px rows, and a margin. */
const DRAWN_AT_MOST = 100;

const plugin = makePlugin(
  { id: 'org.example.huge', name: { en: 'Huge' } },
  {
    previews: [{ extensions: [], mimes: [], converts: false, pages: false, thumbnails: false }],
    commands: [{ name: 'tidy', title: 'Tidy', extensions: [], mimes: [] }],
    capabilities: ['read', 'write'],
  },
);

const ok = <T,>(answer: T): PluginAnswer<T> => ({ ok: true, answer, ms: 5, cached: false });

function inspection(rows: number, cells: number, fields: Partial<CheckedInspection> = {}): CheckedInspection {
  const cellsOf = (row: number) => Array.from({ length: cells }, (_, cell) => `r${row}c${cell}`);
  return {
    kind: 'table',
    title: 'Huge',
    text: [],
    columns: cellsOf(0).map((_, cell) => `Column ${cell}`),
    rows: Array.from({ length: rows }, (_, row) => ({
      cells: cellsOf(row),
      bytes: null,
      depth: 0,
      branch: false,
      target: null,
    })) as unknown as CheckedInspection['rows'],
    previous: null,
    next: null,
    position: 0,
    length: null,
    notice: '',
    details: [],
    ...fields,
  };
}

async function openPreview(answer: CheckedInspection, found?: (query: string) => CheckedInspection) {
  const app = await renderApp({ tools: [plugin] });
  app.fake.answers.inspect = (_p, _c, _path, request) => ok(request.query && found ? found(request.query) : answer);
  await userEvent.click(screen.getByRole('option', { name: 'Huge' }));
  await userEvent.type(screen.getByLabelText('File path'), '/d/big.bin{Enter}');
  const preview = await screen.findByRole('region', { name: 'Preview of big.bin' });
  await within(preview).findByRole('heading', { name: 'Huge' });
  return preview;
}

describe('an inspection as long as the host hands on', () => {
  it('draws a window on 10,000 rows of 100 cells, and says how many rows and cells the host left out', async () => {
    const { rows, cells } = SKWIR_SHOWN_LIMITS;
    const preview = await openPreview(inspection(rows, cells, { leftOut: { rows: 190_000, cells: 299_900 } }));
    const table = within(preview).getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe(String(rows + 1));
    const drawn = within(table).getAllByRole('row');
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(DRAWN_AT_MOST);
    expect(drawn[1]!.textContent).toContain('r0c99');
    expect(within(preview).getByRole('note').textContent).toBe('190,000 rows and 299,900 cells were left out, more than the window shows.');
    // The rows not drawn keep their room, so the scroll bar is the whole list's.
    const room = [...table.querySelectorAll<HTMLElement>('.list-room')].reduce((sum, element) => sum + parseFloat(element.style.height), 0);
    expect(room).toBeGreaterThan((rows - DRAWN_AT_MOST) * 20);
  });

  it('draws a window on 10,000 lines of code, and scrolls to the line a search found', async () => {
    const lines = Array.from({ length: SKWIR_SHOWN_LIMITS.lines }, (_, index) => `line ${index}`);
    const code = inspection(0, 0, { kind: 'code', text: lines, leftOut: { lines: 1 } });
    const preview = await openPreview(code, (query) => ({ ...code, position: 9_000, notice: `Found ${query}` }));
    const table = within(preview).getByRole('table');
    expect(within(table).getAllByRole('row').length).toBeLessThan(DRAWN_AT_MOST);
    expect(preview.querySelector('[data-found]')).toBeNull();
    expect(within(preview).getByRole('note').textContent).toBe('1 line of text was left out, more than the window shows.');
    // happy-dom lays nothing out: the scroller is given the height its lines would take. The list
    // scrolls the line found to its middle (the end-to-end test sees it drawn in Chromium).
    const scroller = preview.querySelector<HTMLElement>('.inspect-content')!;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => lines.length * 20 });
    await userEvent.type(within(preview).getByRole('searchbox', { name: 'Find in the file' }), 'line 9000{Enter}');
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(9_000 * 20 - 600));
    expect(scroller.scrollTop).toBeLessThan(9_000 * 20);
    expect(within(table).getAllByRole('row').length).toBeLessThan(DRAWN_AT_MOST);
  });
});

describe('an inspection longer than the host hands on', () => {
  it('draws 200,000 rows without running out of stack, a window of them', () => {
    const huge = inspection(200_000, 3);
    function Box() {
      const scroller = useRef<HTMLDivElement>(null);
      return (
        <div ref={scroller} className="inspect-content">
          <InspectionBody inspection={huge} scroller={scroller} onOpen={() => undefined} />
        </div>
      );
    }
    renderInWindow(<Box />);
    const drawn = screen.getAllByRole('row');
    expect(drawn.length).toBeLessThan(DRAWN_AT_MOST);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('200001');
  });
});

describe('a plan as long as the host hands on', () => {
  it('draws a window on 10,000 steps, says the host left 90,000 out and that Apply does what is shown', async () => {
    const steps = Array.from({ length: SKWIR_SHOWN_LIMITS.steps }, (_, index) => ({ op: 'mkdir' as const, path: `/d/folder-${index}` }));
    const app = await renderApp({ tools: [plugin] });
    app.fake.answers.runPluginCommand = (_p, _c, _command, _args, paths) =>
      ok({ answer: 'plan', title: 'Many', note: null, planId: 'p1', files: paths, steps, leftOut: { steps: 90_000 } });
    await userEvent.click(screen.getByRole('option', { name: 'Huge' }));
    await userEvent.type(screen.getByLabelText('File path'), '/d/a.txt{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Tidy' }));
    const list = await screen.findByRole('list', { name: 'Steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeLessThan(DRAWN_AT_MOST);
    expect(items[0]!.textContent).toBe('Make the folder /d/folder-0');
    expect(items[0]!.getAttribute('value')).toBe('1');
    expect(screen.getByRole('note').textContent).toBe('90,000 steps were left out, more than the window shows. Apply does only the steps shown.');
    await userEvent.click(screen.getByRole('button', { name: 'Apply…' }));
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain('10,000 folders are made.'));
  });
});
