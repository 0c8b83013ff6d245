// A tool's or plugin's commands in its Settings, each with a field that takes a global shortcut by
// pressing it: the keys pressed become the shortcut (Backspace or Delete alone takes it away), and
// the host's refusal (taken by another app, not a shortcut) shows beside it in words. Tab and
// Shift+Tab move on as usual, so the fields are reached with the keyboard alone.
import { useId, useState, type KeyboardEvent } from 'react';
import { acceleratorOf, acceleratorProblem, acceleratorText } from '../../../src-shared/accelerator';
import { APP_ENTRY_ID, PALETTE_COMMAND } from '../../../src-shared/app-commands';
import type { EntrySummary, LocalizedText } from '../../../src-shared/host-api';
import { paletteSelectors } from '../../store/palette-slice';
import { useAppStore } from '../../store/store-context';
import { useToolText, useWords } from '../use-words';
import { onMac } from './use-palette-key';

/** The commands of an entry, by id and title. */
const commandsOf = (entry: EntrySummary): { id: string; title: LocalizedText }[] =>
  entry.kind === 'tool'
    ? entry.commands.map((c) => ({ id: c.id, title: c.title }))
    : entry.plugin.commands.map((c) => ({ id: c.name, title: { en: c.title } }));

export function CommandShortcuts({ entry }: { entry: EntrySummary }) {
  const words = useWords();
  const text = useToolText();
  const headingId = useId();
  const commands = commandsOf(entry);
  if (commands.length === 0) return null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {words.palette.shortcutsHeading}
      </h2>
      <p className="muted">{words.palette.shortcutsHelp}</p>
      <ul className="command-shortcuts" aria-label={words.palette.shortcutsHeading}>
        {commands.map((command) => (
          <ShortcutField key={command.id} entryId={entry.id} command={command.id} label={words.palette.shortcutFor(text(command.title))} />
        ))}
      </ul>
    </section>
  );
}

type Saving = { status: 'saving' } | { status: 'saved' } | { status: 'refused'; problem: string };

/** The app's own shortcut, the palette's: beside the language, since it belongs to no tool. */
export function PaletteShortcut() {
  const words = useWords();
  return (
    <ul className="command-shortcuts palette-shortcut" aria-label={words.palette.shortcutsHeading}>
      <ShortcutField entryId={APP_ENTRY_ID} command={PALETTE_COMMAND} label={words.palette.paletteShortcut} removable={false} />
    </ul>
  );
}

function ShortcutField({ entryId, command, label, removable = true }: { entryId: string; command: string; label: string; removable?: boolean }) {
  const words = useWords();
  const shortcut = useAppStore(paletteSelectors.shortcutOf(entryId, command));
  const setShortcut = useAppStore((s) => s.setCommandShortcut);
  const [saving, setSaving] = useState<Saving>();
  const fieldId = useId();
  const statusId = useId();
  const mac = onMac();

  const save = async (accelerator: string | null) => {
    setSaving({ status: 'saving' });
    const verdict = await setShortcut(entryId, command, accelerator);
    setSaving(verdict.ok ? { status: 'saved' } : { status: 'refused', problem: words.palette.refusal(verdict.refusal) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const bare = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key === 'Tab' && bare) return;
    event.preventDefault();
    if (bare && !event.shiftKey && (event.key === 'Backspace' || event.key === 'Delete')) return void save(null);
    if (bare && !event.shiftKey && event.key === 'Escape') return event.currentTarget.blur();
    const accelerator = acceleratorOf(event.nativeEvent, mac);
    // Modifiers alone: the person is still pressing the keys.
    if (!accelerator) return;
    if (acceleratorProblem(accelerator))
      return setSaving({ status: 'refused', problem: words.palette.refusal({ code: 'invalid', accelerator: acceleratorText(accelerator, mac) }) });
    void save(accelerator);
  };

  const status =
    saving?.status === 'refused'
      ? saving.problem
      : saving?.status === 'saved'
        ? words.palette.shortcutSaved
        : shortcut && !shortcut.registered
          ? words.palette.notRegistered
          : '';
  return (
    <li className="command-shortcut" data-command={command}>
      <label htmlFor={fieldId}>{label}</label>
      <input
        id={fieldId}
        type="text"
        readOnly
        className="shortcut-field"
        value={shortcut ? acceleratorText(shortcut.accelerator, mac) : ''}
        placeholder={words.palette.noShortcut}
        aria-describedby={statusId}
        data-accelerator={shortcut?.accelerator}
        onKeyDown={onKeyDown}
      />
      {shortcut && removable && (
        <button type="button" className="button small" onClick={() => void save(null)}>
          {words.palette.removeShortcut}
        </button>
      )}
      <span id={statusId} role="status" className={saving?.status === 'refused' || (shortcut && !shortcut.registered) ? 'problem' : 'muted'}>
        {status}
      </span>
    </li>
  );
}
