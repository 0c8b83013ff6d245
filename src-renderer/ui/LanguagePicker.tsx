import { useId } from 'react';
import { languageSelectors } from '../store/language-slice';
import { useAppStore } from '../store/store-context';
import { languageChoices } from '../words/languages';
import { useWords } from './use-words';

export function LanguagePicker() {
  const words = useWords();
  const language = useAppStore(languageSelectors.language);
  const problem = useAppStore(languageSelectors.problem);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const id = useId();
  const known = languageChoices.some((choice) => choice.tag === language);
  return (
    <div className="language-picker">
      <label htmlFor={id}>{words.language}</label>
      <select id={id} value={language} onChange={(event) => void setLanguage(event.target.value)}>
        {!known && <option value={language}>{language}</option>}
        {languageChoices.map((choice) => (
          <option key={choice.tag} value={choice.tag} lang={choice.tag}>
            {choice.name}
          </option>
        ))}
      </select>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </div>
  );
}
