// What a plugin converted or drew, kept on disk (docs/design/skwir.md) in <cache>/<plugin id>/views/, under
// the file as it is and the plugin's installed copy: a second view of the same file asks the plugin
// nothing. The file is its path, device, inode, size, modification and change times together (a
// file rewritten at the same size with its modification time put back has a new change time, which
// no program can set); the copy is its folder's digest (folder-digest.ts), not its version, which a
// second folder can share. For pages: the count and outline once, each picture by its side, and
// each page's text and links apart. A plugin's cache is bounded; the oldest files' entries go
// first, and all of it goes when the plugin is uninstalled.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckedPage } from '../../../src-shared/skwir/answers';
import type { OutlineEntry, PageLink, TextRun } from '../../../src-shared/skwir/types';
import { writeFileAtomic } from '../files/own-files';
import { decodedPieces } from './converted-files';

/** A plugin's cache, at most this many bytes; past it, the entries of the least recently seen files go. */
export const PLUGIN_CACHE_MAX_BYTES = 512 * 1024 * 1024;

/** A converted file the cache keeps: its name, and the file holding its bytes. */
export interface KeptConversion {
  name: string;
  file: string;
}

interface PageMeta {
  pages: number;
  outline: OutlineEntry[];
}

interface PageText {
  text: TextRun[];
  links: PageLink[];
  width?: number;
  height?: number;
}

export class PluginCache {
  constructor(
    private readonly root: string,
    private readonly maxBytes = PLUGIN_CACHE_MAX_BYTES,
  ) {}

  /** The entry of this file as it is now, for this installed copy of the plugin (its digest); undefined when the file cannot be seen. */
  async entry(pluginId: string, copy: string, path: string): Promise<CacheEntry | undefined> {
    const version = await fileVersion(path);
    if (version === undefined) return undefined;
    const key = createHash('sha256')
      .update(JSON.stringify([path, version, copy]))
      .digest('hex')
      .slice(0, 32);
    return new CacheEntry(join(this.views(pluginId), key), () => this.trim(pluginId));
  }

  private views(pluginId: string): string {
    return join(this.root, pluginId, 'views');
  }

  /** Everything kept for a plugin (it was uninstalled). */
  async forget(pluginId: string): Promise<void> {
    await rm(join(this.root, pluginId), { recursive: true, force: true });
  }

  private async trim(pluginId: string): Promise<void> {
    const folder = this.views(pluginId);
    const entries = await Promise.all(
      (await readdir(folder).catch(() => [] as string[])).map(async (name) => {
        const path = join(folder, name);
        const files = await readdir(path).catch(() => [] as string[]);
        const sizes = await Promise.all(
          files.map((file) =>
            stat(join(path, file)).then(
              (s) => s.size,
              () => 0,
            ),
          ),
        );
        const seen = (await stat(path).catch(() => undefined))?.mtimeMs ?? 0;
        return { path, bytes: sizes.reduce((a, b) => a + b, 0), seen };
      }),
    );
    let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    for (const entry of entries.sort((a, b) => a.seen - b.seen)) {
      if (total <= this.maxBytes) break;
      await rm(entry.path, { recursive: true, force: true });
      total -= entry.bytes;
    }
  }
}

/** The file as it is: what changes whenever its content can have (undefined: not a file). */
async function fileVersion(path: string): Promise<string | undefined> {
  const info = await stat(path, { bigint: true }).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return [info.dev, info.ino, info.size, info.mtimeNs, info.ctimeNs].join(':');
}

const readJson = async <T>(path: string): Promise<T | undefined> => {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** One file's entries, for one version of the file and one installed copy of the plugin. */
export class CacheEntry {
  constructor(
    private readonly folder: string,
    private readonly written: () => Promise<void>,
  ) {}

  /** Everything kept of the file (asked again on purpose). */
  async drop(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }

  /** The conversion kept: the converted file's name and where its bytes are, or null (the file converts to nothing). */
  async convert(): Promise<{ answer: KeptConversion | null } | undefined> {
    const kept = await readJson<{ name: string } | { none: true }>(join(this.folder, 'convert.json'));
    if (!kept) return undefined;
    const file = join(this.folder, 'convert.bin');
    if ('none' in kept) {
      await this.seen();
      return { answer: null };
    }
    if (!(await stat(file).catch(() => undefined))?.isFile()) return undefined;
    await this.seen();
    return { answer: { name: kept.name, file } };
  }

  /**
   * Keeps a conversion's bytes, decoded once from its base64 or come decoded (docs/design/skwir.md):
   * the window is served them from here.
   */
  async keepConvert(answer: { name: string; data: string | Buffer } | null): Promise<KeptConversion | null> {
    await mkdir(this.folder, { recursive: true });
    const file = join(this.folder, 'convert.bin');
    if (answer) await writeFileAtomic(file, decodedPieces(answer.data));
    await writeFileAtomic(join(this.folder, 'convert.json'), JSON.stringify(answer ? { name: answer.name } : { none: true }));
    await this.written();
    return answer ? { name: answer.name, file } : null;
  }

  /**
   * A page from what is kept: whole when the count, the picture at this side (when asked) and the text
   * (when asked) all are; else what to ask the plugin for to complete it.
   */
  async page(page: number, side: number, text: boolean): Promise<{ answer: CheckedPage | null } | { ask: { side: number; text: boolean } }> {
    const meta = await readJson<PageMeta | { none: true }>(join(this.folder, 'pages.json'));
    if (meta && 'none' in meta) return { answer: null };
    const picture = side > 0 ? await readFile(join(this.folder, `page-${page}-${side}.png`)).catch(() => undefined) : undefined;
    const words = await readJson<PageText>(join(this.folder, `page-${page}.json`));
    const hasText = words !== undefined && 'text' in words && Array.isArray(words.text);
    if (!meta || (side > 0 && !picture) || (text && !hasText)) {
      return { ask: { side: side > 0 && !picture ? side : 0, text: text && !hasText } };
    }
    await this.seen();
    const answer: CheckedPage = {
      pages: meta.pages,
      png: picture ? picture.toString('base64') : null,
      text: text ? words!.text : [],
      links: text ? words!.links : [],
      outline: meta.outline,
    };
    if (words?.width !== undefined) answer.width = words.width;
    if (words?.height !== undefined) answer.height = words.height;
    return { answer };
  }

  /** Keeps what a page answer brought: the count and outline, the picture at `side`, the text when asked. */
  async keepPage(page: number, asked: { side: number; text: boolean }, answer: CheckedPage | null): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    if (answer === null) {
      await writeFileAtomic(join(this.folder, 'pages.json'), JSON.stringify({ none: true }));
      return this.written();
    }
    const known = await readJson<PageMeta>(join(this.folder, 'pages.json'));
    if (!known || answer.outline.length > 0) {
      await writeFileAtomic(join(this.folder, 'pages.json'), JSON.stringify({ pages: answer.pages, outline: answer.outline }));
    }
    if (asked.side > 0 && answer.png) await writeFileAtomic(join(this.folder, `page-${page}-${asked.side}.png`), Buffer.from(answer.png, 'base64'));
    const words = (await readJson<PageText>(join(this.folder, `page-${page}.json`))) ?? ({} as Partial<PageText>);
    const size = answer.width !== undefined && answer.height !== undefined ? { width: answer.width, height: answer.height } : {};
    const next = asked.text ? { ...words, text: answer.text, links: answer.links, ...size } : { ...words, ...size };
    if (Object.keys(next).length > 0) await writeFileAtomic(join(this.folder, `page-${page}.json`), JSON.stringify(next));
    await this.written();
  }

  /** Marks the entry seen now: the trim keeps the entries seen last. */
  private async seen(): Promise<void> {
    const now = new Date();
    await utimes(this.folder, now, now).catch(() => undefined);
  }
}
