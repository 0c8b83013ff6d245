import { useId } from 'react';
import type { EntrySummary } from '../../src-shared/host-api';
import { useToolText, useWords } from './use-words';

/** What the tool or plugin is: its name, version, publisher, description, id and folder, and more facts when given. */
export function About({ tool, more = [] }: { tool: EntrySummary; more?: [string, string][] }) {
  const words = useWords();
  const text = useToolText();
  const id = useId();
  const facts: [string, string][] = [
    [words.fieldName, text(tool.name)],
    [words.fieldVersion, tool.version],
    [words.fieldPublisher, tool.kind === 'plugin' ? '' : text(tool.publisher)],
    ...(tool.description ? [[words.fieldDescription, text(tool.description)] as [string, string]] : []),
    [words.fieldId, tool.id],
    [words.fieldFolder, tool.folder],
    ...more,
  ];
  // A folder refused at its first load may have no version or publisher to show; a plugin has no publisher.
  const about = facts.filter(([, value]) => value !== '');
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {words.aboutHeading}
      </h2>
      <dl className="facts">
        {about.map(([term, value]) => (
          <div key={term} className="fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
