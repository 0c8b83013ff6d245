// A tool's detail in Settings: its titled preferences first (what a person comes to change), then
// what it is and what it asks the app for. A plugin's is in PluginSettings.
import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EntrySummary, ToolSummary } from '../../src-shared/host-api';
import { toolSelectors } from '../store/tools-slice';
import { useAppStore } from '../store/store-context';
import { About } from './About';
import { CommandShortcuts } from './palette/CommandShortcuts';
import { PluginSettings } from './PluginSettings';
import { PreferenceField } from './PreferenceField';
import { useWords } from './use-words';

export function SettingsTab({ tool }: { tool: EntrySummary }) {
  if (tool.kind === 'plugin') return <PluginSettings tool={tool} />;
  return <ToolSettings tool={tool} />;
}

function ToolSettings({ tool }: { tool: ToolSummary }) {
  const words = useWords();
  const preferences = useAppStore(useShallow(toolSelectors.titledPreferences(tool.id)));
  const ids = { services: useId(), preferences: useId() };
  return (
    <div className="settings">
      <section className="settings-section" aria-labelledby={ids.preferences}>
        <h2 id={ids.preferences} className="section-title">
          {words.preferencesHeading}
        </h2>
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
      <About tool={tool} />
      <section className="settings-section" aria-labelledby={ids.services}>
        <h2 id={ids.services} className="section-title">
          {words.servicesHeading}
        </h2>
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
      <CommandShortcuts entry={tool} />
    </div>
  );
}
