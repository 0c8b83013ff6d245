// The memory cap of a module plugin: all the memories of its component together, and all its tables
// together, get a budget, shared out among the core modules before they are compiled by giving each
// memory and table a maximum. Growing past one makes memory.grow (or table.grow) fail inside the
// component, which then traps, failing its call, instead of taking the host's memory. V8 gives a
// memory no maximum of its own but 4 GiB, and a worker's resourceLimits do not count it; a V8 flag
// would be the whole process's, the host's too. Each module's share holds for one instance of it: the
// worker counts the instances it makes against the same budget (module-worker.mjs). Only the memory
// and table sections change; every other byte is kept.
import { formatCount } from '../../../../src-shared/protocol/problem-words';

const TABLE_SECTION = 4;
const MEMORY_SECTION = 5;
const PAGE_BYTES = 65_536;

/** Why a core module cannot be capped: it is not one, asks for more than the budget to start, or has limits the app cannot read. */
export class MemoryCapError extends Error {}

/** A memory (in pages) or a table (in entries): where it starts, and its own maximum if it has one. */
export interface Limits {
  min: number;
  max?: number;
}

/** What a core module defines itself (not what it imports). */
export interface CoreLimits {
  memories: Limits[];
  tables: Limits[];
}

/** What every memory of a component may take together, in bytes, and every table, in entries. */
export interface WasmBudget {
  memoryBytes: number;
  tableEntries: number;
}

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

/** One entry's limits. Bit 0 of the flags: a maximum follows; bit 1: shared (memories). Bit 2 (64-bit) and bit 3 (custom page size) are proposals this does not cap. */
function readLimits(reader: Reader, what: string, sharable: boolean): { flags: number; limits: Limits } {
  const flags = reader.bytes[reader.at++];
  if (flags === undefined) throw new MemoryCapError(`the ${what} runs past its section's end`);
  if ((flags & ~(sharable ? 0x03 : 0x01)) !== 0) throw new MemoryCapError(`${what} has limits flags 0x${flags.toString(16)}, which the app cannot cap`);
  const min = readU32(reader);
  return { flags, limits: flags & 0x01 ? { min, max: readU32(reader) } : { min } };
}

/** A table's element type: one byte, or 0x63/0x64 and a heap type (a signed number). */
function skipRefType(reader: Reader, what: string): void {
  const type = reader.bytes[reader.at++];
  if (type === 0x40) throw new MemoryCapError(`${what} has an initial value, which the app cannot cap`);
  if (type === 0x63 || type === 0x64) {
    while ((reader.bytes[reader.at++] ?? 0) & 0x80);
  }
}

interface Section {
  id: number;
  /** The whole section, its id and size included. */
  start: number;
  body: number;
  end: number;
}

function sections(module: Uint8Array): Section[] {
  if (module.length < 8 || module[0] !== 0 || module[1] !== 0x61 || module[2] !== 0x73 || module[3] !== 0x6d || module[4] !== 1) {
    throw new MemoryCapError('not a core WebAssembly module');
  }
  const out: Section[] = [];
  const reader: Reader = { bytes: module, at: 8 };
  while (reader.at < module.length) {
    const start = reader.at;
    const id = module[reader.at++]!;
    const size = readU32(reader);
    const end = reader.at + size;
    if (end > module.length) throw new MemoryCapError(`section ${id} runs past the module's end`);
    out.push({ id, start, body: reader.at, end });
    reader.at = end;
  }
  return out;
}

/**
 * Reads (and, given `maxima`, rewrites) the memory or table section's entries. Returns the entries'
 * limits and the section's new body.
 */
function entries(section: Uint8Array, id: number, maxima?: readonly number[]): { limits: Limits[]; body: number[] } {
  const reader: Reader = { bytes: section, at: 0 };
  const count = readU32(reader);
  const body = u32Bytes(count);
  const limits: Limits[] = [];
  for (let index = 0; index < count; index++) {
    const what = id === MEMORY_SECTION ? `memory ${index}` : `table ${index}`;
    const typeStart = reader.at;
    if (id === TABLE_SECTION) skipRefType(reader, what);
    const type = [...section.subarray(typeStart, reader.at)];
    const read = readLimits(reader, what, id === MEMORY_SECTION);
    limits.push(read.limits);
    const max = maxima?.[index] ?? read.limits.max;
    body.push(
      ...type,
      ...(max === undefined ? [read.flags, ...u32Bytes(read.limits.min)] : [read.flags | 0x01, ...u32Bytes(read.limits.min), ...u32Bytes(max)]),
    );
  }
  if (reader.at !== section.length) throw new MemoryCapError(`the ${id === MEMORY_SECTION ? 'memory' : 'table'} section has bytes past its entries`);
  return { limits, body };
}

/** The memories and tables a core module defines, as its sections say. */
export function coreLimits(module: Uint8Array): CoreLimits {
  const found: CoreLimits = { memories: [], tables: [] };
  for (const section of sections(module)) {
    if (section.id === MEMORY_SECTION) found.memories = entries(module.subarray(section.body, section.end), MEMORY_SECTION).limits;
    if (section.id === TABLE_SECTION) found.tables = entries(module.subarray(section.body, section.end), TABLE_SECTION).limits;
  }
  return found;
}

/** A copy of a core module whose memories and tables have these maxima (pages, entries), in their order. */
export function withMaxima(module: Uint8Array, maxima: { memories: readonly number[]; tables: readonly number[] }): Uint8Array {
  const parts: Uint8Array[] = [module.subarray(0, 8)];
  for (const section of sections(module)) {
    if (section.id === MEMORY_SECTION || section.id === TABLE_SECTION) {
      const given = section.id === MEMORY_SECTION ? maxima.memories : maxima.tables;
      const { body } = entries(module.subarray(section.body, section.end), section.id, given);
      parts.push(new Uint8Array([section.id, ...u32Bytes(body.length), ...body]));
    } else parts.push(module.subarray(section.start, section.end));
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Maxima for `limits` sharing `budget`: each starts where it starts, and what is left is shared out
 * evenly, none past its own maximum (one that needs less leaves the rest to the others).
 */
function shareOut(limits: readonly Limits[], budget: number): number[] {
  let left = budget - limits.reduce((sum, { min }) => sum + min, 0);
  const room = limits.map(({ min, max }) => Math.max(0, (max ?? Infinity) - min));
  const given = limits.map(({ min }) => min);
  const order = limits.map((_, index) => index).sort((a, b) => room[a]! - room[b]!);
  order.forEach((index, done) => {
    const share = Math.min(room[index]!, Math.floor(left / (order.length - done)));
    given[index]! += share;
    left -= share;
  });
  return given;
}

/** What one instance of a capped core module may take of the budget: its memories' maxima in bytes, its tables' in entries. */
export function reserveOf(limits: CoreLimits): WasmBudget {
  return {
    memoryBytes: limits.memories.reduce((sum, { min, max }) => sum + (max ?? min) * PAGE_BYTES, 0),
    tableEntries: limits.tables.reduce((sum, { min, max }) => sum + (max ?? min), 0),
  };
}

/**
 * The core modules (by name) with every memory and table given a maximum, so that one instance of
 * each holds to `budget` all together; or a MemoryCapError naming what starts over it.
 */
export function capCores(cores: Readonly<Record<string, Uint8Array>>, budget: WasmBudget): Record<string, Uint8Array> {
  const names = Object.keys(cores);
  const limits = names.map((name) => {
    try {
      return coreLimits(cores[name]!);
    } catch (error) {
      throw new MemoryCapError(`${name}: ${(error as Error).message}`);
    }
  });
  const pages = Math.floor(budget.memoryBytes / PAGE_BYTES);
  const memories = limits.flatMap((core) => core.memories);
  const tables = limits.flatMap((core) => core.tables);
  names.forEach((name, at) =>
    limits[at]!.memories.forEach(({ min }, index) => {
      if (min > pages) throw new MemoryCapError(`${name}: memory ${index} starts at ${mib(min)}, over the ${mib(pages)} a module plugin may use`);
    }),
  );
  const startPages = memories.reduce((sum, { min }) => sum + min, 0);
  if (startPages > pages) throw new MemoryCapError(`its memories start at ${mib(startPages)} together, over the ${mib(pages)} a module plugin may use`);
  const startEntries = tables.reduce((sum, { min }) => sum + min, 0);
  if (startEntries > budget.tableEntries) {
    throw new MemoryCapError(
      `its tables start at ${formatCount(startEntries)} entries together, over the ${formatCount(budget.tableEntries)} a module plugin may use`,
    );
  }
  const memoryMaxima = shareOut(memories, pages);
  const tableMaxima = shareOut(tables, budget.tableEntries);
  const capped: Record<string, Uint8Array> = {};
  names.forEach((name, index) => {
    const { memories: ownMemories, tables: ownTables } = limits[index]!;
    const maxima = { memories: memoryMaxima.splice(0, ownMemories.length), tables: tableMaxima.splice(0, ownTables.length) };
    capped[name] = ownMemories.length + ownTables.length === 0 ? cores[name]! : withMaxima(cores[name]!, maxima);
  });
  return capped;
}
