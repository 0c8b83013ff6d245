// A value a tool or plugin gave, which may be anything JSON holds, as text in a sentence: nothing for
// none, JSON for a list or an object rather than JavaScript's "[object Object]".
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value === undefined || value === null ? '' : (JSON.stringify(value) ?? '');
}
