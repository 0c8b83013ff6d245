// One titled preference as the control that fits its kind. Changes are saved as soon as the person
// commits them (Enter, leaving the field, ticking a box, picking a choice), as macOS settings are.
import { useEffect, useId, useRef, useState } from 'react';
import type { PreferenceInfo, PreferenceValue, ToolSummary } from '../../src-shared/host-api';
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
  const value = preference.id in tool.values ? tool.values[preference.id] : preference.default;
  const commit = (next: PreferenceValue) => {
    setLocalProblem(undefined);
    void setPreference(tool.id, preference.id, next);
  };
  const control = { id, value: value ?? null, describedBy: statusId, commit, onProblem: setLocalProblem };
  const problem = localProblem ?? (save?.status === 'refused' ? problemText(words, save.problem, save.problemCode) : undefined);

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
      {preference.kind === 'number' && <NumberControl {...control} notANumber={words.notANumber} />}
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
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  value: PreferenceValue;
  describedBy: string;
  commit: (value: PreferenceValue) => void;
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

function TextControl({ id, value, describedBy, commit }: ControlProps) {
  const stored = typeof value === 'string' ? value : '';
  const { draft, setDraft, editingRef } = useDraft(stored);
  const done = () => {
    editingRef.current = false;
    if (draft !== stored) commit(draft);
  };
  return (
    <input
      id={id}
      type="text"
      aria-describedby={describedBy}
      value={draft}
      onFocus={() => (editingRef.current = true)}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={done}
      onKeyDown={(event) => event.key === 'Enter' && done()}
    />
  );
}

function NumberControl({ id, value, describedBy, commit, onProblem, notANumber }: ControlProps & { notANumber: string }) {
  const stored = typeof value === 'number' ? String(value) : '';
  const { draft, setDraft, editingRef } = useDraft(stored);
  const done = () => {
    editingRef.current = false;
    if (draft.trim() === stored) return;
    const number = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(number)) return onProblem(notANumber);
    commit(number);
  };
  return (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      aria-describedby={describedBy}
      value={draft}
      onFocus={() => (editingRef.current = true)}
      onChange={(event) => setDraft(event.target.value)}
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
