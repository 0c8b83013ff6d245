// The plugin's commands that serve every chosen file, each a button; one whose args schema has
// properties opens its form first. The answer shows under it (CommandAnswer).
import { useId, useMemo } from 'react';
import type { PluginDetails } from '../../../src-shared/host-api';
import { pluginCommandSelectors } from '../../store/plugin-commands-slice';
import { pluginFileSelectors } from '../../store/plugin-files-selectors';
import { commandsServing } from '../../store/plugin-serving';
import { useAppStore } from '../../store/store-context';
import { fileName } from '../../file-path';
import { useWords } from '../use-words';
import { ArgsForm } from './ArgsForm';
import { CallProgress } from './CallProgress';
import { argFields } from './command-args';
import { CommandAnswer } from './CommandAnswer';

type Command = PluginDetails['commands'][number];

export function PluginCommands({ pluginId, details }: { pluginId: string; details: PluginDetails }) {
  const words = useWords();
  const chosen = useAppStore(pluginFileSelectors.chosenPaths(pluginId));
  const headingId = useId();
  if (details.commands.length === 0) return null;
  const commands = commandsServing(details, chosen);
  return (
    <section className="plugin-commands" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {words.plugin.commandsHeading}
      </h2>
      <p className="muted">
        {chosen.length === 0 ? words.plugin.chooseForCommands : commands.length === 0 ? words.plugin.noCommandServes : words.plugin.commandsFor(chosen.length)}
      </p>
      {commands.length > 0 && (
        <ul className="plugin-command-list">
          {commands.map((command) => (
            <PluginCommand key={command.name} pluginId={pluginId} command={command} paths={chosen} canWrite={details.capabilities.includes('write')} />
          ))}
        </ul>
      )}
    </section>
  );
}

const samePaths = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((path, index) => path === b[index]);

function PluginCommand(props: { pluginId: string; command: Command; paths: string[]; canWrite: boolean }) {
  const { pluginId, command, paths } = props;
  const words = useWords();
  const run = useAppStore(pluginCommandSelectors.run(pluginId, command.name));
  const runPluginCommand = useAppStore((s) => s.runPluginCommand);
  const cancel = useAppStore((s) => s.cancelPluginCall);
  const fields = useMemo(() => argFields(command.args), [command.args]);
  // Kept in the store: the form stays open while other files are chosen, until the person closes it.
  const formOpen = useAppStore(pluginCommandSelectors.formOpen(pluginId, command.name));
  const setFormOpen = useAppStore((s) => s.setArgsFormOpen);
  const call = run?.call;
  const running = call?.status === 'running';
  const start = (args: unknown) => void runPluginCommand(pluginId, command.name, args, paths);
  // Without properties to fill, the args are {} for an object schema and absent without a schema.
  const bare = command.args ? {} : undefined;
  // The list's item holds the group: a list item may not be a group itself.
  return (
    <li>
      <div className="plugin-command" role="group" aria-label={command.title} data-command={command.name}>
        <div className="plugin-command-head">
          <button
            type="button"
            className="button command-button"
            aria-expanded={fields.length > 0 ? formOpen : undefined}
            disabled={running && fields.length === 0}
            onClick={() => (fields.length > 0 ? setFormOpen(pluginId, command.name, !formOpen) : start(bare))}
          >
            {command.title}
          </button>
          {call?.status === 'running' && (
            <CallProgress key={call.callId} callId={call.callId} pluginId={pluginId} startedAt={call.startedAt} onCancel={() => void cancel(call.callId)} />
          )}
        </div>
        {fields.length > 0 && formOpen && (
          <ArgsForm
            title={command.title}
            schema={command.args}
            fields={fields}
            running={running}
            onRun={start}
            onClose={() => setFormOpen(pluginId, command.name, false)}
          />
        )}
        {run && !samePaths(run.paths, paths) && <p className="muted ran-on">{words.plugin.ranOn(run.paths.map(fileName).join(', '))}</p>}
        {run && <CommandAnswer pluginId={pluginId} command={command.name} run={run} canWrite={props.canWrite} />}
      </div>
    </li>
  );
}
