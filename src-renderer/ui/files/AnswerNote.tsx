import type { PluginAnswer } from '../../../src-shared/plugin-api';
import { useWords } from '../use-words';

/** How an answer came: from the plugin in so many milliseconds, or from the cache without asking it. */
export function AnswerNote({ answer }: { answer: Extract<PluginAnswer<unknown>, { ok: true }> }) {
  const words = useWords();
  return (
    <p className="answer-note muted" data-cached={answer.cached}>
      {answer.cached ? words.plugin.fromCache : words.plugin.answeredIn(answer.ms)}
    </p>
  );
}
