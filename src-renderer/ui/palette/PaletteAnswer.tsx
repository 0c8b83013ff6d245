// What the command run from the palette gave back, shown in the palette: a tool's outcome with the
// HUD text it showed; a Skwir command's answer as the Files tab shows it (CommandAnswer).
import { useShallow } from 'zustand/react/shallow';
import type { PaletteRun } from '../../store/palette-slice';
import { pluginCommandSelectors } from '../../store/plugin-commands-slice';
import { pluginDetails } from '../../store/plugin-serving';
import { useAppStore } from '../../store/store-context';
import { toolSelectors } from '../../store/tools-slice';
import { commandOutcomeText } from '../../words/reason-code';
import { CommandAnswer } from '../files/CommandAnswer';
import { useWords } from '../use-words';

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
  if (!state || state.call.status !== 'answered') {
    return (
      <p role="status" className="palette-answer muted">
        {words.palette.running}
      </p>
    );
  }
  return (
    <div className="palette-answer">
      <CommandAnswer pluginId={run.entryId} command={run.command} run={state} canWrite={canWrite} valueHeading={words.palette.valueHeading} />
    </div>
  );
}
