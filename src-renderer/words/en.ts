import { hostLogEn } from '../../src-shared/host-log-en';
import { countIn } from '../../src-shared/plural';
import { beforeAnswerEn, reasonEn } from '../../src-shared/reasons-en';
import { fileName, folderOf } from '../file-path';
import { numberIn } from './number-text';
import { paletteEn } from './palette-en';
import { pluginEn } from './plugin-en';
import { benchEn } from './bench-en';
import { previewEn } from './preview-en';
import { valueText as text } from './value-text';
import type { Words } from './words';

const quote = (value: unknown) => `“${text(value)}”`;

export const en: Words = {
  ...previewEn,
  ...benchEn,
  appName: 'Vitruvian',
  toolsHeading: 'Tools',
  installedTools: 'Installed tools',
  filterTools: 'Filter tools',
  noToolMatches: (filter) => `No tool matches “${filter}”.`,
  toolCount: (n) => countIn('en', n, 'tool', 'tools'),
  count: (n, one, other) => countIn('en', n, one, other),
  number: (value) => numberIn('en', value),
  install: 'Install…',
  installATool: 'Install a tool…',
  installDialogTitle: 'Install a tool',
  installDialogHelp:
    'Give the path of a folder that holds a tool (a vitruvian-tool.json manifest) or a Skwir plugin (a skwir-plugin.toml manifest). The app checks it and copies it in.',
  replaceQuestion: (name, installedVersion, version) => `${name} is installed already. Replace version ${installedVersion} with ${version}?`,
  replaceButton: 'Replace',
  installNeedsFullPath: (path) => `“${path}” is not a full path: give the folder’s path from the root of the disk, such as /Users/me/my-tool.`,
  toolFolder: 'Tool folder',
  toolFolderPlaceholder: '/path/to/my-tool',
  chooseFolder: 'Choose…',
  installButton: 'Install',
  installing: 'Installing…',
  cancel: 'Cancel',
  close: 'Close',
  installResult: 'Install result',
  installedTool: (name, version) => `Installed ${name} ${version}.`,
  refusedFolder: (folder) => `The folder ${folder} was not installed:`,
  folderProblem: (problem) => problem.text,
  dropHere: 'Drop the folder of a tool or a plugin to install it',
  dropNeedsPath: 'A browser cannot tell the app where a dropped folder is. Paste the folder’s path here instead.',
  noToolsTitle: 'No tools yet',
  noToolsBody:
    'Drag the folder of a tool (one with a vitruvian-tool.json inside) or of a Skwir plugin (a skwir-plugin.toml) onto this window, or choose Install… and give its path.',
  noToolsValidate: 'Writing a tool? Run “vitruvian-tool validate <folder>” to check it first.',
  noSelectionTitle: 'Choose a tool',
  noSelectionBody: 'Pick a tool in the list to run its commands, change its settings and read its log.',
  states: {
    idle: 'Idle',
    starting: 'Starting',
    running: 'Running',
    stopping: 'Stopping',
    stopped: 'Stopped',
    crashed: 'Crashed',
    failed: 'Failed',
    refused: 'Refused',
  },
  toolSections: 'Tool sections',
  tabFiles: 'Files',
  tabCommands: 'Commands',
  tabSettings: 'Settings',
  tabLog: 'Log',
  tabMessages: 'Messages',
  restart: 'Restart',
  stop: 'Stop',
  uninstallEllipsis: 'Uninstall…',
  uninstall: 'Uninstall',
  uninstallTitle: (name) => `Uninstall ${name}?`,
  uninstallBody: 'The tool is stopped, and its installed copy, its data and its settings are removed.',
  uninstallBodyInPlace: 'The tool is stopped and taken off the list, and its data and settings are removed. Its folder is kept as it is.',
  loadedInPlace: 'Loaded in place',
  problemsHeading: 'Problems in this folder',
  warningsHeading: 'Warnings about this folder',
  commandsHeading: 'Commands',
  noCommands: 'This tool has no commands. It may work on its own.',
  menubarOnly: 'Menu bar',
  menubarOnlyNote: 'Offered on the menu bar, not in the window. The test bed runs it here too, with its simulated services.',
  runFromMenubar: 'Run it from the menu bar',
  notRunnableNow: 'Not available right now',
  commandsHeld: {
    stopped: 'The tool is stopped. Restart starts it.',
    stopping: 'The tool is stopping.',
    crashed: 'The tool crashed and starts again in a moment.',
    failed: 'The tool failed. Restart starts it again.',
    refused: 'The folder was refused. Once its problems are fixed, it loads again by itself.',
  },
  outcomes: {
    running: 'Running…',
    done: 'Done',
    refused: 'Refused',
    timeout: 'No answer within 60 seconds',
    crashed: 'The tool crashed',
    unavailable: 'Not available',
  },
  beforeAnswer: beforeAnswerEn,
  reason: (reason, noun) => reasonEn(reason, noun),
  withDetail: (head, detail) => `${head}: ${detail}`,
  aboutHeading: 'About',
  fieldName: 'Name',
  fieldVersion: 'Version',
  fieldPublisher: 'Publisher',
  fieldDescription: 'Description',
  fieldId: 'Identifier',
  fieldFolder: 'Folder',
  servicesHeading: 'Services',
  servicesIntro: 'What this tool asks the app to do for it:',
  noServices: 'This tool asks the app for no services.',
  services: {
    notify: 'Show short messages on screen and play the alert sound',
    open: 'Open links in your browser or mail app',
    'clipboard.read': 'Read the text on the clipboard',
    'clipboard.write': 'Put text on the clipboard',
    keystrokes: 'Paste text and press menu items in the app in front',
    processes: 'End processes running on this computer',
    storage: 'Keep its settings and small pieces of data',
  },
  unknownService: 'A service this app does not know',
  preferencesHeading: 'Preferences',
  noPreferences: 'This tool has no settings to change.',
  secretSet: 'Set',
  secretNotSet: 'Not set',
  secretPlaceholderSet: 'Type a new value',
  secretPlaceholderNotSet: 'Type a value',
  removeSecret: 'Remove',
  saved: 'Saved',
  saving: 'Saving…',
  notANumber: 'Enter a number.',
  noChoice: 'None',
  logLines: 'Log lines',
  logLevels: 'Levels shown',
  levels: { error: 'Error', warn: 'Warning', info: 'Info', debug: 'Debug' },
  sources: { tool: 'tool', stderr: 'stderr', protocol: 'protocol', host: 'app' },
  hostLog: hostLogEn,
  searchLog: 'Search the log',
  follow: 'Follow',
  copy: 'Copy',
  copied: 'Copied',
  clear: 'Clear',
  emptyLog: 'Nothing logged yet. Lines the tool logs, what it writes to its error output and protocol problems show up here.',
  noLogMatches: 'No line matches the filter.',
  lineCount: (shown, total) =>
    shown === total ? countIn('en', total, 'line', 'lines') : `${shown.toLocaleString('en')} of ${countIn('en', total, 'line', 'lines')}`,
  messageCount: (shown, total) =>
    shown === total ? countIn('en', total, 'message', 'messages') : `${shown.toLocaleString('en')} of ${countIn('en', total, 'message', 'messages')}`,
  messagesList: 'Messages between the app and the tool',
  methodFilter: 'Method',
  allMethods: 'All methods',
  toTool: 'App → tool',
  fromTool: 'Tool → app',
  copyMessage: 'Copy message',
  notUtf8: 'not UTF-8',
  notUtf8Note: 'Not UTF-8, so not a message: the app answered it -32700. Its bytes that are not UTF-8 are written \\xNN.',
  noMessageMatches: 'No message matches the filter.',
  searchMessages: 'Search the messages',
  droppedMessages: (n) =>
    n === 1
      ? '1 older message was dropped: the app keeps the latest ones.'
      : `${n.toLocaleString('en')} older messages were dropped: the app keeps the latest ones.`,
  answerTook: (ms) => `${ms.toLocaleString('en')} ms`,
  noAnswerYet: 'no answer yet',
  requestNotListed: 'request not listed',
  requestNotListedNote: 'The request this answers is not in the list: it was dropped with the older messages, or never sent.',
  requestHeading: 'Request',
  answerHeading: 'Answer',
  copyExchange: 'Copy request and answer',
  emptyTrace: 'No messages yet. Every message between the app and this tool shows up here, both ways.',
  simulatedServices: 'Simulated services',
  simulatedIntro: 'In the test bed, services are recorded here instead of being done.',
  noServiceCalls: 'No service calls yet. When a tool asks the app for a service, it is listed here.',
  showPanel: 'Show simulated services',
  hidePanel: 'Hide simulated services',
  serviceCall: (method, params, result) => {
    switch (method) {
      case 'notify/hud':
        return `Would show on screen: ${quote(params.text)}`;
      case 'notify/beep':
        return 'Would play the alert sound';
      case 'open/url':
        return `Would open ${text(params.url)}`;
      case 'clipboard/readText':
        if (typeof result?.text === 'string') return `Read the clipboard: ${quote(result.text)}`;
        return result && 'text' in result ? 'Read the clipboard: it held no text' : 'Read the clipboard';
      case 'clipboard/writeText':
        return `Put on the clipboard: ${quote(params.text)}`;
      case 'keystrokes/paste':
        return `Would paste: ${quote(params.text)}`;
      case 'keystrokes/pressMenuItem':
        return `Would press the menu item ${Array.isArray(params.keys) ? params.keys.join(' or ') : ''}`;
      case 'processes/terminate':
        return `Would end process ${text(params.pid)}`;
      // A plugin's plan, step by step, recorded rather than done.
      case 'plan/rename':
        return `Would rename ${text(params.from)} to ${fileName(text(params.to))}`;
      case 'plan/move':
        return `Would move ${text(params.from)} into ${folderOf(text(params.to))}`;
      case 'plan/copy':
        return `Would copy ${text(params.from)} into ${folderOf(text(params.to))}`;
      case 'plan/trash':
        return `Would move ${text(params.path)} to the trash`;
      case 'plan/mkdir':
        return `Would make the folder ${text(params.path)}`;
      default:
        return `${method} ${JSON.stringify(params)}`;
    }
  },
  resizePanel: 'Resize the simulated services',
  clipboardField: 'Clipboard',
  clipboardPut: 'Put on the clipboard',
  clipboardPutting: 'Putting…',
  clipboardEmpty: 'Nothing on the clipboard',
  toastsLabel: 'Shown on screen',
  alertSound: '♪ The alert sound',
  dismiss: 'Dismiss',
  clipboardHolds: (text) => (text === '' ? 'The clipboard holds empty text.' : `The clipboard holds ${quote(text)}.`),
  plugin: pluginEn,
  palette: paletteEn,
  language: 'Language',
  connectionFailed: 'The window could not reach the app.',
  reconnecting: 'The link to the app dropped. Reconnecting…',
  connectionClosed: 'The link to the app is closed. Reload the page once the app runs again.',
  loadFailed: (problem) => `Could not load the tools: ${problem}`,
};
