// A Skwir plugin's Settings: what it is, what it was granted (in words), and what it declares:
// its fields, its previews (for which files, doing what) and its commands.
import { useId, type ReactNode } from 'react';
import type { PluginDetails, ToolSummary } from '../../src-shared/host-api';
import { useWords } from '../words/use-words';
import type { Words } from '../words/words';
import { About } from './About';

type Kinds = { extensions: string[]; mimes: string[] };

/** "For .ppm, .pgm, image/*", or "Every file". */
const servedText = (words: Words, kinds: Kinds): string =>
  kinds.extensions.length === 0 && kinds.mimes.length === 0
    ? words.plugin.everyFile
    : words.plugin.filesServed([...kinds.extensions.map((extension) => `.${extension}`), ...kinds.mimes].join(', '));

function previewText(words: Words, preview: PluginDetails['previews'][number]): string {
  const does = [
    preview.converts && words.plugin.previewDoes.converts,
    preview.pages && words.plugin.previewDoes.pages,
    !preview.converts && !preview.pages && words.plugin.previewDoes.inspects,
    preview.thumbnails && words.plugin.previewDoes.thumbnails,
  ].filter((part): part is string => typeof part === 'string');
  return does.join(' · ');
}

const argNames = (args: Record<string, unknown> | undefined): string[] =>
  args && typeof args.properties === 'object' && args.properties !== null ? Object.keys(args.properties) : [];

function Section({ title, empty, children }: { title: string; empty?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">{title}</h2>
      {empty ? <p className="muted">{empty}</p> : children}
    </section>
  );
}

export function PluginSettings({ tool }: { tool: Extract<ToolSummary, { kind: 'plugin' }> }) {
  const words = useWords();
  const details = tool.plugin;
  return (
    <div className="settings">
      <About tool={tool} more={[[words.plugin.protocol, words.plugin.protocolOf(details.api, details.transport)]]} />
      <Section title={words.plugin.capabilitiesHeading} empty={details.capabilities.length === 0 ? words.plugin.noCapabilities : undefined}>
        <p className="muted">{words.plugin.capabilitiesIntro}</p>
        <ul className="services" aria-label={words.plugin.capabilitiesHeading}>
          {details.capabilities.map((capability) => (
            <li key={capability} className="service">
              <span className="service-words">{words.plugin.capabilities[capability]}</span>
              <code className="service-name">{capability}</code>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={words.plugin.fieldsHeading} empty={details.fields.length === 0 ? words.plugin.noFields : undefined}>
        <ul className="services declared" aria-label={words.plugin.fieldsHeading}>
          {details.fields.map((field) => (
            <li key={field.key} className="service">
              <span className="service-words">{field.title}</span>
              <code className="service-name">{field.key}</code>
              <span className="hint">{servedText(words, field)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={words.plugin.previewsHeading} empty={details.previews.length === 0 ? words.plugin.noPreviews : undefined}>
        <ul className="services declared" aria-label={words.plugin.previewsHeading}>
          {details.previews.map((preview, index) => (
            <li key={index} className="service">
              <span className="service-words">{servedText(words, preview)}</span>
              <span className="hint">{previewText(words, preview)}</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={words.plugin.commandsHeading} empty={details.commands.length === 0 ? words.plugin.noPluginCommands : undefined}>
        <ul className="services declared" aria-label={words.plugin.commandsHeading}>
          {details.commands.map((command) => (
            <li key={command.name} className="service">
              <span className="service-words">{command.title}</span>
              <code className="service-name">{command.name}</code>
              <span className="hint">
                {[servedText(words, command), argNames(command.args).length > 0 ? words.plugin.commandTakes(argNames(command.args).join(', ')) : '']
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
