// One tool: its header with state and actions, and its sections as tabs.
import { useId, useRef, type KeyboardEvent } from 'react';
import type { EntrySummary } from '../../src-shared/host-api';
import { toolSelectors } from '../store/tools-slice';
import { toolTabsOf, uiSelectors, type ToolTab } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { nounOf, problemText, stateReasonText } from '../words/reason-code';
import type { Words } from '../words/words';
import { CommandsTab } from './CommandsTab';
import { FilesTab } from './files/FilesTab';
import { LogTab } from './LogTab';
import { SettingsTab } from './SettingsTab';
import { StateBadge } from './StateBadge';
import { TraceTab } from './TraceTab';
import { useToolText, useWords } from './use-words';

const tabTitle = (words: Words, tab: ToolTab) =>
  ({ files: words.tabFiles, commands: words.tabCommands, settings: words.tabSettings, log: words.tabLog, trace: words.tabMessages })[tab];

/** States in which there is nothing to stop. */
const stopped = new Set(['idle', 'stopped', 'stopping', 'failed', 'refused']);

export function ToolPage({ tool }: { tool: EntrySummary }) {
  const words = useWords();
  const text = useToolText();
  const tab = useAppStore(uiSelectors.shownTab);
  const toolTabs = toolTabsOf(tool);
  const selectTab = useAppStore((s) => s.selectTab);
  const action = useAppStore(toolSelectors.toolAction(tool.id));
  const restart = useAppStore((s) => s.restart);
  const stop = useAppStore((s) => s.stop);
  const askUninstall = useAppStore((s) => s.askUninstall);
  const idPrefix = useId();
  const tabsRef = useRef<HTMLDivElement>(null);
  const titleId = `${idPrefix}-title`;
  const tabId = (t: ToolTab) => `${idPrefix}-tab-${t}`;
  const panelId = `${idPrefix}-panel`;
  const busy = action?.pending !== undefined;

  const onTabKey = (event: KeyboardEvent) => {
    const index = toolTabs.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = toolTabs[(index + step + toolTabs.length) % toolTabs.length]!;
    selectTab(next);
    tabsRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next))}`)?.focus();
  };

  return (
    <section className="tool-page" aria-labelledby={titleId}>
      <header className="tool-header">
        <div className="tool-heading">
          <h1 id={titleId} className="tool-title">
            {text(tool.name)}
          </h1>
          <p className="tool-subtitle">
            {[tool.version, tool.kind === 'plugin' ? '' : text(tool.publisher)].filter((part) => part !== '').join(' · ')}
            {tool.kind === 'plugin' && <span className="tag">{words.plugin.tag}</span>}
            {tool.loadedInPlace && <span className="tag">{words.loadedInPlace}</span>}
          </p>
          <StateBadge state={tool.state} reason={stateReasonText(words, tool)} />
        </div>
        <div className="tool-actions">
          <button type="button" className="button" disabled={busy || tool.state === 'refused'} onClick={() => void restart(tool.id)}>
            {words.restart}
          </button>
          <button type="button" className="button" disabled={busy || stopped.has(tool.state)} onClick={() => void stop(tool.id)}>
            {words.stop}
          </button>
          <button type="button" className="button destructive" disabled={busy} onClick={() => askUninstall(tool.id)}>
            {words.uninstallEllipsis}
          </button>
        </div>
      </header>
      {action?.problem && (
        <p role="alert" className="problem banner">
          {problemText(words, action.problem, action.problemCode, nounOf(tool))}
        </p>
      )}
      {tool.problems && tool.problems.length > 0 && (
        <div role="alert" className="problems banner">
          <h2 className="banner-title">{words.problemsHeading}</h2>
          <ul>
            {tool.problems.map((problem, index) => (
              <li key={index}>{words.folderProblem(problem)}</li>
            ))}
          </ul>
        </div>
      )}
      {tool.warnings && tool.warnings.length > 0 && (
        <section className="warnings banner" aria-label={words.warningsHeading}>
          <h2 className="banner-title">{words.warningsHeading}</h2>
          <ul>
            {tool.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </section>
      )}
      <div ref={tabsRef} className="tabs" role="tablist" aria-label={words.toolSections} onKeyDown={onTabKey}>
        {toolTabs.map((t) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t === tab}
            aria-controls={panelId}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => selectTab(t)}
          >
            {tabTitle(words, t)}
          </button>
        ))}
      </div>
      {/* Focusable, as a tab panel should be: one that scrolls may hold nothing else the keyboard can reach. */}
      <div id={panelId} className={`tab-panel tab-panel-${tab}`} role="tabpanel" aria-labelledby={tabId(tab)} tabIndex={0}>
        {tab === 'files' && tool.kind === 'plugin' && <FilesTab tool={tool} />}
        {tab === 'commands' && tool.kind !== 'plugin' && <CommandsTab tool={tool} />}
        {tab === 'settings' && <SettingsTab tool={tool} />}
        {tab === 'log' && <LogTab toolId={tool.id} />}
        {tab === 'trace' && <TraceTab toolId={tool.id} />}
      </div>
    </section>
  );
}
