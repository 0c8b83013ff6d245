// The Skwir plugin protocol's limits and versions (the protocol page, and docs/design/skwir.md where it decides).
// The schemas state the same numbers; src-shared/skwir/skwir.test.ts fails when they disagree.
import type { LineLimit } from '../limits';

/** The file at the top of a plugin's folder. */
export const SKWIR_MANIFEST_FILE = 'skwir-plugin.toml';
/** skwir-plugin.toml, in bytes (as vitruvian-tool.json). */
export const SKWIR_MANIFEST_MAX_BYTES = 65_536;

/**
 * The protocol versions the host speaks: OLDEST to VERSION. initialize offers VERSION. Typed as
 * numbers, not as the literal 1, so that code written for a range still type-checks while it is one.
 */
export const SKWIR_API_OLDEST: number = 1;
export const SKWIR_API_VERSION: number = 1;
export const spokenApi = (api: number): boolean => Number.isInteger(api) && api >= SKWIR_API_OLDEST && api <= SKWIR_API_VERSION;

/** A line of the program transport: 64 MiB, its line break included. */
export const SKWIR_LINE_LIMIT: LineLimit = { bytes: 67_108_864, countsLineBreak: true };

/** The most bytes one read answers; a longer length is cut to it. */
export const SKWIR_READ_LIMIT = 4_194_304;

/** A module plugin's component file: judged at install, never read past this. */
export const SKWIR_MODULE_MAX_BYTES = 67_108_864;
/** The most memory a module plugin's component may grow to, all its memories together: 256 MiB (4,096 pages of 64 KiB). */
export const SKWIR_MODULE_MEMORY_BYTES = 268_435_456;
/** The most entries all the tables of a module plugin's component may grow to together (V8 allows 10,000,000 in each). */
export const SKWIR_MODULE_TABLE_ENTRIES = 1_000_000;

/**
 * The most of each list of an answer the host hands on: the window draws them, and more would
 * freeze it. The rest is left out and counted (answer-cuts.ts); a plan cut so is applied as shown.
 */
export const SKWIR_SHOWN_LIMITS = {
  /** An inspection's rows (a hex page's lines). */
  rows: 10_000,
  /** A row's cells, and an inspection's columns (a converted table's too). */
  cells: 100,
  /** An inspection's text: paragraphs, or lines of code. */
  lines: 10_000,
  /** An inspection's details. */
  details: 1_000,
  /** A plan's steps. */
  steps: 10_000,
} as const;
