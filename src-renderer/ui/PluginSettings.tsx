// A Skwir plugin's Settings: what it is, what it was granted (in words), and what it declares:
// its fields, its previews (for which files, doing what) and its commands.
import { useId } from 'react';
import type { PluginDetails, PluginSummary } from '../../src-shared/host-api';
import type { Words } from '../words/words';
import { About } from './About';
import { CommandShortcuts } from './palette/CommandShortcuts';
import { useWords } from './use-words';

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

/** One declared thing in a list: its words, its name in the manifest, and a note. */
interface Declared {
  key: string;
  words: string;
  name?: string;
  hint?: string;
}

function DeclaredSection({ title, intro, empty, items }: { title: string; intro?: string; empty: string; items: Declared[] }) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <>
          {intro && <p className="muted">{intro}</p>}
          <ul className="services" aria-label={title}>
            {items.map((item) => (
              <li key={item.key} className="service">
                <span className="service-words">{item.words}</span>
                {item.name && <code className="service-name">{item.name}</code>}
                {item.hint && <span className="hint">{item.hint}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function PluginSettings({ tool }: { tool: PluginSummary }) {
  const words = useWords();
  const details = tool.plugin;
  const commandHint = (command: PluginDetails['commands'][number]) => {
    const names = argNames(command.args);
    return [servedText(words, command), names.length > 0 ? words.plugin.commandTakes(names.join(', ')) : ''].filter(Boolean).join(' · ');
  };
  return (
    <div className="settings">
      <p className="muted settings-intro">{words.plugin.settingsHolds}</p>
      <About tool={tool} more={[[words.plugin.protocol, words.plugin.protocolOf(details.api, details.transport)]]} />
      <DeclaredSection
        title={words.plugin.capabilitiesHeading}
        intro={words.plugin.capabilitiesIntro}
        empty={words.plugin.noCapabilities}
        items={details.capabilities.map((capability) => ({ key: capability, words: words.plugin.capabilities[capability], name: capability }))}
      />
      <DeclaredSection
        title={words.plugin.fieldsHeading}
        empty={words.plugin.noFields}
        items={details.fields.map((field) => ({ key: field.key, words: field.title, name: field.key, hint: servedText(words, field) }))}
      />
      <DeclaredSection
        title={words.plugin.previewsHeading}
        empty={words.plugin.noPreviews}
        items={details.previews.map((preview, index) => ({ key: String(index), words: servedText(words, preview), hint: previewText(words, preview) }))}
      />
      <DeclaredSection
        title={words.plugin.commandsHeading}
        empty={words.plugin.noPluginCommands}
        items={details.commands.map((command) => ({ key: command.name, words: command.title, name: command.name, hint: commandHint(command) }))}
      />
      <CommandShortcuts entry={tool} />
    </div>
  );
}
