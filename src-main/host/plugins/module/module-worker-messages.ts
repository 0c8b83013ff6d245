// What crosses between the host and a module plugin's worker (module-worker-link.ts and
// module-worker.mjs): a call as the worker takes it, what the worker tells of it as it goes, how it
// ended, and the read the host answers.
import type { ReadAsked } from './module-trace';

export type { ReadAsked };

export type ReadReply = { data: Uint8Array } | { refused: string };

/**
 * A read the worker served itself from the open call's files: what it asked, and how many bytes it
 * got with the first of them (as many as the trace shows, READ_HEAD_BYTES), or why not.
 */
export type ServedRead = ReadAsked & ({ bytes: number; head: Uint8Array } | { refused: string });

/** A call's file as the worker is given it: to be described there, by where it is and what the call names it. */
export interface NamedFile {
  path: string;
  name: string;
  mime?: string;
}

/** A call's file the host described already (a call sent by hand): which file it is, and its bytes when it is small. */
export interface DescribedFileForWorker extends NamedFile {
  real: string;
  dev: bigint;
  ino: bigint;
  size: number;
  bytes?: Uint8Array;
}

/** One call as the worker takes it (module-worker-reads.mjs, begin). */
export interface WorkerCall {
  /** The handle of its first file; the others follow. */
  first: number;
  files: (NamedFile | DescribedFileForWorker)[];
  /** The most bytes of a one-file call read as it begins (its reads served from them). */
  whole?: number;
  /** Its reads are served in the worker (granted read); else each goes to the host, which refuses it. */
  serve: boolean;
  /** The call's own params; its files are put in them at `place`, unless none is given (they are there). */
  params: unknown;
  place?: 'file' | 'entries';
}

/** What the worker tells of the open call, in its order. */
export type CallEvent =
  /** Its files described, and the params the component got, as JSON text. */
  | { type: 'began'; params: string; files: { real: string; dev: bigint; ino: bigint; size: number }[] }
  | ({ type: 'served' } & ServedRead)
  | { type: 'log'; level: unknown; message: unknown };

/** How a call ended in the worker, or that the worker did. */
export type CallEnding =
  | { type: 'answered'; text: string }
  /** The component answered `err`: its message. */
  | { type: 'failed'; message: string }
  | { type: 'trapped'; message: string }
  /** Its answer, or a line it logged, was longer than an answer may be: not made into a string, nor sent. */
  | { type: 'oversized'; part: 'answer' | 'log'; bytes: number }
  /** A path that is no file to read (`kind` says what it is) or could not be described (the system's `code`): the component never saw the call. */
  | { type: 'notGiven'; path: string; code?: string; message?: string; kind?: string }
  | { type: 'exited'; message: string };

/** How the worker's start ended: its component instantiated, or not (why). */
export type Started = { type: 'ready' } | { type: 'broken'; message: string };

export type FromWorker =
  | Started
  | ({ type: 'read' } & ReadAsked)
  | { type: 'logsDropped'; count: number }
  | { type: 'events'; events: CallEvent[] }
  /** `ms`: how long the call took in the worker, from taking it to telling its end. */
  | ({ id: number; events: CallEvent[]; ms: number } & Exclude<CallEnding, { type: 'exited' }>);
