// What the command run from the palette gave back, shown in the palette: a tool's outcome with the
// HUD text it showed; a Skwir command's `said`, its value as a tree, its text put on the clipboard,
// its plan to confirm before anything is touched, or why it failed, in words.
import { useShallow } from 'zustand/react/shallow';
import type { PaletteRun } from '../../store/palette-slice';
import { pluginCommandSelectors } from '../../store/plugin-commands-slice';
import { pluginDetails } from '../../store/plugin-serving';
import { useAppStore } from '../../store/store-context';
import { toolSelectors } from '../../store/tools-slice';
import { pluginFailureText } from '../../words/plugin-answer';
import { commandOutcomeText } from '../../words/reason-code';
import { PlanView } from '../files/PlanView';
import { useWords } from '../use-words';
import { ValueTree } from './ValueTree';

export function PaletteAnswer({ run }: { run: PaletteRun }) {
  return run.kind === 'tool' ? <ToolAnswer run={run} /> : <PluginAnswer run={run} />;
}

function ToolAnswer({ run }: { run: PaletteRun }) {
  const words = useWords();
  const outcome = useAppStore(toolSelectors.commandRun(run.entryId, run.command));
  // The HUD texts the tool showed since the command started (recorded by the test bed's services).
  const huds = useAppStore(
    useShallow((s) =>
      s.serviceCalls
        .filter((call) => call.toolId === run.entryId && call.seq > run.afterServiceCall && call.method === 'notify/hud')
        .map((call) => (typeof call.params.text === 'string' ? call.params.text : '')),
    ),
  );
  return (
    <div className="palette-answer" data-answer="tool">
      {huds.map((text, index) => (
        <p key={index} className="palette-hud">
          <span className="muted">{words.palette.hudSaid}: </span>
          {text}
        </p>
      ))}
      <p role="status" className={`outcome outcome-${outcome?.outcome ?? 'none'}`} data-outcome={outcome?.outcome}>
        {outcome && commandOutcomeText(words, outcome)}
      </p>
    </div>
  );
}

function PluginAnswer({ run }: { run: PaletteRun }) {
  const words = useWords();
  const state = useAppStore(pluginCommandSelectors.run(run.entryId, run.command));
  const canWrite = useAppStore((s) => pluginDetails(s.tools[run.entryId])?.capabilities.includes('write') ?? false);
  const call = state?.call;
  if (!call || call.status !== 'answered') {
    return (
      <p role="status" className="palette-answer muted">
        {words.palette.running}
      </p>
    );
  }
  const answer = call.answer;
  if (!answer.ok) {
    return (
      <p role="status" className="palette-answer problem" data-answer="failure">
        {pluginFailureText(words, answer)}
      </p>
    );
  }
  const shown = answer.answer;
  switch (shown.answer) {
    case 'done':
      return (
        <p role="status" className="palette-answer outcome-done" data-answer="done">
          {words.plugin.done}
        </p>
      );
    case 'value':
      return (
        <div className="palette-answer" data-answer="value">
          <p role="status" className="muted">
            {words.palette.valueHeading}
          </p>
          <ValueTree value={shown.value} label={words.plugin.value} />
        </div>
      );
    case 'text':
      return (
        <div className="palette-answer" data-answer="text" data-copied={shown.onClipboard}>
          <p role="status">{shown.onClipboard ? shown.said || words.plugin.copiedSaid : words.plugin.notCopied(shown.clipboardProblem)}</p>
          {!shown.onClipboard && <pre className="command-value">{shown.text}</pre>}
        </div>
      );
    case 'plan':
      return (
        <div className="palette-answer" data-answer="plan">
          <PlanView pluginId={run.entryId} command={run.command} plan={shown} state={state.plan ?? { status: 'shown' }} canWrite={canWrite} />
        </div>
      );
  }
}
