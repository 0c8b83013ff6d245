// A command's `value` answer as a person reads it: an object's fields as names and values, a list's
// items one under the other, nested as deep as the value is (the host allows 64 levels), texts as
// they are, not JSON with its quotes and braces. Bounded twice: an object or list shows its first
// entries, and the whole tree at most VALUE_NODES_SHOWN of them, depth first, each level saying how
// many it left out: a plugin's value may hold millions, nested (200 lists of 200 lists of 200).
import { useMemo } from 'react';
import { useWords } from '../use-words';

/** Entries shown of one object or list. */
export const VALUE_ENTRIES_SHOWN = 200;
/** Entries shown in the whole tree. */
export const VALUE_NODES_SHOWN = 2_000;

type Shown = { kind: 'leaf'; value: unknown } | { kind: 'list' | 'object'; entries: [string, Shown][]; more: number };

/** What is drawn of the value, taken depth first from what is left of the budget. */
function shownOf(value: unknown, budget: { left: number }): Shown {
  if (value === null || typeof value !== 'object') return { kind: 'leaf', value };
  const list = Array.isArray(value) ? (value as unknown[]) : undefined;
  const keys = list ? undefined : Object.keys(value);
  const total = list ? list.length : keys!.length;
  const entries: [string, Shown][] = [];
  for (let index = 0; index < total && entries.length < VALUE_ENTRIES_SHOWN && budget.left > 0; index++) {
    budget.left -= 1;
    const key = list ? String(index) : keys![index]!;
    entries.push([key, shownOf(list ? list[index] : (value as Record<string, unknown>)[key], budget)]);
  }
  return { kind: list ? 'list' : 'object', entries, more: total - entries.length };
}

export function ValueTree({ value, label }: { value: unknown; label: string }) {
  const shown = useMemo(() => shownOf(value, { left: VALUE_NODES_SHOWN }), [value]);
  return (
    <div className="value-tree command-value" role="group" aria-label={label}>
      <ValueNode shown={shown} />
    </div>
  );
}

function ValueNode({ shown }: { shown: Shown }) {
  const words = useWords();
  if (shown.kind === 'leaf') {
    const { value } = shown;
    if (value === null || value === undefined) return <span className="value-none">{words.plugin.valueNone}</span>;
    if (typeof value === 'boolean') return <span className="value-boolean">{value ? words.plugin.yes : words.plugin.no}</span>;
    if (typeof value === 'number') return <span className="value-number">{String(value)}</span>;
    // What JSON leaves: a text (a leaf is never an object).
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return <span className="value-text">{text === '' ? words.plugin.valueEmptyText : text}</span>;
  }
  if (shown.entries.length === 0 && shown.more === 0) {
    return <span className="value-none">{shown.kind === 'list' ? words.plugin.valueEmptyList : words.plugin.valueEmptyObject}</span>;
  }
  if (shown.kind === 'list') {
    return (
      <ol className="value-list">
        {shown.entries.map(([key, item]) => (
          <li key={key}>
            <ValueNode shown={item} />
          </li>
        ))}
        <More count={shown.more} />
      </ol>
    );
  }
  return (
    <dl className="value-fields">
      {shown.entries.map(([key, item]) => (
        <div key={key} className="value-field">
          <dt>{words.withDetail(key, '')}</dt>
          <dd>
            <ValueNode shown={item} />
          </dd>
        </div>
      ))}
      <More count={shown.more} />
    </dl>
  );
}

function More({ count }: { count: number }) {
  const words = useWords();
  if (count <= 0) return null;
  return <p className="value-more muted">{words.plugin.valueMore(count)}</p>;
}
