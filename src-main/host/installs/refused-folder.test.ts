import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { madeUpId, readRefusedFolder } from './refused-folder';
import { idProblem } from './registry';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-refused-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const folderWith = async (name: string, manifest?: string) => {
  const folder = join(scratch, name);
  await mkdir(folder);
  if (manifest !== undefined) await writeFile(join(folder, 'vitruvian-tool.json'), manifest);
  return folder;
};
const nothingTaken = () => false;

describe('what can be read of a refused folder', () => {
  it('takes the id, name, version, publisher and description the manifest gives, when they are usable', async () => {
    const folder = await folderWith(
      'deploys',
      JSON.stringify({
        id: 'com.acme.deploys',
        name: { en: 'Deploys', fr: 'Déploiements', de: 7 },
        version: '1.2.0',
        publisher: { en: 'Acme' },
        description: { en: 'The latest deploys' },
        runtime: { start: 'demand' },
        uses: ['camera'],
      }),
    );
    expect(await readRefusedFolder(folder, nothingTaken)).toEqual({
      kind: 'tool',
      id: 'com.acme.deploys',
      madeUpId: false,
      folder,
      name: { en: 'Deploys', fr: 'Déploiements' },
      version: '1.2.0',
      publisher: { en: 'Acme' },
      description: { en: 'The latest deploys' },
      start: 'demand',
    });
  });

  it('makes an id from the path, stable and valid, when the manifest has none usable or it is taken', async () => {
    const folder = await folderWith('My Tool (copy)', JSON.stringify({ id: 'nodot', name: 'My Tool', version: 3 }));
    const refused = await readRefusedFolder(folder, nothingTaken);
    expect(refused).toMatchObject({ madeUpId: true, name: { en: 'My Tool (copy)' }, version: '', publisher: { en: '' }, start: 'launch' });
    expect(refused.id).toBe(madeUpId(folder));
    expect(refused.id).toMatch(/^refused\.My-Tool-copy\.[0-9a-f]{12}$/);
    expect(idProblem(refused.id)).toBeUndefined();
    expect(madeUpId(join(scratch, 'other', '..', 'My Tool (copy)'))).toBe(refused.id);
    expect(madeUpId(join(scratch, 'elsewhere', 'My Tool (copy)'))).not.toBe(refused.id);

    const twin = await folderWith('twin', JSON.stringify({ id: 'com.acme.deploys' }));
    expect((await readRefusedFolder(twin, (id) => id === 'com.acme.deploys')).id).toBe(madeUpId(twin));
  });

  it('names a folder with no manifest, or one that is not JSON, after the folder', async () => {
    for (const [name, manifest] of [
      ['empty', undefined],
      ['broken', '{"id": "com.acme.x",'],
      ['list', '[1, 2]'],
    ] as const) {
      const folder = await folderWith(name, manifest);
      expect(await readRefusedFolder(folder, nothingTaken)).toMatchObject({ id: madeUpId(folder), name: { en: name }, folder });
    }
  });
});

describe('a refused folder whose manifest never ends', () => {
  it('reads at most the manifest limit of a manifest linked to /dev/zero, and names the folder after itself', { timeout: 5_000 }, async () => {
    const folder = await folderWith('zero');
    await symlink('/dev/zero', join(folder, 'vitruvian-tool.json'));
    const started = Date.now();
    expect(await readRefusedFolder(folder, nothingTaken)).toMatchObject({ id: madeUpId(folder), name: { en: 'zero' }, folder });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('does not wait on a manifest that is a FIFO nobody writes', { timeout: 5_000 }, async () => {
    const folder = await folderWith('fifo');
    execFileSync('mkfifo', [join(folder, 'vitruvian-tool.json')]);
    expect(await readRefusedFolder(folder, nothingTaken)).toMatchObject({ id: madeUpId(folder), name: { en: 'fifo' } });
  });
});

describe('what can be read of a refused plugin folder', () => {
  it('takes the id, name, version and description skwir-plugin.toml gives, and says it is a plugin', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vt-refused-plugin-'));
    try {
      await writeFile(
        join(folder, 'skwir-plugin.toml'),
        'id = "org.example.pics"\nname = "Pictures"\nversion = "2.0"\ndescription = "Shows pictures"\ncapabilities = ["camera"]\n',
      );
      expect(await readRefusedFolder(folder, () => false)).toEqual({
        kind: 'plugin',
        id: 'org.example.pics',
        madeUpId: false,
        folder,
        name: { en: 'Pictures' },
        version: '2.0',
        publisher: { en: '' },
        description: { en: 'Shows pictures' },
        start: 'demand',
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
