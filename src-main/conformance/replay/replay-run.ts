// A recorded session played again against a program (docs/recordings.md): the host's side sent as
// recorded, in order (each answer to the program's own requests under the id the program gives it
// now: ids are matched by order), each message the program sends compared with the one it sent then,
// the ignored places left out. The first difference ends the replay and names the message and the
// field: a changed value, a message it sends more or no longer, messages in another order. Files the
// calls named are checked against their recorded hash (a warning: their reads are answered as recorded).
import { isAbsolute } from 'node:path';
import type { LineLimit } from '../../../src-shared/limits';
import type { MessageLine, Recording, SessionEvent, TextLine } from '../../../src-shared/recording/record-lines';
import { fileSha256 } from '../../host/files/file-hash';
import { firstDifference, ignoredPlaces, shownValue, type IgnoredPlaces } from './first-difference';
import { ReplayLink, type ReplayPeer } from './replay-link';

export interface ReplayOptions {
  /** The program run over its input and output; or `peer`, what plays it otherwise (a module plugin in a host). */
  execPath: string;
  args: readonly string[];
  lineLimit: LineLimit;
  peer?: () => Promise<ReplayPeer>;
  /** The pointers ignored: the file's and the ones given now. */
  ignore: readonly string[];
  /** How long the replay waits for a message the program sent then (30 s by default). */
  waitMs?: number;
}

export interface ReplayReport {
  pass: boolean;
  /** The program's messages that agreed. */
  compared: number;
  /** Why it failed, naming the message and the field. */
  failure?: string;
  /** The program's last stderr lines, under a failure. */
  said?: readonly string[];
  warnings: string[];
}

const DEFAULT_WAIT_MS = 30_000;
/** How long a program that ran to its end in the recording has to end now once its input closed. */
const EXIT_WAIT_MS = 10_000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasId = (message: Json): boolean => 'id' in message && message.id !== null;

/** A message in words: `the request storage/get`, `the notice log`, `the answer to command/run (id 3)`. */
function described(message: unknown, hostMethods: ReadonlyMap<string, string>): string {
  if (!isObject(message)) return `the line ${shownValue(message, 60)}`;
  if (typeof message.method === 'string') return `the ${hasId(message) ? 'request' : 'notice'} ${message.method}`;
  const id = JSON.stringify(message.id);
  const method = hostMethods.get(id);
  const what = 'error' in message ? 'failure' : 'answer';
  return method ? `the ${what} to ${method} (id ${id})` : `the ${what} to id ${id}`;
}

export async function replay(recording: Recording, options: ReplayOptions): Promise<ReplayReport> {
  const { session, events } = recording;
  const places = ignoredPlaces(options.ignore);
  const requestPlaces: IgnoredPlaces = [...places, ['id']];
  const warnings: string[] = [];
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const lastToTool = events.reduce((last, event, index) => (event.type === 'message' && event.direction === 'toTool' ? index : last), -1);
  const stopAt = events.findIndex((event) => event.type === 'stop');
  /** The program's request ids, recorded -> now. */
  const ids = new Map<string, unknown>();
  /** The host's request ids (the same then and now) -> their method, to name an answer. */
  const hostMethods = new Map<string, string>();
  let link: ReplayPeer;
  try {
    link = await (options.peer ? options.peer() : ReplayLink.start(options.execPath, options.args, options.lineLimit, recordedDataFolder(recording)));
  } catch (error) {
    return { pass: false, compared: 0, failure: (error as Error).message, warnings };
  }
  let compared = 0;
  const fail = (failure: string): ReplayReport => ({ pass: false, compared, failure, said: link.said, warnings });
  try {
    const matched = new Set<number>();
    for (const [index, event] of events.entries()) {
      if (event.type === 'file') {
        const warning = await fileWarning(event.path, event.sha256);
        if (warning) warnings.push(warning);
      } else if (event.type === 'message' && event.direction === 'toTool') {
        link.write(hostLine(event, session.dialect, ids, hostMethods, link.dataFolder));
      } else if (event.type === 'message') {
        // Each message that comes takes the recorded one it matches among those it may stand in for, until this one is taken.
        while (!matched.has(index)) {
          const number = compared + 1;
          const received = await link.next(waitMs);
          const expectedWords = 'message' in event ? described(event.message, hostMethods) : `the line ${shownValue(event.text, 60)}`;
          if (!received) return fail(`message ${number} from the program: ${expectedWords} did not come within ${waitMs / 1000} s`);
          if (received.kind === 'gone') return fail(`message ${number} from the program: ${expectedWords} never came: the program ${received.how}`);
          const taken = interchangeable(events, index).find(
            (other) =>
              !matched.has(other) && compareLine(events[other] as MessageLine, received.text, number, hostMethods, places, requestPlaces, ids) === undefined,
          );
          if (taken === undefined) return fail(compareLine(event, received.text, number, hostMethods, places, requestPlaces, ids)!);
          matched.add(taken);
          compared++;
        }
      }
      // The host closed the program's input once it began to stop and had nothing more to send.
      if (stopAt >= 0 && index === Math.max(stopAt, lastToTool)) link.closeInput();
    }
    const how = recording.end?.how;
    if (how === 'running' || how === undefined) return { pass: true, compared, warnings };
    // The recording holds everything the program sent to its end: anything more is a message it sends more.
    const more = await link.next(EXIT_WAIT_MS);
    if (more?.kind === 'line') {
      let message: unknown = more.text;
      try {
        message = JSON.parse(more.text);
      } catch {
        // A line that is no JSON is named as it came.
      }
      return fail(`message ${compared + 1} from the program: ${described(message, hostMethods)} is one more than the recording holds: ${shownValue(message)}`);
    }
    return { pass: true, compared, warnings };
  } finally {
    await link.dispose();
  }
}

/** A request or a notice the program sent (not an answer, nor a line that is no JSON). */
const ownMessage = (event: SessionEvent | undefined): event is MessageLine =>
  event?.type === 'message' && event.direction === 'fromTool' && 'message' in event && isObject(event.message) && typeof event.message.method === 'string';

/**
 * The recorded messages the one at `index` may be swapped with: the program's own requests and
 * notices sent one after the other with nothing of the host's between them, as a program doing two
 * things at once sends them in either order. An answer keeps its place, and so does all that came
 * before it: a notice after an answer instead of before is a difference.
 */
function interchangeable(events: readonly SessionEvent[], index: number): number[] {
  if (!ownMessage(events[index])) return [index];
  const run: number[] = [];
  for (let at = index; ownMessage(events[at]); at++) run.push(at);
  return run;
}

/** The data folder a tool was given in initialize, when it was. */
function recordedDataFolder(recording: Recording): string | undefined {
  if (recording.session.dialect !== 'protocol1') return undefined;
  for (const event of recording.events) {
    if (event.type !== 'message' || event.direction !== 'toTool' || !('message' in event) || !isObject(event.message)) continue;
    const { method, params } = event.message;
    if (method === 'initialize' && isObject(params) && typeof params.dataFolder === 'string' && isAbsolute(params.dataFolder)) return params.dataFolder;
  }
  return undefined;
}

/** A host's line as it goes now: an answer to the program's request under the program's id now; a tool's data folder the fresh one. */
function hostLine(event: MessageLine | TextLine, dialect: string, ids: Map<string, unknown>, hostMethods: Map<string, string>, dataFolder: string): string {
  if (!('message' in event)) return event.text;
  const message = event.message;
  if (!isObject(message)) return JSON.stringify(message);
  if (typeof message.method === 'string') {
    if (hasId(message)) hostMethods.set(JSON.stringify(message.id), message.method);
    if (dialect === 'protocol1' && message.method === 'initialize' && isObject(message.params) && 'dataFolder' in message.params) {
      return JSON.stringify({ ...message, params: { ...message.params, dataFolder } });
    }
    return JSON.stringify(message);
  }
  const key = JSON.stringify(message.id);
  return ids.has(key) ? JSON.stringify({ ...message, id: ids.get(key) }) : JSON.stringify(message);
}

/** Why the line the program sent is not the one it sent then, in words; undefined when they agree. */
function compareLine(
  event: MessageLine | TextLine,
  text: string,
  number: number,
  hostMethods: ReadonlyMap<string, string>,
  places: IgnoredPlaces,
  requestPlaces: IgnoredPlaces,
  ids: Map<string, unknown>,
): string | undefined {
  const at = `message ${number} from the program`;
  if (!('message' in event)) return text === event.text ? undefined : `${at}: expected the line ${shownValue(event.text)}, got ${shownValue(text)}`;
  let actual: unknown;
  try {
    actual = JSON.parse(text);
  } catch {
    return `${at}: expected ${described(event.message, hostMethods)}, got a line that is no JSON: ${shownValue(text)}`;
  }
  const expected = event.message;
  const expectedWords = described(expected, hostMethods);
  const actualWords = described(actual, hostMethods);
  if (expectedWords.replace(/ \(id .*\)$/, '') !== actualWords.replace(/ \(id .*\)$/, '') || !sameKind(expected, actual)) {
    return `${at}: expected ${expectedWords}, got ${actualWords}: ${shownValue(actual)}`;
  }
  const isRequest = isObject(expected) && typeof expected.method === 'string' && hasId(expected);
  const difference = firstDifference(expected, actual, isRequest ? requestPlaces : places);
  if (difference) {
    const { pointer, expected: was, actual: is } = difference;
    return `${at}, ${expectedWords}: ${pointer || 'the message'}: expected ${shownValue(was)}, got ${shownValue(is)}`;
  }
  if (isRequest && isObject(actual)) ids.set(JSON.stringify(expected.id), actual.id);
  return undefined;
}

/** Both a request, both a notice, or both an answer to the same id. */
function sameKind(expected: unknown, actual: unknown): boolean {
  if (!isObject(expected) || !isObject(actual)) return isObject(expected) === isObject(actual);
  if (typeof expected.method === 'string') return hasId(expected) === hasId(actual);
  return JSON.stringify(expected.id) === JSON.stringify(actual.id);
}

/** A warning when a file a call named is gone or changed since the recording; its reads are answered as recorded all the same. */
async function fileWarning(path: string, sha256: string | undefined): Promise<string | undefined> {
  if (sha256 === undefined) return undefined;
  try {
    const now = await fileSha256(path);
    return now.sha256 === sha256 ? undefined : `${path} changed since the recording; the replay answers its reads as recorded`;
  } catch {
    return `${path} is gone or unreadable; the replay answers its reads as recorded`;
  }
}
