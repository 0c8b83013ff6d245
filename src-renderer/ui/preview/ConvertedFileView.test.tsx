// @vitest-environment happy-dom
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConvertedFileView } from './ConvertedFileView';
import { TABLE_SHOWN_COLUMNS, TABLE_SHOWN_ROWS } from './converted-kinds';
import { fakeLayout } from '../../test/layout';
import { renderInWindow } from '../../test/render-preview';
import { startConvertedServer, type ConvertedServer } from '../../test/converted-server.node';
import { TEXT_SHOWN_BYTES } from './use-converted-file';

let server: ConvertedServer;
beforeAll(async () => {
  server = await startConvertedServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A 1 x 1 PNG. */
const onePixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A PNG whose image data is not deflate's (a block of a type deflate does not have). */
function damagedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', new Uint8Array())]);
}

/** Shows the bytes as the host would serve them under a name. */
async function show(name: string, bytes: Uint8Array | string, language = 'en') {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  const url = server.serve(bytes);
  const view = renderInWindow(<ConvertedFileView file={{ name, bytes: size, url }} />, language);
  const region = screen.getByRole('region', { name: new RegExp(name.replace('.', '\\.')) });
  await waitFor(() => expect(region.dataset.state).not.toBe('reading'));
  return { ...view, region, url };
}

describe('a converted file', () => {
  it('shows a picture fitted to the width, at its own size after a click, and offers it to save', async () => {
    const { region, url } = await show('sunset.png', onePixel);
    expect(region.dataset.kind).toBe('picture');
    const picture = within(region).getByRole<HTMLImageElement>('img', { name: 'sunset.png' });
    // Drawn from the host's URL: its bytes never pass through the page's script.
    expect(picture.getAttribute('src')).toBe(url);
    expect(server.asked.filter((ask) => ask.url === url)).toEqual([]);
    const toggle = within(region).getByRole('button', { name: 'Show at actual size' });
    expect(region.querySelector('.converted-picture')?.getAttribute('data-size')).toBe('fitted');
    await userEvent.click(picture);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(region.querySelector('.converted-picture')?.getAttribute('data-size')).toBe('actual');
    await userEvent.click(toggle);
    expect(region.querySelector('.converted-picture')?.getAttribute('data-size')).toBe('fitted');
    const save = within(region).getByRole('link', { name: 'Save sunset.png' });
    expect(save.getAttribute('download')).toBe('sunset.png');
    expect(save.getAttribute('href')).toBe(picture.getAttribute('src'));
    expect(within(region).getByText('70 bytes')).toBeDefined();
  });

  it('shows text decoded as UTF-8, monospaced', async () => {
    const { region } = await show('notes.txt', 'héllo\n世界 ✓');
    expect(region.querySelector('pre.converted-text')?.textContent).toBe('héllo\n世界 ✓');
  });

  it('fetches only the start of a long text, shows it cut where a character ends, and says so', async () => {
    const text = `${'é'.repeat(TEXT_SHOWN_BYTES / 2 - 1)}xé${'z'.repeat(3_000_000)}`;
    const { region, url } = await show('long.log', text);
    const shown = region.querySelector('pre')?.textContent ?? '';
    expect(shown).toBe(text.slice(0, TEXT_SHOWN_BYTES / 2)); // the last é would be cut in two: left out
    expect(within(region).getByRole('note').textContent).toBe('Only the start of the file is shown (1 MB of 4 MB). Save it to read it all.');
    expect(server.asked.filter((ask) => ask.url === url).map((ask) => ask.range)).toEqual([`bytes=0-${TEXT_SHOWN_BYTES - 1}`]);
  });

  it('says the file is gone, rather than failing, when the host no longer serves it', async () => {
    const url = server.serve('a text let go of');
    server.drop(url);
    renderInWindow(<ConvertedFileView file={{ name: 'notes.txt', bytes: 16, url }} />);
    const region = screen.getByRole('region', { name: /notes\.txt/ });
    await waitFor(() => expect(region.dataset.state).toBe('gone'));
    expect(within(region).getByRole('alert').textContent).toBe('This converted file is no longer kept. Choose the file again to convert it anew.');
  });

  it('says a picture is gone when it fails to load and the host answers 404 for it', async () => {
    const { region, url } = await show('gone.png', onePixel);
    server.drop(url);
    within(region).getByRole('img', { name: 'gone.png' }).dispatchEvent(new Event('error'));
    await waitFor(() => expect(region.dataset.state).toBe('gone'));
    expect(within(region).queryByRole('img')).toBeNull();
    cleanup();
    // A picture that fails to load while the host still serves it is said not to be shown, where it was.
    const kept = await show('broken.png', 'not a png');
    within(kept.region).getByRole('img', { name: 'broken.png' }).dispatchEvent(new Event('error'));
    await waitFor(() => expect(server.asked.some((ask) => ask.url === kept.url)).toBe(true));
    expect(kept.region.dataset.state).toBe('ready');
    expect(within(kept.region).getByRole('alert').textContent).toMatch(/^This picture could not be shown: its file is damaged/);
    expect(within(kept.region).queryByRole('img')).toBeNull();
  });

  it('says, in the person’s language, that a damaged PNG larger than its room could not be shown', async () => {
    // Laid out (happy-dom lays out nothing): a room 800 pixels wide, smaller than the picture.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    for (const [language, said] of [
      ['en', /^This picture could not be shown: its file is damaged/],
      ['fr', /^Cette image n’a pas pu être affichée\u202f: son fichier est abîmé/],
    ] as const) {
      const { region, url } = await show('damaged.png', damagedPng(2000, 100), language);
      await waitFor(() => expect(within(region).getByRole('alert').textContent).toMatch(said));
      // Read by the page, as it arrived: the whole file, no range.
      expect(server.asked.filter((ask) => ask.url === url).map((ask) => ask.range)).toEqual(['whole']);
      expect(within(region).queryByRole('img')).toBeNull();
      cleanup();
    }
  });

  it('renders Markdown with its tables, and runs nothing the plugin wrote', async () => {
    const markdown = [
      '# Report',
      '',
      'See [the site](https://example.com/a) and [this](javascript:alert(1)).',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '<script>window.ran = true</script>',
      '',
      '<img src="x" onerror="window.ran = true">',
      '',
      '![logo](https://example.com/logo.png)',
      '',
      '<a href="https://example.com" onclick="window.ran = true">raw</a>',
    ].join('\n');
    const { region } = await show('report.md', markdown);
    expect(await within(region).findByRole('heading', { level: 1, name: 'Report' })).toBeDefined();
    expect(within(region).getByRole('table')).toBeDefined();
    expect(within(region).getByText('(https://example.com/a)', { exact: false })).toBeDefined();
    expect(within(region).getByText('[picture: logo, not loaded: https://example.com/logo.png]')).toBeDefined();
    // The HTML shows as the text it is; none of it is an element.
    expect(region.textContent).toContain('<script>window.ran = true</script>');
    expect(region.querySelectorAll('.converted-markdown script, .converted-markdown img, .converted-markdown a, .converted-markdown iframe')).toHaveLength(0);
    const handlers = [...region.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on') || /javascript:/i.test(element.getAttribute(name) ?? '')),
    );
    expect(handlers).toEqual([]);
    expect((window as Window & { ran?: boolean }).ran).toBeUndefined();
  });

  it('shows CSV and TSV as a table, the first row as its head', async () => {
    const { region } = await show('scores.csv', 'name,score\r\n"Smith, Ann",12\nBob\n');
    const table = within(region).getByRole('table', { name: 'scores.csv' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['name', 'score']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Smith, Ann', '12', 'Bob', '']);
    cleanup();
    const tsv = await show('scores.tsv', 'a\tb\n1\t2');
    expect(
      within(tsv.region)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2']);
  });

  it('lays out the first rows of a long table, drawing those in view, and says the rest are left out', async () => {
    const restoreLayout = fakeLayout();
    try {
      const csv = ['n', ...Array.from({ length: TABLE_SHOWN_ROWS + 50 }, (_, i) => String(i))].join('\n');
      const { region } = await show('many.csv', csv);
      const table = within(region).getByRole('table', { name: 'many.csv' });
      expect(table.getAttribute('aria-rowcount')).toBe(String(TABLE_SHOWN_ROWS + 1));
      const drawn = within(table).getAllByRole('row');
      expect(drawn.length).toBeGreaterThan(10);
      expect(drawn.length).toBeLessThan(100);
      expect(within(region).getByRole('note').textContent).toBe('Only the first 1,000 rows are shown. Save the file to see them all.');
    } finally {
      restoreLayout();
    }
  });

  it('lays out the first 100 columns of a table of 400,000, and says so', async () => {
    // 800 KB: under what is read of a converted text, so the whole head row is read.
    const wide = new Array<string>(400_000).fill('c').join(',');
    const { region } = await show('wide.csv', `${wide}\nx,y\n`);
    const table = within(region).getByRole('table', { name: 'wide.csv' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(TABLE_SHOWN_COLUMNS);
    expect(within(table).getAllByRole('cell')).toHaveLength(TABLE_SHOWN_COLUMNS);
    expect(within(region).getByRole('note').textContent).toBe('Only the first 100 columns of 400,000 are shown. Save the file to see them all.');
  });

  it('pretty prints JSON, and says clearly when it does not parse', async () => {
    const { region } = await show('data.json', '{"a":[1,2],"b":{"c":null}}');
    expect(region.querySelector('pre')?.textContent).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": null\n  }\n}');
    cleanup();
    const broken = await show('broken.json', '{"a": 1,}');
    expect(within(broken.region).getByRole('alert').textContent).toMatch(/^This is not valid JSON \(.+\); it is shown as text\.$/);
    expect(broken.region.querySelector('pre')?.textContent).toBe('{"a": 1,}');
  });

  it('plays audio and video from the host’s URL', async () => {
    const { region, url } = await show('song.mp3', 'ID3 not really a song');
    expect(region.querySelector('audio[controls]')?.getAttribute('src')).toBe(url);
    cleanup();
    const film = await show('clip.webm', 'not really a film');
    expect(film.region.querySelector('video[controls]')?.getAttribute('src')).toBe(film.url);
  });

  it('offers any other kind to save, with its name and size, and never draws what could hold a script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>';
    const { region, url } = await show('drawing.svg', svg);
    expect(region.dataset.kind).toBe('other');
    expect(within(region).getByText(/is not shown here/)).toBeDefined();
    expect(region.querySelector('img, svg, script')).toBeNull();
    const save = within(region).getByRole('link', { name: 'Save drawing.svg' });
    expect(save.getAttribute('href')).toBe(url);
    expect(server.asked.filter((ask) => ask.url === url)).toEqual([]);
    expect(region.querySelector('.converted-size')?.textContent).toBe(`${svg.length} bytes`);
  });

  it('speaks French', async () => {
    const { region } = await show('archive.zip', 'x'.repeat(2500), 'fr');
    expect(within(region).getByRole('link', { name: 'Enregistrer archive.zip' })).toBeDefined();
    expect(region.querySelector('.converted-size')?.textContent).toBe('2,5\u00a0ko');
  });
});
