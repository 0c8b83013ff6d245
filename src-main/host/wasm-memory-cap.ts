// The memory cap of a module plugin (SKWIR.md section 5): a core module's own memories get a
// maximum before it is compiled, so growing past it makes memory.grow fail inside the component
// (which then traps, failing its call) instead of taking the host's memory. V8 gives a memory no
// maximum of its own but 4 GiB, and a worker's resourceLimits do not count it; a V8 flag would be
// the whole process's, the host's too. Only the memory section changes; every other byte is kept.

const MEMORY_SECTION = 5;
const PAGE_BYTES = 65_536;

/** Why a core module's memory cannot be capped: it is not one, or asks for more than the cap to start. */
export class MemoryCapError extends Error {}

interface Reader {
  bytes: Uint8Array;
  at: number;
}

function readU32(reader: Reader): number {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = reader.bytes[reader.at++];
    if (byte === undefined || shift > 28) throw new MemoryCapError('a number in the module runs past its end');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return value;
    shift += 7;
  }
}

function u32Bytes(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

const mib = (pages: number): string => `${(pages * PAGE_BYTES) / 1_048_576} MiB`;

/** The memory section's entries, each with a maximum of `maxPages` at most. */
function cappedMemories(section: Uint8Array, maxPages: number): number[] {
  const reader: Reader = { bytes: section, at: 0 };
  const count = readU32(reader);
  const out = u32Bytes(count);
  for (let index = 0; index < count; index++) {
    const flags = section[reader.at++];
    if (flags === undefined) throw new MemoryCapError('the memory section runs past its end');
    // Bit 0: a maximum follows; bit 1: shared. Bit 2 (64-bit) and bit 3 (custom page size) are proposals this does not cap.
    if ((flags & ~0x03) !== 0) throw new MemoryCapError(`memory ${index} has limits flags 0x${flags.toString(16)}, which the app cannot cap`);
    const min = readU32(reader);
    const max = flags & 0x01 ? readU32(reader) : undefined;
    if (min > maxPages) {
      throw new MemoryCapError(`memory ${index} starts at ${mib(min)}, over the ${mib(maxPages)} a module plugin may use`);
    }
    out.push(flags | 0x01, ...u32Bytes(min), ...u32Bytes(Math.min(max ?? maxPages, maxPages)));
  }
  if (reader.at !== section.length) throw new MemoryCapError('the memory section has bytes past its entries');
  return out;
}

/** A copy of a core module whose every memory has a maximum of at most `maxBytes` (whole pages). */
export function capMemories(module: Uint8Array, maxBytes: number): Uint8Array {
  const maxPages = Math.floor(maxBytes / PAGE_BYTES);
  if (module.length < 8 || module[0] !== 0 || module[1] !== 0x61 || module[2] !== 0x73 || module[3] !== 0x6d || module[4] !== 1) {
    throw new MemoryCapError('not a core WebAssembly module');
  }
  const parts: Uint8Array[] = [module.subarray(0, 8)];
  const reader: Reader = { bytes: module, at: 8 };
  while (reader.at < module.length) {
    const start = reader.at;
    const id = module[reader.at++]!;
    const size = readU32(reader);
    const end = reader.at + size;
    if (end > module.length) throw new MemoryCapError(`section ${id} runs past the module's end`);
    if (id === MEMORY_SECTION) {
      const body = cappedMemories(module.subarray(reader.at, end), maxPages);
      parts.push(new Uint8Array([id, ...u32Bytes(body.length), ...body]));
    } else parts.push(module.subarray(start, end));
    reader.at = end;
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
