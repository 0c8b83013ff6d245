// The command palette: a dialog holding a combobox over a listbox of every command (cmdk), each
// with its tool's or plugin's name, filtered by a fuzzy match and ranked by the person's use. A
// command that cannot run now is dimmed with why. Enter runs; the answer shows below the list;
// Escape, a click outside, or the window losing focus closes it.
import { Command, defaultFilter } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pickText } from '../../../src-shared/text';
import { languageSelectors } from '../../store/language-slice';
import { paletteCommands, paletteScore, type PaletteCommand } from '../../store/palette-commands';
import { useAppStore } from '../../store/store-context';
import { toolSelectors } from '../../store/tools-slice';
import { Dialog } from '../Dialog';
import { useWords } from '../use-words';
import { useActiveDescendant } from './active-descendant';
import { PaletteAnswer } from './PaletteAnswer';
import { PaletteFiles } from './PaletteFiles';
import './palette.css';

/** cmdk's value of an item: unique, and free of the characters cmdk trims. */
const itemValue = (command: PaletteCommand) => `${command.entryId} ${command.command}`;

export function Palette() {
  const open = useAppStore((s) => s.paletteOpen);
  return open ? <PaletteDialog /> : null;
}

function PaletteDialog() {
  const words = useWords();
  const language = useAppStore(languageSelectors.language);
  const tools = useAppStore(toolSelectors.toolList);
  const usage = useAppStore((s) => s.paletteUsage);
  const openedAt = useAppStore((s) => s.paletteOpenedAt);
  const files = useAppStore((s) => s.paletteFiles);
  const run = useAppStore((s) => s.paletteRun);
  const pending = useAppStore((s) => s.palettePending);
  const selectionRead = useAppStore((s) => s.paletteSelection !== undefined);
  const close = useAppStore((s) => s.closePalette);
  const runFromPalette = useAppStore((s) => s.runFromPalette);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useActiveDescendant(root);
  const [search, setSearch] = useState('');
  const commands = useMemo(() => paletteCommands(tools, files, usage, openedAt), [tools, files, usage, openedAt]);
  const byValue = useMemo(() => new Map(commands.map((command) => [itemValue(command), command])), [commands]);
  const text = (command: PaletteCommand) => `${pickText(command.title, language)} ${pickText(command.entryName, language)}`;

  // A shortcut pressed opens the palette to run its command, once the selection is read.
  useEffect(() => {
    if (!pending || !selectionRead) return;
    const command = commands.find((c) => c.entryId === pending.entryId && c.command === pending.command);
    if (command) void runFromPalette(command);
  }, [pending, selectionRead, commands, runFromPalette]);

  // The palette is a moment's tool: when the window loses focus it goes, as a menu does.
  useEffect(() => {
    const onBlur = () => {
      if (!document.querySelector('[data-choosing-files="true"]')) close();
    };
    // Escape closes it even when focus left it (the plan's confirmation took it, then closed with
    // its button gone); a confirmation open above it takes its own Escape first.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[role="alertdialog"]')) close();
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [close]);

  return (
    <Dialog title={words.palette.title} onCancel={close} initialFocus={input}>
      <Command
        ref={root}
        className="palette"
        label={words.palette.search}
        loop
        filter={(value, typed) => {
          const command = byValue.get(value);
          return command ? paletteScore(defaultFilter(text(command), typed), command.weight) : 0;
        }}
      >
        <Command.Input ref={input} value={search} onValueChange={setSearch} placeholder={words.palette.placeholder} aria-label={words.palette.search} />
        <Command.List className="palette-list" label={words.palette.commands}>
          <Command.Empty className="palette-empty">{tools.length === 0 ? words.palette.noCommands : words.palette.noMatch}</Command.Empty>
          {commands.map((command) => (
            <Command.Item
              key={command.key}
              value={itemValue(command)}
              disabled={command.held !== undefined}
              onSelect={() => void runFromPalette(command)}
              className="palette-item"
              data-command={command.command}
              data-entry={command.entryId}
            >
              <span className="palette-item-title">{pickText(command.title, language)}</span>
              <span className="palette-item-entry">{words.palette.of(pickText(command.entryName, language))}</span>
              {command.held && <span className="palette-item-held">{words.palette.held[command.held]}</span>}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
      <PaletteFiles />
      {run && <PaletteAnswer key={run.key} run={run} />}
    </Dialog>
  );
}
