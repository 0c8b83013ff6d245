// The one interface between the window and the host (docs/design/architecture.md).
// The main process implements it once; Electron IPC and the test bed's WebSocket carry it.
// Every request is listed in HostRequests, so both transports are generic over one table
// and no channel carries `any`.
import type { Problem, ProblemReason } from './protocol/problem-reasons';
import type { ValueFault } from './protocol/value-words';
import type {
  CallBytes,
  CheckedAnswers,
  GivenFileProblem,
  GivenFileVerdict,
  InspectRequest,
  PageRequest,
  PlanResult,
  PluginAnswer,
  ShownCommandAnswer,
  ShownConversion,
} from './plugin-api';
import type { RecordLine } from './recording/record-lines';

/** Text in several languages: language tag -> string, `en` always present. */
export type LocalizedText = { en: string } & Record<string, string>;

export type PreferenceValue = string | number | boolean | null;

export type ToolState =
  | 'idle' // installed, `demand` start, not started yet
  | 'starting'
  | 'running'
  | 'stopping'
  | 'stopped'
  | 'crashed' // crashed, a restart is scheduled
  | 'failed' // crashed too often, or initialize failed: stays stopped until restarted by hand
  | 'refused'; // the folder or its manifest was refused (loaded-in-place folders only)

export interface CommandInfo {
  id: string;
  title: LocalizedText;
  surfaces: ('window' | 'menubar')[];
}

export interface PreferenceInfo {
  id: string;
  kind: 'text' | 'secret' | 'boolean' | 'number' | 'choice';
  /** Absent: the preference is the tool's alone and never shown. */
  title?: LocalizedText;
  default?: PreferenceValue;
  options?: { value: string; title: LocalizedText }[];
  /** A number's bounds and a text's form, as its manifest declares them (the window checks as the person types). */
  minimum?: number;
  maximum?: number;
  whole?: boolean;
  format?: 'url';
}

/** What the window shows of a Skwir plugin's manifest (docs/design/architecture.md). */
export interface PluginDetails {
  api: number;
  /** A program speaking over its stdio, or a WebAssembly component run in a worker. */
  transport: 'program' | 'module';
  /** What it was granted (all it asked for). */
  capabilities: ('read' | 'write' | 'network')[];
  fields: { key: string; title: string; extensions: string[]; mimes: string[] }[];
  previews: { extensions: string[]; mimes: string[]; converts: boolean; pages: boolean; thumbnails: boolean }[];
  commands: { name: string; title: string; args?: Record<string, unknown>; extensions: string[]; mimes: string[] }[];
}

/** What the window is told of every entry of the list, a tool or a Skwir plugin. */
export interface EntrySummaryFields {
  id: string;
  name: LocalizedText;
  version: string;
  description?: LocalizedText;
  state: ToolState;
  /** Why it is in its state, in words for a person (e.g. the crash or refusal reason). */
  stateReason?: string;
  /** The same reason as data, so the window words it in its own language (stateReason when it knows no code). */
  stateReasonCode?: StateReasonCode;
  /** Its folder: its installed copy, or the folder itself when loaded in place. */
  folder: string;
  loadedInPlace: boolean;
  /** Problems found the last time a loaded-in-place folder was validated, each with its reason as data where it has one. */
  problems?: Problem[];
  /** Keys of the manifest its schema does not know (ignored; most are typos), each with its line; absent when none. */
  warnings?: string[];
}

/** A tool as the window lists it. */
export interface ToolSummary extends EntrySummaryFields {
  kind: 'tool';
  publisher: LocalizedText;
  uses: string[];
  commands: CommandInfo[];
  preferences: PreferenceInfo[];
  /** Current values of titled preferences; a secret's value is never sent, see secretsSet. */
  values: Record<string, PreferenceValue>;
  /** Ids of secret preferences that hold a value. */
  secretsSet: string[];
  /** Commands runnable now (all until the tool's first commands/state). */
  runnable: string[];
  start: 'launch' | 'demand';
}

/** A Skwir plugin as the window lists it: what its manifest declares is in `plugin`; it starts on its first call. */
export interface PluginSummary extends EntrySummaryFields {
  kind: 'plugin';
  plugin: PluginDetails;
}

/** An entry of the list as the window is told of it, by its kind. */
export type EntrySummary = ToolSummary | PluginSummary;

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export type LogSource = 'tool' | 'stderr' | 'protocol' | 'host';

export interface LogLine {
  seq: number;
  time: number; // ms since the epoch
  level: LogLevel;
  source: LogSource;
  message: string;
  /** A line the host wrote itself, as data, so the window words it in its language (message when it knows no code). */
  code?: HostLogCode;
}

export interface TraceLine {
  seq: number;
  time: number;
  direction: 'toTool' | 'fromTool';
  /** The line as it went over the wire (already cut to a readable length when huge). */
  text: string;
  /** The method, when the line was a request or notice; for answers, the method it answers. */
  method?: string;
  /** The line was not UTF-8, so no message (answered -32700): `text` writes its stray bytes as \xNN. */
  notUtf8?: true;
}

/** An entry's message trace as the host keeps it (HostApi.readTrace). */
export interface TraceRead {
  lines: TraceLine[];
  /** Lines older than `lines[0]` that the trace let go of to stay within its size, since it began or was last cleared. */
  dropped: number;
}

/** A service call answered by the simulated platform, shown in the test bed's panel. */
export interface ServiceCall {
  seq: number;
  time: number;
  toolId: string;
  method: string;
  params: Record<string, unknown>;
  /** What the service answered, when it answered something (clipboard/readText: the text it read). */
  result?: Record<string, unknown>;
}

// Reasons as data, beside the host's English words (which stay for the log, the CLI and a window
// that does not know a code). A tool's own words (`message`, `problem`) stay as the tool wrote them.

/** How a tool's process ended. */
/** How a program ended (its exit code, a signal), or a module plugin's component (a trap: its instance is done). */
export type ExitReasonCode = { code: 'exited'; exitCode: number | null } | { code: 'signal'; signal: string } | { code: 'trapped' };

/** Why a tool is crashed, failed or refused. */
export type StateReasonCode =
  | ExitReasonCode // crashed: a restart is scheduled
  | { code: 'crashedTooOften'; crashes: number; seconds: number; last: ExitReasonCode }
  | { code: 'couldNotStart'; program: string; problem: string }
  /** `silent`: nothing at all came on its output meanwhile (the usual cause: output it never flushed). */
  | { code: 'initializeTimeout'; seconds: number; silent?: true }
  | { code: 'initializeFailed'; message: string; errorCode: number }
  | { code: 'protocolMissing' }
  | { code: 'protocolNotOffered'; picked: string; offered: number[] }
  | { code: 'apiMissing' } // a Skwir plugin's answer to initialize
  | { code: 'apiNotSpoken'; picked: string; spoken: string }
  | { code: 'refused'; problem: string; field?: string; reason?: ProblemReason }; // a folder loaded in place: its first problem, and its reason as data

/** Why a command was not run, or what ended it. */
export type CommandReasonCode =
  | StateReasonCode
  | { code: 'notInstalled'; toolId: string }
  | { code: 'unknownCommand'; command: string }
  | { code: 'notRunnable'; command: string }
  | { code: 'notRunning' }
  | { code: 'stopping' }
  | { code: 'restarting'; after?: StateReasonCode }
  | { code: 'stoppedBeforeAnswer' }
  | { code: 'linkBroken' } // with ExitReasonCode: how a crashed command's tool ended before it answered
  | { code: 'fileNotGiven'; path: string; problem: GivenFileProblem }; // the host's own refusal of a call's file, never the plugin's

/** What the host itself wrote in a tool's log (source `host`). */
export type HostLogCode =
  // The lifetime's lines; `plugin`: about a Skwir plugin (the words say "the plugin").
  | { code: 'started'; pid: number; version: string; plugin?: true } // a plugin's says its api too
  | { code: 'stopped'; plugin?: true }
  | { code: 'neededSignal'; signal: string; seconds: number; plugin?: true }
  | { code: 'exitedWhenStopped'; exit: ExitReasonCode; plugin?: true }
  | { code: 'leftoversKilled'; plugin?: true }
  | { code: 'exitedIdle'; plugin?: true } // a demand tool (or a plugin) that exited by itself with code 0
  | { code: 'crashedRestarting'; exit: ExitReasonCode; seconds: number; plugin?: true }
  | { code: 'linkClosed'; plugin?: true }
  | { code: 'failed'; reason: StateReasonCode; plugin?: true }
  | { code: 'commandTimeout'; command: string; seconds: number }
  // A Skwir plugin's calls.
  | { code: 'idleStopped'; seconds: number } // stopped after that long with no call
  | { code: 'callTimeout'; method: string; seconds: number } // cancelled with $/cancel
  | { code: 'callFailed'; method: string; message: string } // the plugin's own failure, for its author
  // A module plugin's worker (a WebAssembly component in a worker thread).
  | { code: 'transpiled'; file: string; transpiler: string; ms: number }
  | { code: 'transpileChanged'; file: string; changed: string } // a file of its transpile was not as the host wrote it: not run, transpiled again
  | { code: 'workerStarted'; file: string; version?: string }
  | { code: 'workerEndedByItself'; why: string } // a crash: restarted as a program's is
  | { code: 'workerReplaced'; cancelled?: string } // ended to stop a call (cancelled by the person, or past its time)
  | { code: 'workerLetGo'; seconds: number } // held in a read of a file that never answered, past the bound: not waited for
  | { code: 'trapped'; method: string; message: string } // a crash: its worker is ended, a new one instantiates it again
  | { code: 'logsDropped'; count: number; max: number } // past the log lines one call may write
  | { code: 'loaded'; version: string; how: 'installed' | 'loadedInPlace' | 'reloaded'; folder: string }
  | { code: 'folderRefused'; problems: Problem[] }
  | { code: 'serviceBroke'; method: string; problem: string }
  /** A request of the tool the app refused: -32001 (not in uses), -32602, -32004, ... `reason` is the refusal's own English. */
  | { code: 'requestRefused'; method: string; errorCode: number; reason: string };

/** The host's lines about a process's lifetime, which say `plugin` when they are about a Skwir plugin's. */
export const LIFETIME_LOG_CODES: ReadonlySet<HostLogCode['code']> = new Set<HostLogCode['code']>([
  'started',
  'stopped',
  'neededSignal',
  'exitedWhenStopped',
  'leftoversKilled',
  'exitedIdle',
  'crashedRestarting',
  'linkClosed',
  'failed',
]);

/** Why a request about a tool was refused (a preference value, a restart). */
export type ProblemCode =
  | StateReasonCode
  | { code: 'notInstalled'; toolId: string }
  | { code: 'notStarted'; state: ToolState }
  | { code: 'unknownPreference'; id: string }
  | { code: 'untitledPreference'; id: string }
  // What is wrong with a preference's value, as its manifest declares it.
  | ValueFault;

/** Every code the host may send, in one union: the codes are unique across the three. */
export type ReasonCode = StateReasonCode | CommandReasonCode | ProblemCode;

export type CommandOutcome =
  | { outcome: 'done' }
  | { outcome: 'refused'; message: string }
  | { outcome: 'timeout' }
  | { outcome: 'crashed'; message: string; reasonCode?: CommandReasonCode }
  | { outcome: 'unavailable'; message: string; reasonCode?: CommandReasonCode }; // not runnable, tool refused or failed, unknown command

/** `problems`: each with its English line, and its reason as data where it has one, worded by the window in its language. */
export type InstallVerdict = { ok: true; tool: EntrySummary } | { ok: false; problems: Problem[] };

/** An installed tool or plugin a folder would replace: the version installed and the one the folder holds. */
export interface InstallReplaces {
  id: string;
  installedVersion: string;
  version: string;
}

export type Result = { ok: true } | { ok: false; problem: string; problemCode?: ProblemCode };

/** How often and how lately the person ran one command (the palette ranks by it). */
export interface CommandUse {
  /** The tool's or plugin's id. */
  entryId: string;
  /** A tool's command id, or a Skwir plugin's command name. */
  command: string;
  count: number;
  /** ms since the epoch. */
  last: number;
}

/** A global shortcut the person gave a command. */
export interface CommandShortcut {
  entryId: string;
  command: string;
  /** Electron's accelerator words, e.g. "CommandOrControl+Shift+K". */
  accelerator: string;
  /** False when the system or another app held it when the app registered it (at its start). */
  registered: boolean;
}

/** Why a shortcut was not given: the window words it in its own language. */
export type ShortcutRefusal =
  | { code: 'taken'; accelerator: string }
  | { code: 'invalid'; accelerator: string }
  | { code: 'usedByCommand'; accelerator: string; entryId: string; command: string }
  | { code: 'notInstalled'; entryId: string }
  | { code: 'unknownCommand'; command: string }
  /** The palette's own shortcut can be changed, not taken away. */
  | { code: 'needed' };

export type ShortcutVerdict = { ok: true } | { ok: false; problem: string; refusal: ShortcutRefusal };

/** The files the person has selected outside the app (the Finder's selection on macOS). */
export type FileSelection =
  | { ok: true; paths: string[] }
  /** `none`: no file manager offers its selection here (Linux); files are dropped or chosen instead. */
  | { ok: false; reason: 'none'; problem: string }
  /** The OS refused to let the app read it: `permission` names what to grant, `problem` says where. */
  | { ok: false; reason: 'permission'; permission: string; problem: string }
  | { ok: false; reason: 'failed'; problem: string };
/**
 * A message sent by hand to a tool or a Skwir plugin (the Messages tab's composer, `run --send`):
 * any the app may send, checked against the protocol's schema unless sent anyway.
 */
export interface HandMessage {
  method: string;
  /** An object or a list; left out when the message carries nothing. */
  params?: unknown;
  /** Skwir: files by path, given handles as a call's are and put where the method names its files (`entries` when it names none). */
  files?: string[];
  /** A request (answered) or a notice; by default what the protocol says of the method, a request for a method it does not know. */
  kind?: 'request' | 'notice';
}

/** What came of a message sent by hand. `ms`: from the moment it was written to its answer. */
export type HandAnswer = (
  | { outcome: 'result'; result: unknown; ms: number; problems?: string[] } // problems: where the result does not fit the protocol
  | { outcome: 'failure'; error: { code: number; message: string; data?: unknown }; ms: number }
  | { outcome: 'noticeSent'; ms: number }
  | { outcome: 'timeout'; message: string; ms: number }
  | { outcome: 'ended'; message: string; ms: number } // the link ended first: the words say how (a crash, a stop)
  | { outcome: 'unavailable'; message: string } // not sent: nothing runs to take it, or a file could not be given
  | { outcome: 'refused'; problems: string[] } // not sent: it does not fit the protocol (send it anyway to send it)
) & {
  /** The message as it went on the link: its id (the host's, so the answer finds its way back) and its files' handles. */
  sent?: Record<string, unknown>;
};

/** The host's judgement of a message before it is sent: each problem names the field; none when it fits. */
export type HandCheck = { problems: string[] };

/** The session of an entry's latest process so far, as the lines of a recording file (docs/recordings.md). */
export type RecordingAnswer = { ok: true; lines: RecordLine[] } | { ok: false; problem: string };

export interface HostInfo {
  language: string;
  services: 'simulated' | 'system';
  platform: string;
  version: string;
}

/** Every request of the HostApi: its arguments and what it answers. */
export interface HostRequests {
  info: { args: []; result: HostInfo };
  listTools: { args: []; result: EntrySummary[] };
  installFolder: { args: [folder: string]; result: InstallVerdict };
  /** What installing the folder would replace (null: nothing, or the folder is refused), asked before installing. */
  installReplaces: { args: [folder: string]; result: InstallReplaces | null };
  uninstall: { args: [toolId: string]; result: Result };
  runCommand: { args: [toolId: string, commandId: string]; result: CommandOutcome };
  setPreference: { args: [toolId: string, preferenceId: string, value: PreferenceValue]; result: Result };
  readLog: { args: [toolId: string]; result: LogLine[] };
  clearLog: { args: [toolId: string]; result: Result };
  readTrace: { args: [toolId: string]; result: TraceRead };
  clearTrace: { args: [toolId: string]; result: Result };
  readServiceCalls: { args: []; result: ServiceCall[] };
  restart: { args: [toolId: string]; result: Result };
  stop: { args: [toolId: string]; result: Result };
  setLanguage: { args: [language: string]; result: Result };
  /** Puts text on the simulated clipboard (the test bed's services panel); refused with the system's services. */
  setSimulatedClipboard: { args: [text: string]; result: Result };
  /** What the simulated clipboard holds (null: nothing); refused with the system's services. */
  readSimulatedClipboard: { args: []; result: { ok: true; text: string | null } | { ok: false; problem: string } };
  /** Whether a path can be given to a plugin (a file, from the root of the disk), judged when the person adds it. */
  judgeFile: { args: [path: string]; result: GivenFileVerdict };
  // A Skwir plugin's calls (plugin-api.ts): `callId` is the window's, for cancelCall.
  askField: { args: [pluginId: string, callId: string, path: string, key: string]; result: PluginAnswer<CheckedAnswers['field']> };
  askThumbnail: { args: [pluginId: string, callId: string, path: string, size: number]; result: PluginAnswer<CheckedAnswers['thumbnail']> };
  inspect: { args: [pluginId: string, callId: string, path: string, request: InspectRequest]; result: PluginAnswer<CheckedAnswers['inspect']> };
  /** A conversion, kept by the host and shown by URL (convertedUrl); null: the plugin converts the file to nothing. */
  convert: { args: [pluginId: string, callId: string, path: string]; result: PluginAnswer<ShownConversion | null> };
  /** The window no longer shows a converted file: its URL answers 404 from now on (the cache keeps the file). */
  releaseConverted: { args: [token: string]; result: Result };
  page: { args: [pluginId: string, callId: string, path: string, request: PageRequest]; result: PluginAnswer<CheckedAnswers['page']> };
  runPluginCommand: {
    args: [pluginId: string, callId: string, command: string, commandArgs: unknown, paths: string[]];
    result: PluginAnswer<ShownCommandAnswer>;
  };
  /** Applies a plan a command answered, by its id, once the person confirmed it. */
  applyPlan: { args: [planId: string]; result: PlanResult };
  /** Cancels a call: taken off the plugin's queue, or `$/cancel` sent when it is open. */
  cancelCall: { args: [callId: string]; result: Result };
  /** How far a call still waiting for its answer has read its files; null once it has its answer (or never was). */
  callProgress: { args: [callId: string]; result: CallBytes | null };
  /** Drops what the cache keeps of a file for a plugin (its conversion, its pages), so that the next view asks the plugin (Ask again). */
  forgetAnswers: { args: [pluginId: string, path: string]; result: Result };
  /** Every command the person ran, how often and how lately (kept on disk, dropped with its entry). */
  commandUsage: { args: []; result: CommandUse[] };
  commandShortcuts: { args: []; result: CommandShortcut[] };
  /** Gives a command a global shortcut (null takes it away); refused when taken or not a shortcut. */
  setCommandShortcut: { args: [entryId: string, command: string, accelerator: string | null]; result: ShortcutVerdict };
  fileSelection: { args: []; result: FileSelection };
  /** Sets the simulated selection of files (the test bed's services panel); refused with the system's services. */
  setSimulatedSelection: { args: [paths: string[]]; result: Result };
  /**
   * Sends a message by hand to a tool or plugin, started first when it starts on demand; `anyway`:
   * sent even when it does not fit the protocol. A plugin's waits its turn behind the calls before it.
   */
  sendMessage: { args: [entryId: string, message: HandMessage, anyway: boolean]; result: HandAnswer };
  /** Where a message sent by hand would not fit the protocol or what the entry declares (the composer's check as it is typed); nothing is sent. */
  checkMessage: { args: [entryId: string, message: HandMessage]; result: HandCheck };
  /** The recording of an entry's session so far ("Save session"): write `recordingText(lines)` to a .jsonl file. */
  readRecording: { args: [entryId: string]; result: RecordingAnswer };
}

export type HostRequestName = keyof HostRequests;
export const hostRequestNames: readonly HostRequestName[] = [
  'info',
  'listTools',
  'installFolder',
  'installReplaces',
  'uninstall',
  'runCommand',
  'setPreference',
  'readLog',
  'clearLog',
  'readTrace',
  'clearTrace',
  'readServiceCalls',
  'restart',
  'stop',
  'setLanguage',
  'setSimulatedClipboard',
  'readSimulatedClipboard',
  'judgeFile',
  'askField',
  'askThumbnail',
  'inspect',
  'convert',
  'releaseConverted',
  'page',
  'runPluginCommand',
  'applyPlan',
  'cancelCall',
  'callProgress',
  'forgetAnswers',
  'commandUsage',
  'commandShortcuts',
  'setCommandShortcut',
  'fileSelection',
  'setSimulatedSelection',
  'sendMessage',
  'checkMessage',
  'readRecording',
] as const;

export type HostEvent =
  | { type: 'tool'; tool: EntrySummary } // added or changed
  | { type: 'toolRemoved'; toolId: string }
  | { type: 'log'; toolId: string; line: LogLine }
  | { type: 'logCleared'; toolId: string }
  | { type: 'trace'; toolId: string; line: TraceLine }
  | { type: 'serviceCall'; call: ServiceCall }
  /** What the simulated clipboard holds changed (a tool, a plugin or the person wrote it). */
  | { type: 'clipboard'; text: string | null }
  | { type: 'language'; language: string }
  /** The person pressed a command's global shortcut: the palette runs it. */
  | { type: 'shortcutPressed'; entryId: string; command: string }
  | { type: 'commandShortcuts'; shortcuts: CommandShortcut[] }
  | { type: 'fileSelection'; paths: string[] };

export interface Disposable {
  dispose(): void;
}

/** What the host core answers, and what the transports carry: every request, and the events. */
export type HostCoreApi = {
  [K in HostRequestName]: (...args: HostRequests[K]['args']) => Promise<HostRequests[K]['result']>;
} & {
  /** Listen to every host event; dispose to stop. */
  subscribe(listener: (event: HostEvent) => void): Disposable;
};

/** The HostApi as the window holds it: the host's requests and events, and where its transport serves converted files. */
export type HostApi = HostCoreApi & {
  /** The URL of a converted file by its token (ShownConversion): the test bed's route, or the app's protocol. */
  convertedUrl(token: string): string;
};
