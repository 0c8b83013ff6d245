// Does a value fit a preference's kind? The one rule set for a manifest's defaults and for every
// write to storage (storage/set, Settings, run --pref): a value that does not fit is refused with -32602.
import { STORAGE_TEXT_MAX_CHARS } from '../limits';
import { codePoints, formatCount, quote } from '../protocol/problem-words';

/** What the rules read of a preference: a manifest's entry or the host's PreferenceInfo both fit. */
export interface PreferenceShape {
  readonly kind: string;
  readonly options?: readonly { readonly value: string }[];
}

const orList = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/** Why `value` does not fit the preference (a reason naming the value), or undefined when it fits. Null always fits. */
export function preferenceValueReason(preference: PreferenceShape, value: unknown): string | undefined {
  if (value === null) return undefined;
  switch (preference.kind) {
    case 'text':
    case 'secret':
      if (typeof value !== 'string') return `${quote(value)} does not fit kind "${preference.kind}" (text)`;
      if (codePoints(value) > STORAGE_TEXT_MAX_CHARS) {
        return `${formatCount(codePoints(value))} characters, at most ${formatCount(STORAGE_TEXT_MAX_CHARS)}`;
      }
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${quote(value)} does not fit kind "boolean" (true or false)`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${quote(value)} does not fit kind "number"`;
    case 'choice': {
      const values = (preference.options ?? []).map((option) => option.value);
      if (typeof value === 'string' && values.includes(value)) return undefined;
      return `${quote(value)} is not one of the options ${orList(values.map((v) => quote(v)))}`;
    }
    default:
      return `${quote(value)} does not fit unknown kind ${quote(preference.kind)}`;
  }
}
