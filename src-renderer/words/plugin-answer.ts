// A plugin's answer that is not one, in the window's words: what ended it, then the plugin's own
// message (shown as it wrote it), or the host's reason when it gave one as data.
import type { PluginAnswer } from '../../src-shared/plugin-api';
import type { PlanStep } from '../../src-shared/skwir/types';
import { fileName } from '../file-path';
import { valueText } from './value-text';
import type { Words } from './words';

export type PluginFailure = Extract<PluginAnswer<unknown>, { ok: false }>;

export function pluginFailureText(words: Words, failure: PluginFailure): string {
  if (failure.outcome === 'cancelled') return words.plugin.outcomes.cancelled;
  const head = failure.malformed ? words.plugin.malformed : words.plugin.outcomes[failure.outcome];
  const known = failure.outcome === 'failed' ? undefined : failure.reasonCode && words.reason(failure.reasonCode, 'plugin');
  const why = known ?? failure.message;
  return why ? words.withDetail(head, why) : head;
}

/**
 * A field's value as a person reads it: a list joined with commas, null as nothing, true and false
 * as yes and no, a number with the language's separators (20 000 000 in French; a year stays 2024).
 */
export function fieldValueText(words: Words, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => fieldValueText(words, item)).join(', ');
  if (typeof value === 'boolean') return value ? words.plugin.yes : words.plugin.no;
  if (typeof value === 'number') return words.number(value);
  return valueText(value);
}

/** A plan's step in words, its file named from the paths the plan's call was about. */
export function planStepText(words: Words, step: PlanStep, files: readonly string[]): string {
  const name = 'file' in step ? fileName(files[step.file - 1] ?? `#${step.file}`) : '';
  switch (step.op) {
    case 'rename':
      return words.plugin.stepRename(name, step.name);
    case 'trash':
      return words.plugin.stepTrash(name);
    case 'move':
      return words.plugin.stepMove(name, step.to);
    case 'copy':
      return words.plugin.stepCopy(name, step.to);
    case 'mkdir':
      return words.plugin.stepMkdir(step.path);
  }
}
