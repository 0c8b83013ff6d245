// Secrets through safeStorage, with Electron mocked: a stand-in keystore that XORs with a key, so a
// secret written through it is not readable in the file and reads back only through the same key.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreferenceInfo } from '../../src-shared/host-api';
import { PreferenceStore } from '../host/tools/storage';

const keystore = vi.hoisted(() => ({
  available: true,
  backend: 'gnome_libsecret',
  key: 0x5a,
}));

vi.mock('electron', () => {
  const xor = (bytes: Buffer) => Buffer.from([...bytes].map((b) => b ^ keystore.key));
  return {
    safeStorage: {
      isEncryptionAvailable: () => keystore.available,
      getSelectedStorageBackend: () => keystore.backend,
      encryptString: (plain: string) => {
        if (!keystore.available) throw new Error('Encryption is not available.');
        return Buffer.concat([Buffer.from('v10'), xor(Buffer.from(plain, 'utf8'))]);
      },
      decryptString: (stored: Buffer) => {
        if (stored.subarray(0, 3).toString() !== 'v10') throw new Error('not encrypted by this keystore');
        return xor(stored.subarray(3)).toString('utf8');
      },
    },
  };
});

const { safeStorageSecrets } = await import('./secret-store');

const prefs: PreferenceInfo[] = [{ id: 'token', kind: 'secret', title: { en: 'Token' } }];
const token = prefs[0]!;
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vitruvian-secrets-'));
  Object.assign(keystore, { available: true, backend: 'gnome_libsecret', key: 0x5a });
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const secretsFile = async () =>
  JSON.parse(await readFile(join(folder, 'secrets', 'com.acme.a.json'), 'utf8')) as { encrypted: boolean; note?: string; values: Record<string, string> };
const store = (platform: NodeJS.Platform = 'linux') => new PreferenceStore(folder, safeStorageSecrets(platform)).open('com.acme.a');

describe('secrets through safeStorage', () => {
  it('keeps a secret encrypted on disk and reads it back through the OS key', async () => {
    await (await store()).set(prefs, 'token', 'hunter2');
    const file = await secretsFile();
    expect(file.encrypted).toBe(true);
    expect(file.note).toBeUndefined();
    expect(JSON.stringify(file)).not.toContain('hunter2');
    expect(Buffer.from(file.values.token!, 'base64').toString('utf8')).not.toContain('hunter2');
    expect((await store()).get(token)).toBe('hunter2');
  });

  it('reads a secret as unset once the OS key is another (it cannot be decrypted)', async () => {
    await (await store()).set(prefs, 'token', 'hunter2');
    keystore.key = 0x33;
    expect((await store()).get(token)).toBeNull();
  });

  it.each([
    ['the OS offers no key', { available: false }, 'linux'],
    ['Linux has only Electron\u2019s built-in key (basic_text)', { backend: 'basic_text' }, 'linux'],
  ] as const)('says the secrets are not encrypted when %s', async (_when, keys, platform) => {
    Object.assign(keystore, keys);
    const secrets = safeStorageSecrets(platform);
    expect(secrets.encrypts).toBe(false);
    const tool = await new PreferenceStore(folder, secrets).open('com.acme.a');
    await tool.set(prefs, 'token', 'hunter2');
    const file = await secretsFile();
    expect(file.encrypted).toBe(false);
    expect(file.note).toMatch(/Not encrypted/);
    expect((await store(platform)).get(token)).toBe('hunter2');
  });

  it('asks for the Linux backend only on Linux (macOS uses the Keychain)', () => {
    keystore.backend = 'basic_text';
    expect(safeStorageSecrets('darwin').encrypts).toBe(true);
  });
});
