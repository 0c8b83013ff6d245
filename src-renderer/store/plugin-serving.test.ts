import { describe, expect, it } from 'vitest';
import type { PluginDetails } from '../../src-shared/host-api';
import { askedFile, commandsServing, fieldsServing, fileServing } from './plugin-serving';

const details = (fields: Partial<PluginDetails> = {}): PluginDetails => ({
  api: 1,
  transport: 'program',
  capabilities: ['read'],
  fields: [],
  previews: [],
  commands: [],
  ...fields,
});
const kinds = (extensions: string[] = [], mimes: string[] = []) => ({ extensions, mimes });

describe('what a plugin offers for a file', () => {
  it('names and types the file as the host does', () => {
    expect(askedFile('/a/notes.TXT')).toEqual({ name: 'notes.TXT', mime: 'text/plain' });
    expect(askedFile('/a/data.unknown')).toEqual({ name: 'data.unknown' });
  });

  it('converts, then reads pages when the same preview shows them; else pages; else inspects', () => {
    const netpbm = details({ previews: [{ ...kinds(['ppm']), converts: true, pages: true, thumbnails: true }] });
    expect(fileServing(netpbm, '/p/a.ppm')).toEqual({ preview: 'convert', pagesAfterConvert: true, thumbnail: true });
    expect(fileServing(netpbm, '/p/a.txt')).toEqual({ preview: 'nothing', pagesAfterConvert: false, thumbnail: false });
    const reader = details({ previews: [{ ...kinds(['pdf']), converts: false, pages: true, thumbnails: false }] });
    expect(fileServing(reader, '/p/a.pdf')).toMatchObject({ preview: 'pages', pagesAfterConvert: false });
    const hex = details({ previews: [{ ...kinds(), converts: false, pages: false, thumbnails: false }] });
    expect(fileServing(hex, '/p/anything')).toMatchObject({ preview: 'inspect', thumbnail: false });
  });

  it('finds the fields serving a file, by extension or media type', () => {
    const plugin = details({
      fields: [
        { key: 'words', title: 'Words', ...kinds(['txt', 'md']) },
        { key: 'size', title: 'Size', ...kinds() },
        { key: 'pixels', title: 'Pixels', ...kinds([], ['image/*']) },
      ],
    });
    expect(fieldsServing(plugin, '/a/b.md').map((f) => f.key)).toEqual(['words', 'size']);
    expect(fieldsServing(plugin, '/a/b.png').map((f) => f.key)).toEqual(['size', 'pixels']);
  });

  it('offers a command only when it serves every chosen file', () => {
    const plugin = details({
      commands: [
        { name: 'count', title: 'Count', ...kinds(['txt']) },
        { name: 'any', title: 'Any', ...kinds() },
      ],
    });
    expect(commandsServing(plugin, ['/a.txt', '/b.txt']).map((c) => c.name)).toEqual(['count', 'any']);
    expect(commandsServing(plugin, ['/a.txt', '/b.png']).map((c) => c.name)).toEqual(['any']);
    expect(commandsServing(plugin, [])).toEqual([]);
  });
});
