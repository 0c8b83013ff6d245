// Secret preferences in the desktop app go through Electron's safeStorage: a key kept by the OS
// (the macOS Keychain; libsecret or KWallet on Linux), so the secrets file alone reveals nothing.
// SecretEncryptor is synchronous (it runs inside the storage's write queue), hence the sync calls.
import { safeStorage } from 'electron';
import type { SecretEncryptor } from '../host/tools/storage';

/**
 * The encryptor for the host; call once the app is ready (on Linux, safeStorage knows whether a key
 * is available only then). Where the OS offers no key, secrets are stored as plain text and the
 * secrets file says so.
 */
export function safeStorageSecrets(platform: NodeJS.Platform = process.platform): SecretEncryptor {
  // On Linux without a keyring, Electron "encrypts" with a key written in its own source: calling that
  // encrypted would promise what it does not keep.
  const hardcodedKey = platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  const encrypts = safeStorage.isEncryptionAvailable() && !hardcodedKey;
  return {
    encrypts,
    encrypt: (plain) => (encrypts ? safeStorage.encryptString(plain) : Buffer.from(plain, 'utf8')),
    decrypt: (stored) => (encrypts ? safeStorage.decryptString(stored) : stored.toString('utf8')),
  };
}
