// The window's words about Skwir plugins: their Settings, the Files tab, previews and commands.
// Kept apart from words.ts so each file stays readable; en and fr each give all of them.
import type { GivenFileProblem, PluginAnswer, PlanStepOutcome } from '../../src-shared/plugin-api';
import type { LeftOut } from '../../src-shared/skwir/answer-cuts';
import type { Capability } from '../../src-shared/skwir/types';

export interface PluginWords {
  /** The mark of a plugin in the sidebar and on its page. */
  tag: string;
  // Settings
  /** A plugin's Settings tab, which has nothing to change: what it holds instead. */
  settingsHolds: string;
  protocol: string;
  /** "Skwir api 1, a program". */
  protocolOf: (api: number, transport: 'program' | 'module') => string;
  capabilitiesHeading: string;
  capabilitiesIntro: string;
  noCapabilities: string;
  capabilities: Record<Capability, string>;
  fieldsHeading: string;
  noFields: string;
  previewsHeading: string;
  noPreviews: string;
  noPluginCommands: string;
  /** What a preview does with the files it serves. */
  previewDoes: { converts: string; pages: string; inspects: string; thumbnails: string };
  /** Declared without extensions or media types. */
  everyFile: string;
  /** Which files: ".txt, .md, image/*". */
  filesServed: (kinds: string) => string;
  /** A command's args by name. */
  commandTakes: (names: string) => string;
  // Files tab: adding
  addFiles: string;
  addFilesHelp: string;
  filePath: string;
  filePathPlaceholder: string;
  add: string;
  adding: string;
  dropFiles: string;
  fileNotAdded: (name: string, problem: string) => string;
  fileTooBig: (name: string) => string;
  /** Why a dropped item has no path (dragged from another app, say). */
  noPath: string;
  /** A folder dropped that holds no manifest: a plugin is given files. */
  folderNotGiven: (name: string) => string;
  /** What is wrong with a path the host would not give a plugin. */
  givenFile: (problem: GivenFileProblem) => string;
  /** A folder dropped that holds a manifest: offered as an install. */
  folderToInstall: (name: string) => string;
  chooseFiles: string;
  // Files tab: the list
  filesList: string;
  noFiles: string;
  chooseHint: string;
  chooseAll: string;
  removeChosen: string;
  askAgain: string;
  chooseFile: (name: string) => string;
  thumbnailOf: (name: string) => string;
  thumbnail: string;
  yes: string;
  no: string;
  // Calls
  asking: string;
  /** A module plugin being made ready: its first use compiles it. */
  preparing: string;
  /** A program plugin starting for the call. */
  starting: string;
  /** How far a slow call has read its files: sizes in words. */
  bytesRead: (read: string, size: string) => string;
  /** A file's fields and thumbnail still asked, under the list of files. */
  askingAbout: (name: string) => string;
  answeredIn: (ms: number) => string;
  fromCache: string;
  outcomes: Record<Extract<PluginAnswer<unknown>, { ok: false }>['outcome'], string>;
  malformed: string;
  // Preview
  preview: string;
  previewOf: (name: string) => string;
  chooseToPreview: string;
  noPreview: string;
  nothingToShow: string;
  previous: string;
  next: string;
  back: string;
  findInFile: string;
  find: string;
  source: string;
  details: string;
  rowsInside: string;
  lineNumber: string;
  /** The head of a line of code's text, read out only. */
  lineText: string;
  /** What the host left out of an answer longer than the window shows: "190,000 rows were left out." */
  leftOut: (leftOut: LeftOut) => string;
  // Commands
  commandsHeading: string;
  commandsFor: (count: number) => string;
  chooseForCommands: string;
  noCommandServes: string;
  run: string;
  /** Above an answer about other files than those chosen now. */
  ranOn: (names: string) => string;
  required: string;
  argRequired: string;
  argNotANumber: string;
  argNotWhole: string;
  argAtLeast: (limit: number) => string;
  argAtMost: (limit: number) => string;
  argTooShort: (limit: number) => string;
  argTooLong: (limit: number) => string;
  argNotJson: string;
  done: string;
  value: string;
  /** A value's null. */
  valueNone: string;
  valueEmptyText: string;
  valueEmptyList: string;
  valueEmptyObject: string;
  /** Entries of a value past those shown. */
  valueMore: (count: number) => string;
  closeForm: string;
  copiedSaid: string;
  /** Why the text could not be put on the clipboard; the text is shown under it. */
  notCopied: (problem: string) => string;
  // Plans
  planSteps: string;
  /** After leftOut, on a plan cut so. */
  planAppliedAsShown: string;
  stepRename: (name: string, to: string) => string;
  stepTrash: (name: string) => string;
  stepMove: (name: string, folder: string) => string;
  stepCopy: (name: string, folder: string) => string;
  stepMkdir: (path: string) => string;
  applyEllipsis: string;
  apply: string;
  applying: string;
  planNeedsWrite: string;
  applyTitle: (title: string) => string;
  /** How many files the plan changes, and folders it makes. */
  applyBody: (files: number, folders: number) => string;
  applySimulated: string;
  stepStatus: Record<PlanStepOutcome['status'], string>;
  planApplied: string;
  planNotApplied: (problem: string) => string;
  planDismissed: string;
}
