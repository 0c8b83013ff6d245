// What the host holds for each entry of its list, whatever it is: a tool, a Skwir plugin, or a folder
// refused at its first load. The facade treats every entry through this; what only one kind does (a
// tool's commands and preferences, a plugin's calls) it reaches after telling them apart by `kind`.
import type { Problem } from '../../../src-shared/protocol/problem-reasons';
import type { EntrySummary, EntrySummaryFields, LocalizedText, StateReasonCode, ToolState } from '../../../src-shared/host-api';
import type { Event } from '../../../src-shared/lifecycle';
import type { RefusedFolder } from '../installs/refused-folder';
import type { ToolLog } from '../records/logs';
import type { ToolTrace } from '../records/trace';

export interface HostedEntry {
  readonly kind: 'tool' | 'plugin' | 'refused';
  readonly id: string;
  /** False once uninstalled: what it is asked is refused while it stops. */
  installed: boolean;
  readonly log: ToolLog;
  readonly trace: ToolTrace;
  /** The summary changed: state, the entry, what it holds. */
  readonly onDidChange: Event<void>;
  readonly state: ToolState;
  readonly stateReason: string | undefined;
  readonly stateReasonCode: StateReasonCode | undefined;
  readonly folder: string;
  readonly loadedInPlace: boolean;
  /** The folder as read, when this stands for one refused at its first load. */
  readonly refusedFolder: RefusedFolder | undefined;
  /** Its process first, then the descendants seen so far; none when nothing of it runs in a process of its own. */
  readonly processes: readonly number[];
  start(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Starts it now when it starts with the app. */
  startIfLaunch(): void;
  languageChanged(language: string): void;
  summary(): EntrySummary;
  /** A folder loaded in place failed its reload: nothing of it runs, and it is refused until it passes again. */
  refuse(problems: Problem[]): Promise<void>;
  /** Tells those listening that its summary changed. */
  changed(): void;
  /** Stops what runs and lets go of everything but its log and trace. */
  dispose(): Promise<void>;
}

/** Why an entry is refused, as data: the first of its problems. */
export function refusal(problems: readonly Problem[]): StateReasonCode {
  const first = problems[0];
  if (first === undefined) return { code: 'refused', problem: 'unknown problem' };
  return first.field !== undefined && first.reason !== undefined
    ? { code: 'refused', problem: first.text, field: first.field, reason: first.reason }
    : { code: 'refused', problem: first.text };
}

/** The line every refused entry writes in its log, whatever its kind: the same coded line, worded by the window. */
export function logRefusal(log: ToolLog, problems: Problem[]): void {
  log.appendHost({ code: 'folderRefused', problems });
}

/** What the manifest (or what could be read of it) says of an entry, for its summary. */
export interface EntryAbout {
  name: LocalizedText;
  version: string;
  description?: LocalizedText | undefined;
  /** Set while it is refused. */
  problems?: readonly Problem[] | undefined;
  warnings?: readonly string[] | undefined;
}

/** What an entry's summary says of it whatever its kind: the rest is the kind's own. */
export function commonSummary(entry: HostedEntry, about: EntryAbout): EntrySummaryFields {
  const summary: EntrySummaryFields = {
    id: entry.id,
    name: about.name,
    version: about.version,
    state: entry.state,
    folder: entry.folder,
    loadedInPlace: entry.loadedInPlace,
  };
  if (about.description) summary.description = about.description;
  const reason = entry.stateReason;
  if (reason !== undefined) summary.stateReason = reason;
  const code = entry.stateReasonCode;
  if (code !== undefined) summary.stateReasonCode = code;
  if (about.problems) summary.problems = [...about.problems];
  if (about.warnings?.length) summary.warnings = [...about.warnings];
  return summary;
}
