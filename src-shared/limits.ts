// Protocol 1's limits (docs/design/manifests.md, the protocol seed). The schemas state the same numbers;
// src-shared/protocol/protocol.test.ts fails when the two disagree.
import { formatCount } from './protocol/problem-words';

/** Protocol versions this app speaks; a manifest naming another is refused. */
export const SPOKEN_PROTOCOLS: readonly number[] = [1];

/** vitruvian-tool.json, in bytes. */
export const MANIFEST_MAX_BYTES = 65_536;
/** How deep arrays and objects may nest in vitruvian-tool.json (checked before parsing). */
export const MANIFEST_MAX_DEPTH = 64;
/**
 * How deep arrays and objects may nest in a value the host takes from a plugin or a tool (an answer,
 * a request's params) or hands on to one, as in a manifest; measured by json-depth.ts.
 */
export const VALUE_MAX_DEPTH = MANIFEST_MAX_DEPTH;
export const MAX_COMMANDS = 32;
export const MAX_PREFERENCES = 16;
/** A preference title, in code points, in each language. */
export const PREFERENCE_TITLE_MAX_CHARS = 60;
/** Text saved with storage/set (and a text preference's value), in code points. */
export const STORAGE_TEXT_MAX_CHARS = 4_096;
/** One line of the wire, in bytes, not counting its line break. */
export const LINE_MAX_BYTES = 1_048_576;

/**
 * How long a line of a wire may be. Protocol 1 does not count a line's break in its limit; Skwir's
 * protocol does. One framing serves both, given one of these.
 */
export interface LineLimit {
  bytes: number;
  countsLineBreak: boolean;
}

export const PROTOCOL1_LINE_LIMIT: LineLimit = { bytes: LINE_MAX_BYTES, countsLineBreak: false };

/** The bytes a line may hold before its line break. */
export const lineContentBytes = (limit: LineLimit): number => (limit.countsLineBreak ? limit.bytes - 1 : limit.bytes);

/** The limit in words: "the 1,048,576 bytes a line may hold" (and ", its line break included"). */
export const lineLimitWords = (limit: LineLimit): string =>
  `the ${formatCount(limit.bytes)} bytes a line may hold${limit.countsLineBreak ? ', its line break included' : ''}`;
/** A line of a program's log (a `log` notice, a line of standard error), in characters; longer is cut. */
export const MAX_LOG_LINE_CHARS = 4_096;
/** A line of the message trace, in characters; longer is cut, with a note of how much was left out. */
export const TRACE_TEXT_MAX_CHARS = 4_096;
/** A tool's id, in code points. */
export const TOOL_ID_MAX_CHARS = 128;

/** The file at the top of a tool's folder. */
export const MANIFEST_FILE = 'vitruvian-tool.json';
