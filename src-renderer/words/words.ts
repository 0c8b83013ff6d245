// The app's own words. Tool texts come from their manifests and are picked with pickText instead.
import type { CommandOutcome, HostLogCode, LogLevel, LogSource, ReasonCode, ToolState } from '../../src-shared/host-api';
import type { Problem } from '../../src-shared/protocol/problem-reasons';
import type { Noun } from '../../src-shared/reasons-en';
import type { CommandsHeldState } from '../commands-held';
import type { PaletteWords } from './palette-words';
import type { PluginWords } from './plugin-words';
import type { BenchWords } from './bench-words';
import type { PreviewWords } from './preview-words';

export interface Words extends PreviewWords, BenchWords {
  appName: string;
  // Sidebar and install
  toolsHeading: string;
  installedTools: string;
  filterTools: string;
  noToolMatches: (filter: string) => string;
  toolCount: (count: number) => string;
  /** A count and its noun in the form that goes with it: count(3, 'line', 'lines'). */
  count: (n: number, one: string, other: string) => string;
  /** A number with the language's separators: 20 000 000 in French. */
  number: (value: number) => string;
  install: string;
  installATool: string;
  installDialogTitle: string;
  installDialogHelp: string;
  /** Asked before a folder replaces what is installed under its id. */
  replaceQuestion: (name: string, installedVersion: string, version: string) => string;
  replaceButton: string;
  /** A folder's path typed without its start: the window cannot tell where it is. */
  installNeedsFullPath: (path: string) => string;
  toolFolder: string;
  toolFolderPlaceholder: string;
  chooseFolder: string;
  installButton: string;
  installing: string;
  cancel: string;
  close: string;
  installResult: string;
  installedTool: (name: string, version: string) => string;
  refusedFolder: (folder: string) => string;
  /** A problem of a refused folder (its field, then why): the host's English line where the reason is not known here. */
  folderProblem: (problem: Problem) => string;
  dropHere: string;
  dropNeedsPath: string;
  // Empty states
  noToolsTitle: string;
  noToolsBody: string;
  noToolsValidate: string;
  noSelectionTitle: string;
  noSelectionBody: string;
  // States
  states: Record<ToolState, string>;
  // Tool page
  toolSections: string;
  tabFiles: string;
  tabCommands: string;
  tabSettings: string;
  tabLog: string;
  tabMessages: string;
  restart: string;
  stop: string;
  uninstallEllipsis: string;
  uninstall: string;
  uninstallTitle: (name: string) => string;
  uninstallBody: string;
  /** For a folder loaded in place, which is never deleted. */
  uninstallBodyInPlace: string;
  loadedInPlace: string;
  problemsHeading: string;
  /** Over the keys of the manifest its schema does not know: the folder was taken all the same. */
  warningsHeading: string;
  // Commands
  commandsHeading: string;
  noCommands: string;
  /** The mark of a command offered only on the menu bar, and what it means. */
  menubarOnly: string;
  menubarOnlyNote: string;
  /** Beside a menu bar command the window does not run (the system's services). */
  runFromMenubar: string;
  notRunnableNow: string;
  /** Above the commands when none can run, saying how to get them back. */
  commandsHeld: Record<CommandsHeldState, string>;
  outcomes: Record<CommandOutcome['outcome'] | 'running', string>;
  /** "it exited with code 3" -> "it exited with code 3 before it answered". */
  beforeAnswer: (how: string) => string;
  // Reasons
  /** A reason the host sent as data, said of the tool or the plugin; undefined for a code this window does not know. */
  reason: (reason: ReasonCode, noun?: Noun) => string | undefined;
  /** A word and what it is about: "Refused: not now" (French spaces its colon). */
  withDetail: (head: string, detail: string) => string;
  // Settings
  aboutHeading: string;
  fieldName: string;
  fieldVersion: string;
  fieldPublisher: string;
  fieldDescription: string;
  fieldId: string;
  fieldFolder: string;
  servicesHeading: string;
  servicesIntro: string;
  noServices: string;
  services: Record<string, string>;
  unknownService: string;
  preferencesHeading: string;
  noPreferences: string;
  secretSet: string;
  secretNotSet: string;
  secretPlaceholderSet: string;
  secretPlaceholderNotSet: string;
  removeSecret: string;
  saved: string;
  saving: string;
  notANumber: string;
  noChoice: string;
  // Log
  logLines: string;
  logLevels: string;
  levels: Record<LogLevel, string>;
  /** Who wrote a log line: the tool, its stderr, the app about the protocol, the app itself. */
  sources: Record<LogSource, string>;
  /** A line the host wrote (its code); undefined to show the host's own (English) words. */
  hostLog: (line: HostLogCode) => string | undefined;
  searchLog: string;
  follow: string;
  copy: string;
  copied: string;
  clear: string;
  emptyLog: string;
  noLogMatches: string;
  lineCount: (shown: number, total: number) => string;
  messageCount: (shown: number, total: number) => string;
  // Trace
  messagesList: string;
  methodFilter: string;
  allMethods: string;
  toTool: string;
  fromTool: string;
  copyMessage: string;
  /** In the method column of a line that was not UTF-8, and what that means. */
  notUtf8: string;
  notUtf8Note: string;
  emptyTrace: string;
  noMessageMatches: string;
  searchMessages: string;
  /** Said at the top of the Messages tab when older messages are no longer held (n > 0). */
  droppedMessages: (n: number) => string;
  /** The time between a request and its answer, on their row. */
  answerTook: (ms: number) => string;
  /** Where a request's answer time would be, while it has none. */
  noAnswerYet: string;
  /** Where an answer's time would be, when its request is not in the list, and why that can be. */
  requestNotListed: string;
  requestNotListedNote: string;
  /** Above each of the two messages of an opened row. */
  requestHeading: string;
  answerHeading: string;
  copyExchange: string;
  // Service calls
  simulatedServices: string;
  simulatedIntro: string;
  noServiceCalls: string;
  showPanel: string;
  hidePanel: string;
  /** A call in words; `result` is what the service answered (the text a clipboard read returned). */
  serviceCall: (method: string, params: Record<string, unknown>, result?: Record<string, unknown>) => string;
  resizePanel: string;
  clipboardField: string;
  clipboardPut: string;
  clipboardPutting: string;
  /** After the person put text on the simulated clipboard. */
  clipboardHolds: (text: string) => string;
  /** The simulated clipboard holds nothing (its field's placeholder too). */
  clipboardEmpty: string;
  /** The toasts of what tools show on screen (a HUD), as the app would show them. */
  toastsLabel: string;
  /** A toast for notify/beep. */
  alertSound: string;
  dismiss: string;
  // Skwir plugins (plugin-words.ts)
  plugin: PluginWords;
  palette: PaletteWords;
  // Language
  language: string;
  // Errors
  connectionFailed: string;
  reconnecting: string;
  connectionClosed: string;
  loadFailed: (problem: string) => string;
}
