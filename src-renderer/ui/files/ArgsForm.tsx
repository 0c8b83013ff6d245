// A command's args as a form (command-args.ts): each field by its kind, required ones marked, the
// defaults filled, and each field's problem under it in the window's words.
import { useId, useState, type FormEvent } from 'react';
import type { Words } from '../../words/words';
import { useWords } from '../use-words';
import { argsFromDraft, argsIntro, initialDraft, type ArgField, type ArgProblem } from './command-args';

function problemText(words: Words, problem: ArgProblem): string {
  switch (problem.code) {
    case 'required':
      return words.plugin.argRequired;
    case 'notANumber':
      return words.plugin.argNotANumber;
    case 'notWhole':
      return words.plugin.argNotWhole;
    case 'atLeast':
      return words.plugin.argAtLeast(problem.limit);
    case 'atMost':
      return words.plugin.argAtMost(problem.limit);
    case 'tooShort':
      return words.plugin.argTooShort(problem.limit);
    case 'tooLong':
      return words.plugin.argTooLong(problem.limit);
    case 'notJson':
      return words.plugin.argNotJson;
  }
}

export function ArgsForm(props: {
  title: string;
  schema: Record<string, unknown> | undefined;
  fields: ArgField[];
  running: boolean;
  onRun(args: unknown): void;
  /** Close, or Escape in the form: the command's button opens it again. */
  onClose(): void;
}) {
  const words = useWords();
  const [draft, setDraft] = useState(() => initialDraft(props.schema, props.fields));
  const [problems, setProblems] = useState<Record<string, ArgProblem>>({});
  const idPrefix = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = argsFromDraft(props.schema, props.fields, draft);
    setProblems(read.ok ? {} : read.problems);
    if (read.ok) props.onRun(read.args);
  };
  const intro = argsIntro(props.schema);
  return (
    <form
      className="args-form"
      aria-label={props.title}
      onSubmit={submit}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          props.onClose();
        }
      }}
    >
      {intro && <p className="hint args-intro">{intro}</p>}
      {props.fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const problem = problems[field.name];
        const described = [field.description ? `${id}-about` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
        const set = (value: string | boolean) => setDraft((now) => ({ ...now, [field.name]: value }));
        const typed = draft[field.name];
        return (
          <div key={field.name} className={`arg-field arg-${field.kind}`} data-arg={field.name}>
            {field.kind === 'boolean' ? (
              <label className="checkbox-label">
                <input type="checkbox" checked={typed === true} aria-describedby={described} onChange={(event) => set(event.target.checked)} />
                {field.label}
              </label>
            ) : (
              <>
                <label htmlFor={id} className="arg-label">
                  {field.label}
                  {field.required && <span className="arg-required"> ({words.plugin.required})</span>}
                </label>
                {field.kind === 'choice' ? (
                  <select
                    id={id}
                    value={String(typed ?? '')}
                    aria-describedby={described}
                    aria-required={field.required}
                    onChange={(event) => set(event.target.value)}
                  >
                    {!field.required && <option value="">{words.noChoice}</option>}
                    {field.options.map((option, index) => (
                      <option key={index} value={String(index)}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    type="text"
                    inputMode={field.kind === 'number' || field.kind === 'integer' ? 'decimal' : undefined}
                    className={field.kind === 'json' ? 'arg-json' : undefined}
                    value={String(typed ?? '')}
                    aria-required={field.required}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={described}
                    onChange={(event) => set(event.target.value)}
                  />
                )}
              </>
            )}
            {field.description && (
              <span id={`${id}-about`} className="hint">
                {field.description}
              </span>
            )}
            {problem && (
              <span id={`${id}-problem`} className="problem arg-problem">
                {problemText(words, problem)}
              </span>
            )}
          </div>
        );
      })}
      <div className="args-buttons">
        <button type="submit" className="button primary" disabled={props.running}>
          {words.plugin.run}
        </button>
        <button type="button" className="button" onClick={() => props.onClose()}>
          {words.plugin.closeForm}
        </button>
      </div>
    </form>
  );
}
