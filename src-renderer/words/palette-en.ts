import { countIn } from '../../src-shared/plural';
import type { PaletteWords } from './palette-words';

export const paletteEn: PaletteWords = {
  title: 'Command palette',
  search: 'Search commands',
  placeholder: 'Type a command…',
  commands: 'Commands',
  noMatch: 'No command matches.',
  noCommands: 'No command to run yet: install a tool or a plugin.',
  of: (entry) => entry,
  held: {
    notRunnable: 'Cannot run now: the tool says so',
    toolDown: 'The tool is not running',
  },
  selection: (count) => `Plugin commands act on ${countIn('en', count, 'selected file', 'selected files')}`,
  readingSelection: 'Reading the selected files…',
  noSelection: 'No file is selected: select files to see the plugins’ commands for them.',
  dropOrChoose: 'Drop files here or choose them to see the plugins’ commands for them.',
  chooseFiles: 'Choose files',
  permission: (problem) => `The selected files cannot be read: ${problem}`,
  running: 'Running…',
  hudSaid: 'The tool showed',
  valueHeading: 'The answer',
  openHint: 'Ctrl+K opens the command palette',
  selectionField: 'Selected files, as in the Finder (a path a line)',
  selectionSet: 'Select',
  selectionHolds: (count) => (count === 0 ? 'No file is selected.' : `${countIn('en', count, 'file is', 'files are')} selected.`),
  shortcutsHeading: 'Shortcuts',
  shortcutsHelp: 'Give a command a shortcut that runs it from any app: focus its field and press the keys.',
  shortcutFor: (command) => `Shortcut for ${command}`,
  pressShortcut: 'Press the keys…',
  noShortcut: 'None',
  removeShortcut: 'Remove',
  shortcutSaved: 'Saved',
  notRegistered: 'Another app holds it now: choose another',
  paletteShortcut: 'Shortcut to open the command palette',
  refusal: (refusal) => {
    switch (refusal.code) {
      case 'taken':
        return `${refusal.accelerator} is taken by the system or another app: choose another.`;
      case 'invalid':
        return `${refusal.accelerator || 'That'} is not a shortcut: add Ctrl, Alt or Cmd to a key, or use a function key.`;
      case 'usedByCommand':
        return `${refusal.accelerator} is already another command’s shortcut.`;
      case 'notInstalled':
        return 'This tool is not installed any more.';
      case 'unknownCommand':
        return 'This tool has no such command any more.';
      case 'needed':
        return 'The palette keeps a shortcut, or nothing would open it: press another to change it.';
    }
  },
};
