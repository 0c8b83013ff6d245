// How each language the app speaks words a count: the number, written as the language writes
// numbers, then the noun in the form that goes with it. One rule per language, used for every count.

/** English: 1 takes the singular, every other count the plural ("0 lines", "1 line", "2 lines"). */
export const isSingularEn = (n: number): boolean => n === 1;

/** French: 0 and 1 take the singular, 2 and more the plural ("0 mot", "1 mot", "2 mots"). */
export const isSingularFr = (n: number): boolean => Math.abs(n) < 2;

const rules = {
  en: isSingularEn,
  fr: isSingularFr,
} as const;

/** "1 line", "1,200 lines"; "0 ligne", "1 200 lignes" (French groups digits with a narrow no-break space). */
export function countIn(language: keyof typeof rules, n: number, one: string, other: string): string {
  return `${n.toLocaleString(language)} ${rules[language](n) ? one : other}`;
}
