// What a plugin's command gave back, shown where it was run (the Files tab, the palette): done; a
// value as a tree; text put on the clipboard with what the plugin said, or shown when it could not
// be; a plan to confirm before anything is touched; or why it failed, in words.
import type { PluginCommandRun } from '../../store/plugin-commands-slice';
import { pluginFailureText } from '../../words/plugin-answer';
import { useWords } from '../use-words';
import { PlanView } from './PlanView';
import { ValueTree } from './ValueTree';

export function CommandAnswer(props: {
  pluginId: string;
  command: string;
  run: PluginCommandRun;
  canWrite: boolean;
  /** Said above a value, as news: the palette shows the answer in place of the list it came from. */
  valueHeading?: string;
}) {
  const words = useWords();
  const { call } = props.run;
  if (call.status !== 'answered') return null;
  const answer = call.answer;
  if (!answer.ok) {
    return (
      <p role="status" className="command-answer problem" data-answer="failure">
        {pluginFailureText(words, answer)}
      </p>
    );
  }
  const shown = answer.answer;
  switch (shown.answer) {
    case 'done':
      return (
        <p role="status" className="command-answer outcome-done" data-answer="done">
          {words.plugin.done}
        </p>
      );
    case 'value':
      return (
        <div className="command-answer" data-answer="value">
          {props.valueHeading && (
            <p role="status" className="muted">
              {props.valueHeading}
            </p>
          )}
          <ValueTree value={shown.value} label={words.plugin.value} />
        </div>
      );
    case 'text':
      return (
        <div className="command-answer" data-answer="text" data-copied={shown.onClipboard}>
          <p role="status">
            {shown.onClipboard ? shown.said || words.plugin.copiedSaid : words.plugin.notCopied(shown.clipboardProblem)}
            {shown.onClipboard && shown.said ? <span className="muted"> · {words.plugin.copiedSaid}</span> : null}
          </p>
          {!shown.onClipboard && <pre className="command-value">{shown.text}</pre>}
        </div>
      );
    case 'plan':
      return (
        <div className="command-answer" data-answer="plan">
          <PlanView pluginId={props.pluginId} command={props.command} plan={shown} state={props.run.plan ?? { status: 'shown' }} canWrite={props.canWrite} />
        </div>
      );
  }
}
