// A number as the person's language writes it: "20 000 000" and "3,5" in French, "20,000,000" and
// "3.5" in English. Four digits stay ungrouped, as both write a year (2024) and most counts of that
// size; every digit the number holds is kept.

/**
 * The formats made so far, by language and grouping: making one is most of what writing a number
 * costs (toLocaleString makes a new one each time), and a list of 5,000 files writes thousands.
 * A handful of languages at most; past that many the oldest are let go.
 */
const formats = new Map<string, Intl.NumberFormat>();
const FORMATS_KEPT = 16;

function formatFor(language: string, grouping: boolean): Intl.NumberFormat {
  const key = `${grouping ? 'grouped' : 'plain'} ${language}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { useGrouping: grouping, maximumFractionDigits: 20 });
    if (formats.size >= FORMATS_KEPT) formats.delete(formats.keys().next().value!);
    formats.set(key, format);
  }
  return format;
}

export function numberIn(language: string, value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return formatFor(language, Math.abs(value) >= 10_000).format(value);
}
