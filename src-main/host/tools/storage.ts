// Preference values, per tool, kept in the app's data folder (never in the tool's own data folder).
// A write is answered only once it is on disk (own-files.ts), so a host killed at any moment keeps
// every value it has answered. Secrets live in their own file and go through a SecretEncryptor
// (Electron's safeStorage in the app; plain text elsewhere).
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PreferenceInfo, PreferenceValue, ProblemCode } from '../../../src-shared/host-api';
import { describePreferenceValueFault, preferenceValueFault } from '../../../src-shared/manifest/preference-value';
import { quote } from '../../../src-shared/protocol/problem-words';
import { makeOwnFolder, writeFileAtomic } from '../files/own-files';

export interface SecretEncryptor {
  /** False when secrets are kept as plain text because the OS offers no encryption here. */
  readonly encrypts: boolean;
  encrypt(plain: string): Buffer;
  decrypt(stored: Buffer): string;
}

/** The default away from Electron: secrets are kept apart, but as plain text. */
export const plainSecrets: SecretEncryptor = {
  encrypts: false,
  encrypt: (plain) => Buffer.from(plain, 'utf8'),
  decrypt: (stored) => stored.toString('utf8'),
};

/**
 * Why this value cannot be stored in this tool's preference `id`, or undefined when it can. The value
 * rules (kinds, options, the 4,096 code point text limit) are the ones a manifest's defaults obey.
 */
export function preferenceValueProblem(preferences: readonly PreferenceInfo[], id: string, value: PreferenceValue): string | undefined {
  return preferenceValueRefusal(preferences, id, value)?.message;
}

/** The same, with the problem as data for the window (ProblemCode). */
export function preferenceValueRefusal(preferences: readonly PreferenceInfo[], id: string, value: PreferenceValue): PreferenceRefusal | undefined {
  const pref = preferences.find((p) => p.id === id);
  if (!pref) {
    const known = preferences.map((p) => quote(p.id)).join(', ') || 'none';
    return new PreferenceRefusal(`id: unknown preference ${quote(id)} (the manifest declares ${known})`, { code: 'unknownPreference', id });
  }
  // null always fits: it clears a stored value, and storage/get answers the default again.
  const fault = preferenceValueFault(pref, value);
  if (!fault) return undefined;
  return new PreferenceRefusal(`value (preference ${quote(id)}): ${describePreferenceValueFault(fault, value)}`, fault);
}

export class PreferenceRefusal extends Error {
  constructor(
    message: string,
    /** The problem as data, for the window to word in its language. */
    readonly problemCode?: ProblemCode,
  ) {
    super(message);
    this.name = 'PreferenceRefusal';
  }
}

type Values = Record<string, PreferenceValue>;

/** Every tool's preference values under one folder of the app's data. */
export class PreferenceStore {
  /**
   * One promise per tool, shared by every caller: requests opening the values at once resume in
   * the order they asked, so a tool's first storage/set and storage/get stay in order too.
   */
  private readonly tools = new Map<string, Promise<ToolPreferences>>();

  constructor(
    private readonly dataFolder: string,
    private readonly encryptor: SecretEncryptor = plainSecrets,
  ) {}

  /** The values of one tool, read from disk the first time. */
  open(toolId: string): Promise<ToolPreferences> {
    let opening = this.tools.get(toolId);
    if (!opening) {
      const tool = new ToolPreferences(this.filesOf(toolId), this.encryptor);
      opening = tool.load().then(() => tool);
      this.tools.set(toolId, opening);
      const tried = opening;
      opening.catch(() => this.tools.get(toolId) === tried && this.tools.delete(toolId));
    }
    return opening;
  }

  /** Deletes a tool's values (uninstall). */
  async remove(toolId: string): Promise<void> {
    const opening = this.tools.get(toolId);
    this.tools.delete(toolId);
    await (await opening?.catch(() => undefined))?.settled();
    const files = this.filesOf(toolId);
    await rm(files.plain, { force: true });
    await rm(files.secret, { force: true });
  }

  private filesOf(toolId: string): { plain: string; secret: string } {
    return {
      plain: join(this.dataFolder, 'preferences', `${toolId}.json`),
      secret: join(this.dataFolder, 'secrets', `${toolId}.json`),
    };
  }
}

interface Asked {
  secret: boolean;
  id: string;
  value: PreferenceValue;
}

export class ToolPreferences {
  /** The values on disk. */
  private plain: Values = {};
  private secret: Values = {};
  /**
   * Sets taken and not yet on disk, oldest first. Reads see them, so a get reflects every set
   * asked for before it; a write that fails takes its set off, and reads see the disk again.
   */
  private asked: Asked[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly files: { plain: string; secret: string },
    private readonly encryptor: SecretEncryptor,
  ) {}

  async load(): Promise<void> {
    this.plain = (await readJson(this.files.plain))?.values ?? {};
    const secrets = await readJson(this.files.secret);
    for (const [id, stored] of Object.entries(secrets?.values ?? {})) {
      if (typeof stored !== 'string') continue;
      try {
        const bytes = Buffer.from(stored, 'base64');
        const text = secrets?.encrypted && this.encryptor.encrypts ? this.encryptor.decrypt(bytes) : bytes.toString('utf8');
        this.secret[id] = JSON.parse(text) as PreferenceValue;
      } catch {
        // A secret this machine cannot decrypt any more reads as unset.
      }
    }
  }

  /** The stored value (or the one being stored), else the preference's default, else null. */
  get(pref: PreferenceInfo): PreferenceValue {
    return this.stored(pref) ?? pref.default ?? null;
  }

  /** Whether a value is stored (for secrets: whether one is set). */
  has(pref: PreferenceInfo): boolean {
    return (this.stored(pref) ?? null) !== null;
  }

  private stored(pref: PreferenceInfo): PreferenceValue | undefined {
    const secret = pref.kind === 'secret';
    for (let i = this.asked.length - 1; i >= 0; i--) {
      const set = this.asked[i]!;
      if (set.id === pref.id && set.secret === secret) return set.value;
    }
    return (secret ? this.secret : this.plain)[pref.id];
  }

  /** Stores a value; resolves once it is on disk. Throws PreferenceRefusal, changing nothing. */
  set(preferences: readonly PreferenceInfo[], id: string, value: PreferenceValue): Promise<void> {
    const refusal = preferenceValueRefusal(preferences, id, value);
    if (refusal) return Promise.reject(refusal);
    const isSecret = preferences.find((p) => p.id === id)!.kind === 'secret';
    const asked: Asked = { secret: isSecret, id, value };
    this.asked.push(asked);
    // One write at a time per tool, each carrying the ones before it.
    const write = this.queue.then(async () => {
      try {
        const next: Values = { ...(isSecret ? this.secret : this.plain) };
        if (value === null) delete next[id];
        else next[id] = value;
        await makeOwnFolder(dirname(isSecret ? this.files.secret : this.files.plain));
        if (isSecret) await writeFileAtomic(this.files.secret, this.secretFile(next));
        else await writeFileAtomic(this.files.plain, JSON.stringify({ version: 1, values: next }, null, 2));
        if (isSecret) this.secret = next;
        else this.plain = next;
      } finally {
        // On disk now, or failed: either way reads go by the disk's values again.
        this.asked.splice(this.asked.indexOf(asked), 1);
      }
    });
    this.queue = write.catch(() => undefined);
    return write;
  }

  /** Resolves when every write asked for so far has ended. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  private secretFile(values: Values): string {
    const stored: Record<string, string> = {};
    for (const [id, value] of Object.entries(values)) {
      stored[id] = this.encryptor.encrypt(JSON.stringify(value)).toString('base64');
    }
    const note = this.encryptor.encrypts ? undefined : 'Not encrypted: this system offers no encryption to this app.';
    return JSON.stringify({ version: 1, encrypted: this.encryptor.encrypts, note, values: stored }, null, 2);
  }
}

async function readJson(file: string): Promise<{ values?: Values; encrypted?: boolean } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
