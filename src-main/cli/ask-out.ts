// ask --out <dir>: the files a call's answer carries, decoded and written: a thumbnail's PNG, a
// converted file under the name the plugin gave it, a page's picture. Nothing existing is overwritten.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CheckedAnswers } from '../../src-shared/skwir/answers';
import type { CallMethod } from '../../src-shared/skwir/methods';

/** The files an answer carries: the name to write each under, and its base64. */
function filesOf(method: CallMethod, file: string, answer: unknown): { name: string; data: string }[] {
  const stem = basename(file);
  if (method === 'thumbnail') {
    const png = (answer as CheckedAnswers['thumbnail']).png;
    return png === null ? [] : [{ name: `${stem}.thumbnail.png`, data: png }];
  }
  if (method === 'convert') {
    const converted = answer as CheckedAnswers['convert'];
    return converted === null ? [] : [{ name: converted.name, data: converted.data }];
  }
  if (method === 'page') {
    const page = answer as CheckedAnswers['page'];
    return page?.png ? [{ name: `${stem}.page.png`, data: page.png }] : [];
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

/** Writes what the answer carries into `out`; a line for the person about each file. */
export async function writeAnswerFiles(out: string, method: CallMethod, files: readonly string[], answer: unknown): Promise<string[]> {
  const carried = filesOf(method, files[0] ?? '', answer);
  if (carried.length === 0) return [];
  await mkdir(out, { recursive: true });
  const lines: string[] = [];
  for (const { name, data } of carried) {
    const path = join(out, name);
    const bytes = decodeBase64(data);
    try {
      await writeFile(path, bytes, { flag: 'wx' });
      lines.push(`wrote ${path} (${bytes.length} bytes)`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      lines.push(code === 'EEXIST' ? `not written: ${path} exists already (nothing is overwritten)` : `not written: ${path} (${code ?? String(error)})`);
    }
  }
  return lines;
}
