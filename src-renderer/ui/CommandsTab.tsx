import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CommandInfo, ToolSummary } from '../../src-shared/host-api';
import { isMenubarOnly, toolSelectors } from '../store/tools-slice';
import { useAppStore } from '../store/store-context';
import { commandOutcomeText } from '../words/reason-code';
import { EmptyState } from './EmptyState';
import { useToolText, useWords } from './use-words';

export function CommandsTab({ tool }: { tool: ToolSummary }) {
  const words = useWords();
  const commands = useAppStore(useShallow(toolSelectors.commands(tool.id)));
  const held = useAppStore(toolSelectors.commandsHeld(tool.id));
  const heldId = useId();
  if (commands.length === 0) return <EmptyState>{words.noCommands}</EmptyState>;
  return (
    <div className="commands-tab">
      {held && (
        <p id={heldId} className="commands-held" data-held={held}>
          {words.commandsHeld[held]}
        </p>
      )}
      <ul className="commands" aria-label={words.commandsHeading}>
        {commands.map((command) => (
          <CommandRow key={command.id} toolId={tool.id} command={command} heldId={held ? heldId : undefined} />
        ))}
      </ul>
    </div>
  );
}

/** heldId: the note saying why no command can run now, which each button points to. */
function CommandRow({ toolId, command, heldId }: { toolId: string; command: CommandInfo; heldId?: string }) {
  const words = useWords();
  const text = useToolText();
  const runnable = useAppStore(toolSelectors.isRunnable(toolId, command.id));
  const fromWindow = useAppStore(toolSelectors.runsFromWindow(toolId, command.id));
  const menubarOnly = isMenubarOnly(command);
  const run = useAppStore(toolSelectors.commandRun(toolId, command.id));
  const did = useAppStore(useShallow(toolSelectors.commandRunCalls(toolId, command.id)));
  const runCommand = useAppStore((s) => s.runCommand);
  const title = text(command.title);
  const running = run?.outcome === 'running';
  // The list's item holds the group: a list item may not be a group itself.
  return (
    <li>
      <div className="command" role="group" aria-label={title} data-command-id={command.id}>
        <button
          type="button"
          className="button command-button"
          disabled={!runnable || running || !fromWindow}
          aria-describedby={heldId}
          onClick={() => void runCommand(toolId, command.id)}
        >
          {title}
        </button>
        {menubarOnly && (
          <span className="tag surface-tag" title={words.menubarOnlyNote}>
            {words.menubarOnly}
          </span>
        )}
        {!fromWindow && <span className="hint">{words.runFromMenubar}</span>}
        {fromWindow && !runnable && !heldId && <span className="hint">{words.notRunnableNow}</span>}
        <span role="status" className={`outcome outcome-${run?.outcome ?? 'none'}`} data-outcome={run?.outcome}>
          {run && commandOutcomeText(words, run)}
          {/* What it asked of the services, said where it was run: a HUD's text, what it pasted. */}
          {run &&
            did.map((call) => (
              <span key={call.seq} className="command-did muted">
                {' · '}
                {words.serviceCall(call.method, call.params, call.result)}
              </span>
            ))}
        </span>
      </div>
    </li>
  );
}
