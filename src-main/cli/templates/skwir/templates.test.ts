// The `new --kind skwir` templates, made into plugins by `new`'s own createPlugin, and driven as
// real processes through the sample plugins' test host.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginTests, scratchFiles, type PluginSession } from '../../../../tools-sample/skwir-driver';
import { createPlugin } from '../../new';
import { idPartFor } from '../../new-names';

const templates = fileURLToPath(new URL('./', import.meta.url));
const { folder: scratch, file } = scratchFiles('skwir-templates-');

/** Each language's program, then the files that go with it. */
const filesOf = {
  node: ['plugin.mjs', 'skwir-link.mjs'],
  python: ['plugin.py', 'skwir_link.py'],
  sh: ['plugin.sh', 'member.awk'],
} as const;
type Language = keyof typeof filesOf;

/** `{{key}}` placeholders filled; a key without a value is a mistake in the template. */
function filled(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`unknown placeholder {{${key}}}`);
    return values[key]!;
  });
}

const size = (plugin: PluginSession, path: string, options: { sizes?: boolean } = {}) =>
  plugin.call('field', [path], ([file]) => ({ key: 'file-size.bytes', file }), options);

const bytes = Buffer.alloc(300_000, 'x');
const text = file('some.txt', bytes);
const small = file('small.txt', 'twelve bytes');

for (const language of Object.keys(filesOf) as Language[]) {
  describe(`the ${language} template`, () => {
    const folder = join(scratch, `My "${language}" plugin`);
    const { started } = pluginTests(folder);
    beforeAll(() => createPlugin(folder, language));

    it('makes a manifest that is TOML with the id, name and program filled in', async () => {
      const plugin = await started();
      expect(plugin.manifest).toEqual({
        id: `local.my-${language}-plugin`,
        name: `My "${language}" plugin`,
        version: '0.1.0',
        api: 1,
        capabilities: ['read'],
        program: { exec: filesOf[language][0], args: [] },
        fields: [{ key: 'file-size.bytes', title: 'Size in bytes' }],
        commands: [{ name: 'file-size.total', title: 'Add up sizes' }],
      });
      expect(statSync(join(folder, filesOf[language][0])).mode & 0o111).not.toBe(0);
    });

    it('answers its field from the size given, or by reading the file to its end', async () => {
      const plugin = await started();
      const given = size(plugin, text);
      expect(await given.answer).toEqual({ result: { value: bytes.length } });
      expect(given.reads).toEqual([]);
      const counted = size(plugin, text, { sizes: false });
      expect(await counted.answer).toEqual({ result: { value: bytes.length } });
      expect(counted.reads.reduce((sum, read) => sum + read.served!, 0)).toBe(bytes.length);
      expect(counted.reads.at(-1)?.served).toBe(0);
    });

    it('answers its command with a value, and refuses what it does not know', async () => {
      const plugin = await started();
      const total = plugin.call('command', [text, small], (entries) => ({
        command: 'file-size.total',
        args: null,
        entries: [entries[0], { ...entries[1], size: undefined }],
      }));
      expect(await total.answer).toEqual({ result: { answer: 'value', value: { files: 2, bytes: bytes.length + 12 } } });
      expect(plugin.logs).toContainEqual({ level: 'debug', message: `2 files, ${bytes.length + 12} bytes` });
      expect(await plugin.call('field', [text], ([file]) => ({ key: 'file-size.words', file })).answer).toMatchObject({ error: { code: -32602 } });
      expect(await plugin.call('command', [], () => ({ command: 'file-size.nothing', entries: [] })).answer).toMatchObject({ error: { code: -32602 } });
      expect(await plugin.call('thumbnail', [text], ([file]) => ({ file, size: 64 })).answer).toMatchObject({ error: { code: -32601 } });
    });

    it('stops at $/cancel without answering, then answers the next call; exits 0 when stdin closes mid-call', async () => {
      const plugin = await started();
      plugin.holdReads();
      const cancelled = size(plugin, text, { sizes: false });
      await plugin.until('a read', () => cancelled.reads.length === 1);
      plugin.send({ id: 777, result: { data: 'eHl6' } }); // an answer to no read of its own
      plugin.cancel(cancelled);
      const next = size(plugin, small, { sizes: false });
      plugin.releaseReads();
      expect(await next.answer).toEqual({ result: { value: 12 } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(plugin.stray).toEqual([]);

      plugin.holdReads();
      const open = size(plugin, text, { sizes: false });
      await plugin.until('a read', () => open.reads.length === 1);
      const ended = await plugin.close();
      expect(ended).toMatchObject({ code: 0, signal: null, inTime: true });
      expect(ended.ms).toBeLessThan(2_000);
    });
  });
}

describe('the skwir templates', () => {
  it('use only the placeholders new fills: {{id}}, {{name}}, {{program}} in the manifest; the README also {{language}}, {{folder}}, {{slug}}, {{extraFiles}}', () => {
    const manifest = readFileSync(join(templates, 'skwir-plugin.toml'), 'utf8');
    expect(new Set(manifest.match(/\{\{\w+\}\}/g))).toEqual(new Set(['{{id}}', '{{name}}', '{{program}}']));
    const readme = readFileSync(join(templates, 'README.md'), 'utf8');
    const values = { name: 'n', id: 'i', slug: idPartFor('/x/n'), language: 'l', program: 'p', folder: 'f', extraFiles: '' };
    expect(() => filled(readme, values)).not.toThrow();
  });

  it('ship the same link code as the samples, so a fix in one is made in all', () => {
    const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
    const sameAs: [string, string][] = [
      ['node/skwir-link.mjs', '../../../../tools-sample/skwir-hex/skwir-link.mjs'],
      ['python/skwir_link.py', '../../../../tools-sample/skwir-word-count/skwir_link.py'],
      ['python/skwir_link.py', '../../../../tools-sample/skwir-netpbm/skwir_link.py'],
      ['sh/member.awk', '../sh/member.awk'],
    ];
    for (const [template, copy] of sameAs) expect(read(template), template).toBe(read(copy));
  });
});
