// A session recording as JSON Lines (recording.schema.json, docs/recordings.md): written one record
// a line, and read back with each line checked against its definition, every problem naming the line
// and the field. The host writes recordings (HostApi.readRecording, `run --record`, `ask --record`)
// and `replay` reads them.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { schemaProblems } from '../protocol/problem-words';
import recordingSchema from './recording.schema.json';
import type { EndLine, FileLine, InputLine, MessageLine, RecordLine, SessionLine, StopLine, TextLine } from './types';

export type { EndLine, FileLine, InputLine, MessageLine, RecordLine, SessionLine, SessionInputs, StopLine, TextLine } from './types';

export const RECORDING_SCHEMA_ID = 'urn:vitruvian:recording:1';
export const RECORDING_FORMAT = 1;

/** A line between the session line and the end: what the replay plays and compares. */
export type SessionEvent = MessageLine | TextLine | FileLine | InputLine | StopLine;

/** A recording read back: its session line, what happened in order, and how it ended (absent: the file stops before its end). */
export interface Recording {
  session: SessionLine;
  events: SessionEvent[];
  end?: EndLine;
}

export type RecordingReading = { ok: true; recording: Recording } | { ok: false; problem: string };

/** The recording as the text of its file: one JSON line a record, each ending with a line break. */
export function recordingText(lines: readonly RecordLine[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

let validators: Map<string, ValidateFunction> | undefined;

function validatorOf(name: string): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
    ajv.addSchema(recordingSchema);
    validators = new Map();
    for (const def of Object.keys(recordingSchema.$defs)) validators.set(def, ajv.getSchema(`${RECORDING_SCHEMA_ID}#/$defs/${def}`)!);
  }
  return validators.get(name)!;
}

const typeDefs: Record<string, string> = { session: 'SessionLine', file: 'FileLine', input: 'InputLine', stop: 'StopLine', end: 'EndLine' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of one record against its definition, each `<field>: <reason>`; empty when it fits. */
export function recordProblems(value: unknown): string[] {
  if (!isObject(value)) return [`the line is ${Array.isArray(value) ? 'a list' : JSON.stringify(value)?.slice(0, 40)}, not a record (an object with a type)`];
  const type = value.type;
  const def =
    type === 'message' ? ('text' in value && !('message' in value) ? 'TextLine' : 'MessageLine') : typeof type === 'string' ? typeDefs[type] : undefined;
  if (!def) return [`type: ${JSON.stringify(type)?.slice(0, 60)} is not a record's type (session, message, file, input, stop or end)`];
  const validate = validatorOf(def);
  return validate(value) ? [] : schemaProblems(validate.errors ?? [], '', 'record');
}

/**
 * Reads a recording's text; the first problem found, naming the line (from 1) and the field, when
 * it is no recording. A file cut short (no end line) is read up to where it stops.
 */
export function readRecording(text: string): RecordingReading {
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  if (rows.length === 0) return { ok: false, problem: 'the file is empty: a recording starts with its session line' };
  let session: SessionLine | undefined;
  let end: EndLine | undefined;
  const events: SessionEvent[] = [];
  for (const [index, row] of rows.entries()) {
    const at = `line ${index + 1}`;
    if (end) return { ok: false, problem: `${at}: comes after the end line, which is the last` };
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch {
      return {
        ok: false,
        problem: `${at}: not JSON (${JSON.stringify(row.length > 60 ? `${row.slice(0, 57)}...` : row)}); a recording is one JSON object a line`,
      };
    }
    const problems = recordProblems(value);
    if (problems.length > 0) return { ok: false, problem: `${at}: ${problems[0]}` };
    const record = value as RecordLine;
    if (index === 0) {
      if (record.type !== 'session')
        return { ok: false, problem: `line 1: type: ${JSON.stringify(record.type)}, but a recording starts with its session line` };
      session = record;
      continue;
    }
    if (record.type === 'session') return { ok: false, problem: `${at}: a second session line; a recording holds one session` };
    if (record.type === 'end') end = record;
    else events.push(record);
  }
  return { ok: true, recording: { session: session!, events, ...(end ? { end } : {}) } };
}

/** Why a JSON Pointer given to --ignore is none, or undefined when it is one. */
export function pointerProblem(pointer: string): string | undefined {
  if (pointer === '') return 'the empty pointer would ignore the whole message; name a field, such as /result/value';
  if (!pointer.startsWith('/')) return `${JSON.stringify(pointer)} is not a JSON Pointer: it starts with /, such as /result/value`;
  if (/~(?![01])/.test(pointer)) return `${JSON.stringify(pointer)}: ~ is written ~0 and / inside a name ~1 in a JSON Pointer`;
  return undefined;
}

/** A pointer's segments, ~1 and ~0 read back as / and ~. */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
