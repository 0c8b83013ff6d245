// The HostApi over a message channel (the test bed's WebSocket): the JSON shape of each frame
// both ways, and the checks that every incoming frame passes before anything acts on it.
// Generic over HostRequests, so a request added to the HostApi is one line in `requestArgKinds`.
import { hostRequestNames, type HostEvent, type HostRequestName, type HostRequests, type PreferenceValue } from './host-api';
import { deeperThan } from './json-depth';
import { VALUE_MAX_DEPTH } from './limits';

/** The WebSocket's path on the test bed's port; the token goes in the `token` query parameter. */
export const hostWirePath = '/host';
export const hostWireTokenParam = 'token';
/** Largest frame the test bed accepts from a window (its requests are small). */
export const maxClientFrameBytes = 1_048_576;
/** Longest text argument of a request (a folder path, an id, a preference's value). */
export const maxArgumentLength = 65_536;
/** Requests one window may have in flight at once before the rest are refused. */
export const maxRequestsInFlight = 64;

// A file dropped on a plugin in the test bed: a browser never learns its path, so the window posts
// its bytes to this path (token and name in the query) and gets the path of a copy on the host.
export const droppedFilePath = '/dropped';
/** Where the test bed serves a converted file, by its token: `${convertedFilePath}/<token>` (HostApi.convertedUrl). */
export const convertedFilePath = '/converted';
export const droppedFileNameParam = 'name';
/** Largest dropped file the test bed takes (256 MiB). */
export const maxDroppedFileBytes = 256 * 1024 * 1024;

/** Why a dropped file's name cannot name a file in a folder, or undefined when it can. */
export function droppedNameProblem(name: string): string | undefined {
  if (name === '') return 'the name is empty';
  if (name === '.' || name === '..') return `the name ${describeValue(name)} is not a file's`;
  if (/[/\\]/.test(name)) return `the name ${describeValue(name)} holds a path separator`;
  // eslint-disable-next-line no-control-regex -- control characters (C0 and DEL) are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(name)) return `the name ${describeValue(name)} holds a control character`;
  let bytes = 0;
  for (const character of name) {
    const point = character.codePointAt(0)!;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4; // its length in UTF-8
  }
  if (bytes > 255) return `the name is ${bytes} bytes long, over the 255 a file name may have`;
  return undefined;
}

export type WireRequest<K extends HostRequestName = HostRequestName> = {
  [N in K]: { kind: 'request'; id: number; method: N; args: HostRequests[N]['args'] };
}[K];

export type WireAnswer<K extends HostRequestName = HostRequestName> = {
  [N in K]: { kind: 'answer'; id: number; result: HostRequests[N]['result'] };
}[K];

/** A request that failed, or a frame that could not be read (then `id` is null when unknown). */
export interface WireFailure {
  kind: 'failure';
  id: number | null;
  problem: string;
}

/** Host events, batched: one frame carries every event of a short window of time. */
export interface WireEvents {
  kind: 'events';
  events: HostEvent[];
}

export type ClientFrame = WireRequest;
export type ServerFrame = WireAnswer | WireFailure | WireEvents;

export type FrameReading<T> = { ok: true; frame: T } | { ok: false; id: number | null; problem: string };

/**
 * What an argument may be: text; a preference's value; a finite number; true or false; a list of
 * texts (paths); a JSON object (a call's params, a message sent by hand); any JSON value (a command's
 * args). Each is bounded in size.
 */
type ArgKind = 'text' | 'textOrNull' | 'preferenceValue' | 'number' | 'flag' | 'textList' | 'object' | 'json';
type ArgKinds<T extends readonly unknown[]> = {
  [I in keyof T]: T[I] extends string ? 'text' : T[I] extends number ? 'number' : T[I] extends boolean ? 'flag' : T[I] extends string[] ? 'textList' : ArgKind;
};

/** Most texts in a list argument (the files of one command). */
export const maxListLength = 1_000;

/** What each request's arguments must be; the compiler keeps it in step with HostRequests. */
const requestArgKinds: { [K in HostRequestName]: ArgKinds<HostRequests[K]['args']> } = {
  info: [],
  listTools: [],
  installFolder: ['text'],
  installReplaces: ['text'],
  uninstall: ['text'],
  runCommand: ['text', 'text'],
  setPreference: ['text', 'text', 'preferenceValue'],
  readLog: ['text'],
  clearLog: ['text'],
  readTrace: ['text'],
  clearTrace: ['text'],
  readServiceCalls: [],
  restart: ['text'],
  stop: ['text'],
  setLanguage: ['text'],
  setSimulatedClipboard: ['text'],
  readSimulatedClipboard: [],
  judgeFile: ['text'],
  askField: ['text', 'text', 'text', 'text'],
  askThumbnail: ['text', 'text', 'text', 'number'],
  inspect: ['text', 'text', 'text', 'object'],
  convert: ['text', 'text', 'text'],
  releaseConverted: ['text'],
  page: ['text', 'text', 'text', 'object'],
  runPluginCommand: ['text', 'text', 'text', 'json', 'textList'],
  applyPlan: ['text'],
  cancelCall: ['text'],
  callProgress: ['text'],
  forgetAnswers: ['text', 'text'],
  commandUsage: [],
  commandShortcuts: [],
  setCommandShortcut: ['text', 'text', 'textOrNull'],
  fileSelection: [],
  setSimulatedSelection: ['textList'],
  sendMessage: ['text', 'object', 'flag'],
  checkMessage: ['text', 'object'],
  readRecording: ['text'],
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isHostRequestName = (value: unknown): value is HostRequestName => typeof value === 'string' && (hostRequestNames as readonly string[]).includes(value);

const isRequestId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A value shown in a problem: short, and JSON so a string shows its quotes. */
export const describeValue = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  // JSON has no words for a function or a symbol: JavaScript's own then.
  const text = typeof value === 'function' || typeof value === 'symbol' ? String(value) : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

const textProblem = (value: unknown, at: string): string | undefined => {
  if (typeof value !== 'string') return `${at}: expected text, got ${describeValue(value)}`;
  if (value.length > maxArgumentLength) return `${at}: text of ${value.length} characters is over the limit of ${maxArgumentLength}`;
  return undefined;
};

/** A JSON value's size as text, or undefined when it is no JSON value (a function, a cycle). */
const jsonLength = (value: unknown): number | undefined => {
  try {
    return JSON.stringify(value)?.length;
  } catch {
    return undefined;
  }
};

const argumentProblem = (kind: ArgKind, value: unknown, at: string): string | undefined => {
  switch (kind) {
    case 'text':
      return textProblem(value, at);
    case 'textOrNull':
      return value === null ? undefined : textProblem(value, at);
    case 'preferenceValue':
      if (!isPreferenceValue(value)) return `${at}: expected text, a number, true, false or null, got ${describeValue(value)}`;
      return typeof value === 'string' ? textProblem(value, at) : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${at}: expected a number, got ${describeValue(value)}`;
    case 'flag':
      return typeof value === 'boolean' ? undefined : `${at}: expected true or false, got ${describeValue(value)}`;
    case 'textList':
      if (!Array.isArray(value)) return `${at}: expected a list of texts, got ${describeValue(value)}`;
      if (value.length > maxListLength) return `${at}: ${value.length} texts, at most ${maxListLength}`;
      for (const [index, item] of value.entries()) {
        const problem = textProblem(item, `${at}[${index}]`);
        if (problem) return problem;
      }
      return undefined;
    case 'object':
    case 'json': {
      if (kind === 'object' && !isRecord(value)) return `${at}: expected an object, got ${describeValue(value)}`;
      const deep = deeperThan(value, VALUE_MAX_DEPTH, at);
      if (deep) return `${deep}: nested more than ${VALUE_MAX_DEPTH} levels deep; an argument may nest ${VALUE_MAX_DEPTH} at most`;
      const length = value === undefined ? 0 : jsonLength(value);
      if (length === undefined) return `${at}: not a JSON value`;
      return length > maxArgumentLength ? `${at}: ${length} characters of JSON, over the limit of ${maxArgumentLength}` : undefined;
    }
  }
};

const isPreferenceValue = (value: unknown): value is PreferenceValue =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

function checkArgs<K extends HostRequestName>(method: K, args: unknown): string | undefined {
  const kinds: readonly ArgKind[] = requestArgKinds[method];
  if (!Array.isArray(args)) return `args: expected a list, got ${describeValue(args)}`;
  if (args.length !== kinds.length) {
    return `args: ${method} takes ${kinds.length} argument(s), got ${args.length}`;
  }
  for (const [index, kind] of kinds.entries()) {
    const problem = argumentProblem(kind, args[index], `args[${index}]`);
    if (problem) return problem;
  }
  return undefined;
}

/** The Electron IPC transport checks its requests' arguments with the same table. */
export { checkArgs as checkRequestArgs };

const parse = (text: string): { ok: true; value: unknown } | { ok: false; problem: string } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: `the frame is not JSON: ${describeValue(text)}` };
  }
};

/** Reads a frame sent by a window; every problem names the field and the value. */
export function readClientFrame(text: string): FrameReading<ClientFrame> {
  const parsed = parse(text);
  return parsed.ok ? clientFrameOf(parsed.value) : { ok: false, id: null, problem: parsed.problem };
}

/** Reads a message sent by a window: one frame, or a JSON list of frames (the requests of one turn), each read alone. */
export function readClientFrames(text: string): FrameReading<ClientFrame>[] {
  const parsed = parse(text);
  if (!parsed.ok) return [{ ok: false, id: null, problem: parsed.problem }];
  if (!Array.isArray(parsed.value)) return [clientFrameOf(parsed.value)];
  if (parsed.value.length === 0) return [{ ok: false, id: null, problem: 'the message is an empty list: it holds no frame' }];
  return parsed.value.map(clientFrameOf);
}

function clientFrameOf(value: unknown): FrameReading<ClientFrame> {
  if (!isRecord(value)) return { ok: false, id: null, problem: `the frame is not an object: ${describeValue(value)}` };
  const id = isRequestId(value.id) ? value.id : null;
  const fail = (problem: string): FrameReading<ClientFrame> => ({ ok: false, id, problem });
  if (value.kind !== 'request') return fail(`kind: expected "request", got ${describeValue(value.kind)}`);
  if (id === null) return fail(`id: expected a whole number of 0 or more, got ${describeValue(value.id)}`);
  if (!isHostRequestName(value.method)) {
    return fail(`method: ${describeValue(value.method)} is not a request of the host (one of ${hostRequestNames.join(', ')})`);
  }
  const problem = checkArgs(value.method, value.args);
  if (problem) return fail(problem);
  // checkArgs has matched every argument against requestArgKinds[method], the mirror of HostRequests.
  return { ok: true, frame: { kind: 'request', id, method: value.method, args: value.args } as ClientFrame };
}

const hostEventTypes: readonly HostEvent['type'][] = ['tool', 'toolRemoved', 'log', 'logCleared', 'trace', 'serviceCall', 'clipboard', 'language'];

const isHostEvent = (value: unknown): value is HostEvent =>
  isRecord(value) && typeof value.type === 'string' && (hostEventTypes as readonly string[]).includes(value.type);

/**
 * Reads a frame sent by the test bed. The envelope is checked; answers' results are the host's own
 * and are taken as they come (the request's type says what they hold).
 */
export function readServerFrame(text: string): FrameReading<ServerFrame> {
  const parsed = parse(text);
  return parsed.ok ? serverFrameOf(parsed.value) : { ok: false, id: null, problem: parsed.problem };
}

/**
 * Reads a message sent by the test bed: one frame, or a JSON list of the frames of one turn of the
 * test bed, in order (an answer and the events told before it travel as one message).
 */
export function readServerFrames(text: string): FrameReading<ServerFrame>[] {
  const parsed = parse(text);
  if (!parsed.ok) return [{ ok: false, id: null, problem: parsed.problem }];
  return Array.isArray(parsed.value) ? parsed.value.map(serverFrameOf) : [serverFrameOf(parsed.value)];
}

function serverFrameOf(value: unknown): FrameReading<ServerFrame> {
  if (!isRecord(value)) return { ok: false, id: null, problem: `the frame is not an object: ${describeValue(value)}` };
  const id = isRequestId(value.id) ? value.id : null;
  switch (value.kind) {
    case 'answer':
      if (id === null) return { ok: false, id, problem: `id: expected a request's id, got ${describeValue(value.id)}` };
      if (!('result' in value)) return { ok: false, id, problem: 'result: missing from an answer' };
      return { ok: true, frame: { kind: 'answer', id, result: value.result } as WireAnswer };
    case 'failure':
      if (typeof value.problem !== 'string') {
        return { ok: false, id, problem: `problem: expected text, got ${describeValue(value.problem)}` };
      }
      return { ok: true, frame: { kind: 'failure', id, problem: value.problem } };
    case 'events': {
      if (!Array.isArray(value.events)) {
        return { ok: false, id: null, problem: `events: expected a list, got ${describeValue(value.events)}` };
      }
      const events: HostEvent[] = [];
      for (const event of value.events) if (isHostEvent(event)) events.push(event);
      return { ok: true, frame: { kind: 'events', events } };
    }
    default:
      return { ok: false, id, problem: `kind: expected "answer", "failure" or "events", got ${describeValue(value.kind)}` };
  }
}
