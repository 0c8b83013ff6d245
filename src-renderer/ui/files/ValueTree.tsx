// A command's `value` answer as a person reads it: an object's fields as names and values, a list's
// items one under the other, nested as deep as the value is (the host allows 64 levels), texts as
// they are, not JSON with its quotes and braces. Wide objects and long lists show their first
// entries and how many more there are: a value may hold a million.
import { useWords } from '../use-words';

/** Entries shown of one object or list. */
export const VALUE_ENTRIES_SHOWN = 200;

export function ValueTree({ value, label }: { value: unknown; label: string }) {
  return (
    <div className="value-tree command-value" role="group" aria-label={label}>
      <ValueNode value={value} />
    </div>
  );
}

function ValueNode({ value }: { value: unknown }) {
  const words = useWords();
  if (value === null || value === undefined) return <span className="value-none">{words.plugin.valueNone}</span>;
  if (typeof value === 'boolean') return <span className="value-boolean">{value ? words.plugin.yes : words.plugin.no}</span>;
  if (typeof value === 'number') return <span className="value-number">{String(value)}</span>;
  if (typeof value === 'string') return <span className="value-text">{value === '' ? words.plugin.valueEmptyText : value}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="value-none">{words.plugin.valueEmptyList}</span>;
    return (
      <ol className="value-list">
        {(value as unknown[]).slice(0, VALUE_ENTRIES_SHOWN).map((item, index) => (
          <li key={index}>
            <ValueNode value={item} />
          </li>
        ))}
        <More count={value.length} />
      </ol>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span className="value-none">{words.plugin.valueEmptyObject}</span>;
  return (
    <dl className="value-fields">
      {entries.slice(0, VALUE_ENTRIES_SHOWN).map(([key, item]) => (
        <div key={key} className="value-field">
          <dt>{words.withDetail(key, '')}</dt>
          <dd>
            <ValueNode value={item} />
          </dd>
        </div>
      ))}
      <More count={entries.length} />
    </dl>
  );
}

function More({ count }: { count: number }) {
  const words = useWords();
  if (count <= VALUE_ENTRIES_SHOWN) return null;
  return <p className="value-more muted">{words.plugin.valueMore(count - VALUE_ENTRIES_SHOWN)}</p>;
}
