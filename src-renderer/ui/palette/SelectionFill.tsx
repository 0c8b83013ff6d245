// The test bed's simulated selection of files, as the person would select them in the Finder: the
// palette's Skwir commands act on it. One path a line.
import { useId, useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/store-context';
import { useWords } from '../use-words';

type Fill = { status: 'setting' } | { status: 'set'; count: number } | { status: 'refused'; problem: string };

export function SelectionFill() {
  const words = useWords();
  const setSelection = useAppStore((s) => s.setSimulatedSelection);
  const [draft, setDraft] = useState('');
  const [fill, setFill] = useState<Fill>();
  const fieldId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const paths = draft
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    setFill({ status: 'setting' });
    const result = await setSelection(paths);
    setFill(result.ok ? { status: 'set', count: paths.length } : { status: 'refused', problem: result.problem });
  };
  return (
    <form className="clipboard-fill selection-fill" onSubmit={(event) => void submit(event)}>
      <label htmlFor={fieldId}>{words.palette.selectionField}</label>
      <textarea id={fieldId} rows={2} value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" className="button small" disabled={fill?.status === 'setting'}>
        {words.palette.selectionSet}
      </button>
      {/* Told as it changes, but not a second status of the panel: the clipboard's is the panel's. */}
      <span aria-live="polite" className={fill?.status === 'refused' ? 'problem' : 'muted'}>
        {fill?.status === 'set' ? words.palette.selectionHolds(fill.count) : fill?.status === 'refused' ? fill.problem : ''}
      </span>
    </form>
  );
}
