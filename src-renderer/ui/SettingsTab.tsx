// A tool's detail in Settings: its titled preferences first (what a person comes to change), then
// what it is and what it asks the app for.
import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ToolSummary } from '../../src-shared/host-api';
import { toolSelectors } from '../store/tools-slice';
import { useAppStore } from '../store/store-context';
import { useToolText, useWords } from '../words/use-words';
import { PreferenceField } from './PreferenceField';

export function SettingsTab({ tool }: { tool: ToolSummary }) {
  const words = useWords();
  const text = useToolText();
  const preferences = useAppStore(useShallow(toolSelectors.titledPreferences(tool.id)));
  const ids = { about: useId(), services: useId(), preferences: useId() };
  const facts: [string, string][] = [
    [words.fieldName, text(tool.name)],
    [words.fieldVersion, tool.version],
    [words.fieldPublisher, text(tool.publisher)],
    ...(tool.description ? [[words.fieldDescription, text(tool.description)] as [string, string]] : []),
    [words.fieldId, tool.id],
    [words.fieldFolder, tool.folder],
  ];
  // A folder refused at its first load may have no version or publisher to show.
  const about = facts.filter(([, value]) => value !== '');
  return (
    <div className="settings">
      <section className="settings-section" aria-labelledby={ids.preferences}>
        <h2 id={ids.preferences} className="section-title">{words.preferencesHeading}</h2>
        {preferences.length === 0 ? (
          <p className="muted">{words.noPreferences}</p>
        ) : (
          <form className="preferences" onSubmit={(event) => event.preventDefault()}>
            {preferences.map((preference) => (
              <PreferenceField key={preference.id} tool={tool} preference={preference} />
            ))}
          </form>
        )}
      </section>
      <section className="settings-section" aria-labelledby={ids.about}>
        <h2 id={ids.about} className="section-title">{words.aboutHeading}</h2>
        <dl className="facts">
          {about.map(([term, value]) => (
            <div key={term} className="fact">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="settings-section" aria-labelledby={ids.services}>
        <h2 id={ids.services} className="section-title">{words.servicesHeading}</h2>
        {tool.uses.length === 0 ? (
          <p className="muted">{words.noServices}</p>
        ) : (
          <>
            <p className="muted">{words.servicesIntro}</p>
            <ul className="services" aria-label={words.servicesHeading}>
              {tool.uses.map((service) => (
                <li key={service} className="service">
                  <span className="service-words">{words.services[service] ?? words.unknownService}</span>
                  <code className="service-name">{service}</code>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
