// A number as the person's language writes it: "20 000 000" and "3,5" in French, "20,000,000" and
// "3.5" in English. Four digits stay ungrouped, as both write a year (2024) and most counts of that
// size; every digit the number holds is kept.
export function numberIn(language: string, value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value.toLocaleString(language, { useGrouping: Math.abs(value) >= 10_000, maximumFractionDigits: 20 });
}
