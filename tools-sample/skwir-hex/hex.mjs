#!/usr/bin/env node
// Hex: a sample Skwir plugin in plain JavaScript. It shows any file's bytes, 16 a row and 4096 a
// page, pages through them, finds bytes or text, and names the format its first bytes announce.
import { fileParam, Failure, serve } from './skwir-link.mjs';

const ROW = 16;
const PAGE = 4096;

/** Formats told apart by their first bytes. */
const magics = [
  ['PNG picture', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['PDF document', '%PDF-'],
  ['ZIP archive', 'PK\x03\x04'],
  ['ZIP archive (empty)', 'PK\x05\x06'],
  ['ELF program', '\x7fELF'],
  ['GIF picture', 'GIF87a'],
  ['GIF picture', 'GIF89a'],
  ['JPEG picture', [0xff, 0xd8, 0xff]],
  ['gzip archive', [0x1f, 0x8b]],
  ['WebAssembly module', '\0asm'],
  ['SQLite database', 'SQLite format 3\0'],
].map(([format, magic]) => [format, Buffer.from(magic)]);

const hex = (n) => `0x${n.toString(16)}`;

/** "9.8 KB": decimal units, as file apps show sizes. */
function sizeText(bytes) {
  if (bytes < 1000) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  for (; value >= 999.5 && unit < units.length - 1; unit++) value /= 1000;
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/**
 * What a query asks to find: hex when it starts with 0x ("0xdeadbeef", "0xde ad") or is pairs of
 * hex digits with spaces between ("de ad be ef"); text between double quotes is text as is; anything
 * else is text. Text is looked for as its UTF-8 bytes, letter case as typed.
 */
function queryOf(query) {
  const trimmed = query.trim();
  const quoted = /^"(.+)"$/s.exec(trimmed);
  if (quoted) return { bytes: Buffer.from(quoted[1]), shown: trimmed };
  const hexDigits =
    /^0x([0-9a-f\s]+)$/i.exec(trimmed)?.[1].replace(/\s+/g, '') ?? (/^[0-9a-f]{2}(\s+[0-9a-f]{2})+$/i.test(trimmed) ? trimmed.replace(/\s+/g, '') : undefined);
  if (hexDigits === undefined) return { bytes: Buffer.from(query), shown: JSON.stringify(query) };
  if (hexDigits.length % 2 === 1) return { problem: `${trimmed} is not whole bytes: give two hex digits a byte` };
  const bytes = Buffer.from(hexDigits, 'hex');
  return { bytes, shown: [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ') };
}

/** The file's size: given by the host, or found by reading single bytes (doubling, then halving). */
async function sizeOf(file, call) {
  if (Number.isSafeInteger(file.size) && file.size >= 0) return file.size;
  let reads = 0;
  const hasByte = async (offset) => (reads++, (await call.read(file, offset, 1)).length === 1);
  let low = 0; // the size is at least low and below high
  let high = PAGE;
  if (await hasByte(0)) {
    low = 1;
    while (await hasByte(high - 1)) [low, high] = [high, high * 2];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await hasByte(middle - 1)) low = middle;
      else high = middle;
    }
  }
  call.log(`${file.name}: no size given; found ${low.toLocaleString('en-US')} bytes in ${reads} reads of one byte`, 'debug');
  return low;
}

/** The offset of the first `needle` at or after `from`, or -1. */
async function find(file, call, needle, from) {
  let carried = Buffer.alloc(0); // the end of the last chunk, where a match may start
  let offset = from;
  for await (const chunk of call.chunks(file, from)) {
    const haystack = carried.length > 0 ? Buffer.concat([carried, chunk]) : chunk;
    const at = haystack.indexOf(needle);
    if (at !== -1) return offset - carried.length + at;
    offset += chunk.length;
    carried = haystack.subarray(Math.max(0, haystack.length - needle.length + 1));
  }
  return -1;
}

/** Hex digits an offset is written with: as many as the file's last offset needs, 8 at least. */
const offsetDigits = (size) => Math.max(8, Math.max(0, size - 1).toString(16).length);

function rowOf(offset, bytes, digits) {
  const shown = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  const characters = [...bytes].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
  return { cells: [offset.toString(16).padStart(digits, '0'), shown, characters] };
}

async function inspect(params, call) {
  const file = fileParam(params.file);
  const asked = params.offset ?? 0;
  if (!Number.isSafeInteger(asked) || asked < 0) throw new Failure(`params.offset must be a whole number >= 0, not ${JSON.stringify(asked)}`, -32602);
  if (params.query !== undefined && params.query !== null && typeof params.query !== 'string') {
    throw new Failure(`params.query must be text, not ${JSON.stringify(params.query)}`, -32602);
  }
  const size = await sizeOf(file, call);
  let position = Math.min(asked, size);
  let notice = '';
  // A search says how many bytes it found (0 for none), so the window marks them and only them.
  let length;
  if (params.query) {
    const query = queryOf(params.query);
    const found = query.bytes ? await find(file, call, query.bytes, asked) : -1;
    length = found === -1 ? 0 : query.bytes.length;
    if (query.problem) notice = query.problem;
    else if (found === -1) notice = `Not found after ${hex(asked)}: ${query.shown}`;
    else [position, notice] = [found, `Found ${query.shown} at ${hex(found)}`];
  }
  // The page starts at the row of the position; an offset past the end shows the last page.
  let start = position - (position % ROW);
  if (size === 0) notice ||= 'The file is empty.';
  else if (position >= size) {
    start = Math.floor((size - 1) / PAGE) * PAGE;
    notice ||= `${hex(asked)} is past the end (${size.toLocaleString('en-US')} bytes): the last page is shown.`;
  }
  const page = size === 0 ? Buffer.alloc(0) : await call.read(file, start, Math.min(PAGE, size - start));
  const rows = [];
  for (let at = 0; at < page.length; at += ROW) rows.push(rowOf(start + at, page.subarray(at, at + ROW), offsetDigits(size)));

  const head = start === 0 ? page : await call.read(file, 0, ROW);
  const format = magics.find(([, magic]) => head.subarray(0, magic.length).equals(magic))?.[0];
  const details = [{ label: 'Size', value: `${size.toLocaleString('en-US')} bytes` }];
  if (format) details.push({ label: 'Format', value: format });
  // `source: true` asks for the file's source rather than its presentation: here they are the same.
  return {
    kind: 'hex',
    title: `Hex · ${sizeText(size)}`,
    columns: ['Offset', 'Bytes', 'Characters'],
    rows,
    previous: start > 0 ? Math.max(0, start - PAGE) : null,
    next: start + PAGE < size ? start + PAGE : null,
    position,
    ...(length !== undefined ? { length } : {}),
    notice,
    details,
  };
}

serve({ inspect });
