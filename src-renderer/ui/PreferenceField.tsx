// One titled preference as the control that fits its kind. Changes are saved as soon as the person
// commits them (Enter, leaving the field, ticking a box, picking a choice), as macOS settings are. A
// number or a link is checked as it is typed against what the manifest declares (a minimum, a
// maximum, whole numbers, a url): the reason shows beside the field, and a wrong value is never saved.
import { useEffect, useId, useRef, useState } from 'react';
import type { PreferenceInfo, PreferenceValue, ToolSummary } from '../../src-shared/host-api';
import { preferenceValueFault } from '../../src-shared/manifest/preference-value';
import { toolSelectors } from '../store/tools-slice';
import { useAppStore } from '../store/store-context';
import { problemText } from '../words/reason-code';
import { useToolText, useWords } from './use-words';

export function PreferenceField({ tool, preference }: { tool: ToolSummary; preference: PreferenceInfo }) {
  const words = useWords();
  const text = useToolText();
  const save = useAppStore(toolSelectors.preferenceSave(tool.id, preference.id));
  const setPreference = useAppStore((s) => s.setPreference);
  const [localProblem, setLocalProblem] = useState<string>();
  const id = useId();
  const statusId = `${id}-status`;
  const problemId = `${id}-problem`;
  const value = preference.id in tool.values ? tool.values[preference.id] : preference.default;
  const commit = (next: PreferenceValue) => {
    setLocalProblem(undefined);
    void setPreference(tool.id, preference.id, next);
  };
  /** What is wrong with a value typed, in the window's words, by the rules the host goes by. */
  const check = (next: PreferenceValue): string | undefined => {
    const fault = preferenceValueFault(preference, next);
    return fault && problemText(words, '', fault);
  };
  const control = {
    id,
    value: value ?? null,
    describedBy: localProblem ? `${problemId} ${statusId}` : statusId,
    invalid: localProblem !== undefined,
    commit,
    check,
    onProblem: setLocalProblem,
  };
  const refused = save?.status === 'refused' && !localProblem ? problemText(words, save.problem, save.problemCode) : undefined;

  return (
    <div className={`preference preference-${preference.kind}`} data-preference-id={preference.id}>
      {preference.kind === 'boolean' ? (
        <label className="checkbox-label">
          <input id={id} type="checkbox" checked={value === true} aria-describedby={statusId} onChange={(event) => commit(event.target.checked)} />
          {text(preference.title)}
        </label>
      ) : (
        <label htmlFor={id} className="preference-title">
          {text(preference.title)}
        </label>
      )}
      {preference.kind === 'text' && <TextControl {...control} />}
      {preference.kind === 'number' && <NumberControl {...control} notANumber={words.notANumber} bounds={preference} />}
      {preference.kind === 'secret' && <SecretControl {...control} isSet={tool.secretsSet.includes(preference.id)} />}
      {preference.kind === 'choice' && (
        <select id={id} aria-describedby={statusId} value={typeof value === 'string' ? value : ''} onChange={(event) => commit(event.target.value)}>
          {typeof value !== 'string' && <option value="">{words.noChoice}</option>}
          {(preference.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {text(option.title)}
            </option>
          ))}
        </select>
      )}
      <span id={statusId} role="status" className="preference-status">
        {save?.status === 'saving' && words.saving}
        {save?.status === 'saved' && !localProblem && words.saved}
      </span>
      {localProblem && (
        <span id={problemId} className="problem field-problem">
          {localProblem}
        </span>
      )}
      {refused && (
        <p role="alert" className="problem">
          {refused}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  value: PreferenceValue;
  describedBy: string;
  /** A value typed that would be refused: said beside the field. */
  invalid: boolean;
  commit: (value: PreferenceValue) => void;
  /** Why a value would be refused, or undefined. */
  check: (value: PreferenceValue) => string | undefined;
  onProblem: (problem: string | undefined) => void;
}

/** A text draft that follows the stored value until the person starts typing. */
function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const editingRef = useRef(false);
  useEffect(() => {
    if (!editingRef.current) setDraft(value);
  }, [value]);
  return { draft, setDraft, editingRef };
}

function TextControl({ id, value, describedBy, invalid, commit, check, onProblem }: ControlProps) {
  const stored = typeof value === 'string' ? value : '';
  const { draft, setDraft, editingRef } = useDraft(stored);
  const done = () => {
    editingRef.current = false;
    if (draft === stored) return onProblem(undefined);
    const problem = check(draft);
    if (problem) return onProblem(problem);
    commit(draft);
  };
  return (
    <input
      id={id}
      type="text"
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={draft}
      onFocus={() => (editingRef.current = true)}
      onChange={(event) => {
        setDraft(event.target.value);
        onProblem(check(event.target.value));
      }}
      onBlur={done}
      onKeyDown={(event) => event.key === 'Enter' && done()}
    />
  );
}

function NumberControl({
  id,
  value,
  describedBy,
  invalid,
  commit,
  check,
  onProblem,
  notANumber,
  bounds,
}: ControlProps & { notANumber: string; bounds: Pick<PreferenceInfo, 'minimum' | 'maximum' | 'whole'> }) {
  const stored = typeof value === 'number' ? String(value) : '';
  const { draft, setDraft, editingRef } = useDraft(stored);
  const problemOf = (typed: string) => {
    const number = Number(typed);
    return typed.trim() === '' || !Number.isFinite(number) ? notANumber : check(number);
  };
  const done = () => {
    editingRef.current = false;
    if (draft.trim() === stored) return onProblem(undefined);
    const problem = problemOf(draft);
    if (problem) return onProblem(problem);
    commit(Number(draft));
  };
  return (
    <input
      id={id}
      type="number"
      inputMode={bounds.whole ? 'numeric' : 'decimal'}
      min={bounds.minimum}
      max={bounds.maximum}
      step={bounds.whole ? 1 : 'any'}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={draft}
      onFocus={() => (editingRef.current = true)}
      onChange={(event) => {
        setDraft(event.target.value);
        onProblem(event.target.value.trim() === '' ? undefined : problemOf(event.target.value));
      }}
      onBlur={done}
      onKeyDown={(event) => event.key === 'Enter' && done()}
    />
  );
}

/** The host never sends a secret's value: the field only says whether one is set, and takes a new one. */
function SecretControl({ id, describedBy, commit, isSet }: ControlProps & { isSet: boolean }) {
  const words = useWords();
  const [draft, setDraft] = useState('');
  const done = () => {
    if (draft === '') return;
    commit(draft);
    setDraft('');
  };
  const stateId = `${id}-set`;
  return (
    <div className="secret">
      <input
        id={id}
        type="password"
        autoComplete="off"
        aria-describedby={`${stateId} ${describedBy}`}
        placeholder={isSet ? words.secretPlaceholderSet : words.secretPlaceholderNotSet}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={done}
        onKeyDown={(event) => event.key === 'Enter' && done()}
      />
      <span id={stateId} className={`secret-state ${isSet ? 'is-set' : 'not-set'}`}>
        {isSet ? words.secretSet : words.secretNotSet}
      </span>
      {isSet && (
        <button type="button" className="button small" onClick={() => commit(null)}>
          {words.removeSecret}
        </button>
      )}
    </div>
  );
}
