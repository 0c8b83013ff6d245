// The HostApi's calls to Skwir plugins (docs/design/architecture.md): files given by path, each call named by
// an id the window picks so it can be cancelled, answers checked with their defaults filled. A
// command's plan comes with an id: the window applies it by that id once the person confirms, so
// only a plan a plugin gave, as it gave it, is ever applied.
import type { CommandReasonCode } from './host-api';
import type { CheckedAnswers, CheckedPlan } from './skwir/answers';
import type { PlanAnswer, PlanStep, TextAnswer } from './skwir/types';

/** An answer, or why there is none: the plugin's failure (its message, for the person), cancelled, ... */
export type PluginAnswer<T> =
  /** `cached`: given from the plugin's cache folder, without asking it (a conversion, a page). */
  | { ok: true; answer: T; ms: number; cached: boolean }
  | {
      ok: false;
      outcome: 'failed' | 'cancelled' | 'crashed' | 'unavailable';
      message: string;
      /** The plugin answered, but not as the protocol says: the message names what was wrong. */
      malformed?: true;
      reasonCode?: CommandReasonCode;
    };

/**
 * A converted file as the window gets it: its name, its size in bytes, and the token of the copy the
 * host keeps, which HostApi.convertedUrl makes a URL of. The bytes never travel as text; the window
 * lets go of the token with releaseConverted once it no longer shows the file.
 */
export interface ShownConversion {
  name: string;
  bytes: number;
  token: string;
}

/** Why the host will not give a path to a plugin, as data (the window words it in its language). */
export type GivenFileProblem =
  | { code: 'relativePath' } // not from the root of the disk: the host would not know where it is
  | { code: 'missing' }
  | { code: 'folder' } // a plugin is given files, never a folder
  | { code: 'notAFile' } // a device, a pipe or a socket
  | { code: 'unreadable'; reason: string } // the system's code (EACCES, ...)
  | { code: 'noAnswer'; seconds: number }; // looking at it took longer than the host waits for a file step (a disk or share that stopped responding)

/** A path judged before it is given to a plugin (judgeFile): taken, or why not, in English and as data. */
export type GivenFileVerdict = { ok: true } | { ok: false; problem: string; problemCode: GivenFileProblem };

/** How far a call has read its files: bytes the plugin was given, of their sizes together (0 before they are described). */
export interface CallBytes {
  read: number;
  size: number;
}

/** inspect's params beyond the file, each optional (the protocol's defaults). */
export interface InspectRequest {
  offset?: number;
  query?: string | null;
  source?: boolean;
  target?: unknown;
}

/** page's params beyond the file. */
export interface PageRequest {
  page: number;
  side: number;
  text?: boolean;
}

/**
 * A plan as the window gets it: with the id applyPlan takes, and the call's paths; a step's `file`
 * is its place among them (file n is files[n - 1]), whatever handle the plugin gave it.
 */
export type ShownPlan = CheckedPlan & { planId: string; files: string[] };
/**
 * A text answer as the window gets it: the host put the text on the clipboard, as a tool's
 * clipboard/writeText does (the simulated one in the test bed, recorded there), or says why not.
 */
export type ShownText = TextAnswer & ({ onClipboard: true } | { onClipboard: false; clipboardProblem: string });
export type ShownCommandAnswer = Exclude<CheckedAnswers['command'], PlanAnswer | TextAnswer> | ShownText | ShownPlan;

/** What became of one step of a plan. `recorded`: with simulated services it went to the panel instead. */
export interface PlanStepOutcome {
  step: PlanStep;
  /** The step in words, with the paths it acts on: "rename /a/b.txt to c.txt". */
  words: string;
  status: 'done' | 'recorded' | 'failed' | 'notRun';
  problem?: string;
}

export type PlanResult =
  | { ok: true; steps: PlanStepOutcome[] }
  /** `steps` says which ran, which failed (the first that did stops the rest) and which did not run. */
  | { ok: false; problem: string; steps: PlanStepOutcome[] };

export type { CheckedAnswers };
