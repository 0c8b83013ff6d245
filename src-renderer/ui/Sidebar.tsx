// The source list of installed tools: arrow keys move the selection, as in a macOS sidebar. Entries
// that share a name (two refused folders, a tool and a plugin) each show as much of their folder as
// tells them apart.
import { memo, useId, useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EntrySummary } from '../../src-shared/host-api';
import { distinctNames } from '../file-path';
import { toolSelectors } from '../store/tools-slice';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { stateReasonText } from '../words/reason-code';
import { LanguagePicker } from './LanguagePicker';
import { PaletteShortcut } from './palette/CommandShortcuts';
import { StateDot } from './StateBadge';
import { useToolText, useWords } from './use-words';

/** Above this many tools the sidebar offers a filter field. */
const filterFrom = 8;

export function Sidebar() {
  const words = useWords();
  const text = useToolText();
  const tools = useAppStore(useShallow(toolSelectors.toolList));
  const selectedId = useAppStore(uiSelectors.selectedToolId);
  const filter = useAppStore(uiSelectors.sidebarFilter);
  const { selectTool, setSidebarFilter, openInstallDialog } = useAppStore(
    useShallow((s) => ({ selectTool: s.selectTool, setSidebarFilter: s.setSidebarFilter, openInstallDialog: s.openInstallDialog })),
  );
  const listRef = useRef<HTMLUListElement>(null);
  const idPrefix = useId();

  const folders = sharedNameFolders(tools, text);
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? tools : tools.filter((tool) => text(tool.name).toLowerCase().includes(needle) || tool.id.includes(needle));
  const focusIndex = Math.max(
    0,
    shown.findIndex((tool) => tool.id === selectedId),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // Move from the option that has focus, which a click elsewhere may have left apart from the selection.
    const focusedId = (event.target as HTMLElement).closest<HTMLElement>('[data-tool-id]')?.dataset.toolId;
    const from =
      focusedId === undefined
        ? focusIndex
        : Math.max(
            0,
            shown.findIndex((tool) => tool.id === focusedId),
          );
    const moves: Record<string, number> = { ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: shown.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tool = shown[Math.min(Math.max(target, 0), shown.length - 1)];
    if (!tool) return;
    selectTool(tool.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tool-id="${CSS.escape(tool.id)}"]`)?.focus();
  };

  return (
    <aside className="sidebar" aria-label={words.toolsHeading}>
      <div className="sidebar-header">
        <h2 className="sidebar-title">{words.toolsHeading}</h2>
        <button type="button" className="button" onClick={() => openInstallDialog()}>
          {words.install}
        </button>
      </div>
      {tools.length >= filterFrom && (
        <input
          type="search"
          className="sidebar-filter"
          aria-label={words.filterTools}
          placeholder={words.filterTools}
          value={filter}
          onChange={(event) => setSidebarFilter(event.target.value)}
        />
      )}
      <ul ref={listRef} className="tool-list" role="listbox" aria-label={words.installedTools} onKeyDown={onKeyDown}>
        {shown.map((tool, index) => (
          <ToolListItem
            key={tool.id}
            tool={tool}
            folder={folders.get(tool.id)}
            selected={tool.id === selectedId}
            tabbable={index === focusIndex}
            stateId={`${idPrefix}-${index}`}
            onSelect={selectTool}
          />
        ))}
      </ul>
      {shown.length === 0 && needle !== '' && <p className="sidebar-note">{words.noToolMatches(filter)}</p>}
      <div className="sidebar-footer">
        <span className="sidebar-count">{words.toolCount(tools.length)}</span>
        <LanguagePicker />
        <PaletteShortcut />
      </div>
    </aside>
  );
}

/** For each entry whose name another entry shares: the part of its folder that tells it from them. */
function sharedNameFolders(tools: readonly EntrySummary[], text: (name: EntrySummary['name']) => string): Map<string, string> {
  const byName = new Map<string, EntrySummary[]>();
  for (const tool of tools) byName.set(text(tool.name), [...(byName.get(text(tool.name)) ?? []), tool]);
  const folders = new Map<string, string>();
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const shown = distinctNames(same.map((tool) => tool.folder));
    for (const tool of same) folders.set(tool.id, shown.get(tool.folder) ?? tool.folder);
  }
  return folders;
}

const ToolListItem = memo(function ToolListItem(props: {
  tool: EntrySummary;
  /** Shown when another entry has the same name. */
  folder: string | undefined;
  selected: boolean;
  tabbable: boolean;
  stateId: string;
  onSelect(toolId: string): void;
}) {
  const words = useWords();
  const text = useToolText();
  const { tool } = props;
  const name = text(tool.name);
  const reason = stateReasonText(words, tool);
  return (
    <li
      role="option"
      className="tool-item"
      aria-selected={props.selected}
      aria-label={name}
      aria-describedby={[tool.kind === 'plugin' ? `${props.stateId}-kind` : '', props.folder !== undefined ? `${props.stateId}-folder` : '', props.stateId]
        .filter(Boolean)
        .join(' ')}
      tabIndex={props.tabbable ? 0 : -1}
      data-tool-id={tool.id}
      data-state={tool.state}
      onClick={() => props.onSelect(tool.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          props.onSelect(tool.id);
        }
      }}
    >
      <StateDot state={tool.state} />
      <span className="tool-item-text">
        <span className="tool-item-line">
          <span className="tool-item-name" title={name}>
            {name}
          </span>
          {tool.kind === 'plugin' && (
            <span className="tag plugin-tag" id={`${props.stateId}-kind`}>
              {words.plugin.tag}
            </span>
          )}
        </span>
        {/* Under the name, where it does not take the name's room: the folder telling twins apart. */}
        {props.folder !== undefined && (
          <span className="tool-item-folder" id={`${props.stateId}-folder`} title={tool.folder}>
            {props.folder}
          </span>
        )}
        <span className="tool-item-state" id={props.stateId} title={reason}>
          {words.states[tool.state]}
          {reason ? ` · ${reason}` : ''}
        </span>
      </span>
    </li>
  );
});
