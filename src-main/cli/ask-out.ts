// ask --out <dir>: the files a call's answer carries, decoded and written: a thumbnail's PNG, a
// converted file under the name the plugin gave it, a page's picture. Each picture is named by what
// was asked (the page and the side, the thumbnail's size), so asking page 2 beside page 1 keeps
// both. Nothing existing is overwritten, and a file the answer carried that could not be written
// fails the call: a picture is never lost in silence.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CheckedAnswers } from '../../src-shared/skwir/answers';
import type { CallMethod } from '../../src-shared/skwir/methods';

type Params = Record<string, unknown> | null | undefined;

/** A whole number the params held (validated before the call), as part of a file name. */
const numberIn = (params: Params, key: string): string => {
  const value = params?.[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : 'unknown';
};

/** The files an answer carries: the name to write each under, and its base64. */
function filesOf(method: CallMethod, file: string, params: Params, answer: unknown): { name: string; data: string }[] {
  const stem = basename(file);
  if (method === 'thumbnail') {
    const png = (answer as CheckedAnswers['thumbnail']).png;
    return png === null ? [] : [{ name: `${stem}.thumbnail-${numberIn(params, 'size')}.png`, data: png }];
  }
  if (method === 'convert') {
    const converted = answer as CheckedAnswers['convert'];
    return converted === null ? [] : [{ name: converted.name, data: converted.data }];
  }
  if (method === 'page') {
    const page = answer as CheckedAnswers['page'];
    const name = `${stem}.page-${numberIn(params, 'page')}.side-${numberIn(params, 'side')}.png`;
    return page?.png ? [{ name, data: page.png }] : [];
  }
  return [];
}

/**
 * Base64 decoded a slice at a time into one buffer: Node's Buffer.from(text, 'base64') first copies
 * the whole text, which for a 64 MiB answer is most of the memory the host is held to.
 */
export function decodeBase64(text: string): Buffer {
  const bytes = Buffer.allocUnsafe(Math.floor((text.length * 3) / 4));
  const slice = 4 * 1024 * 1024; // a multiple of 4: every slice ends between whole groups
  let written = 0;
  for (let at = 0; at < text.length; at += slice) written += bytes.write(text.slice(at, at + slice), written, 'base64');
  return bytes.subarray(0, written);
}

export interface WrittenFiles {
  /** A line for the person about each file. */
  lines: string[];
  /** Every file the answer carried was written. */
  allWritten: boolean;
}

const failure = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** Writes what the answer carries into `out`, never over a file that exists. */
export async function writeAnswerFiles(out: string, method: CallMethod, files: readonly string[], params: Params, answer: unknown): Promise<WrittenFiles> {
  const carried = filesOf(method, files[0] ?? '', params, answer);
  if (carried.length === 0) return { lines: [], allWritten: true };
  try {
    await mkdir(out, { recursive: true });
  } catch (error) {
    return { lines: carried.map(({ name }) => `not written: ${join(out, name)} (the folder could not be made: ${failure(error)})`), allWritten: false };
  }
  const lines: string[] = [];
  let allWritten = true;
  for (const { name, data } of carried) {
    const path = join(out, name);
    const bytes = decodeBase64(data);
    try {
      await writeFile(path, bytes, { flag: 'wx' });
      lines.push(`wrote ${path} (${bytes.length} bytes)`);
    } catch (error) {
      allWritten = false;
      const code = failure(error);
      lines.push(code === 'EEXIST' ? `not written: ${path} exists already (nothing is overwritten)` : `not written: ${path} (${code})`);
    }
  }
  return { lines, allWritten };
}
