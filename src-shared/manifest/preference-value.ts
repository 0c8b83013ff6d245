// Does a value fit a preference's kind? The one rule set for a manifest's defaults and for every
// write to storage (storage/set, Settings, run --pref): a value that does not fit is refused with -32602.
import { STORAGE_TEXT_MAX_CHARS } from '../limits';
import { codePoints, formatCount, quote } from '../protocol/problem-words';

/** What the rules read of a preference: a manifest's entry or the host's PreferenceInfo both fit. */
export interface PreferenceShape {
  readonly kind: string;
  readonly options?: readonly { readonly value: string }[];
}

const orList = (items: string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/** What is wrong with a value, as data (the window words it in its language). */
export type PreferenceValueFault =
  { code: 'tooLong'; chars: number; max: number } | { code: 'kind'; kind: string } | { code: 'notAnOption'; options: string[] };

/** What does not fit the preference, or undefined when the value fits. Null always fits. */
export function preferenceValueFault(preference: PreferenceShape, value: unknown): PreferenceValueFault | undefined {
  if (value === null) return undefined;
  switch (preference.kind) {
    case 'text':
    case 'secret':
      if (typeof value !== 'string') return { code: 'kind', kind: preference.kind };
      if (codePoints(value) > STORAGE_TEXT_MAX_CHARS) return { code: 'tooLong', chars: codePoints(value), max: STORAGE_TEXT_MAX_CHARS };
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { code: 'kind', kind: 'boolean' };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : { code: 'kind', kind: 'number' };
    case 'choice': {
      const options = (preference.options ?? []).map((option) => option.value);
      return typeof value === 'string' && options.includes(value) ? undefined : { code: 'notAnOption', options };
    }
    default:
      return { code: 'kind', kind: preference.kind };
  }
}

const kindWords: Record<string, string> = {
  text: 'kind "text"',
  secret: 'kind "secret" (text)',
  boolean: 'kind "boolean" (true or false)',
  number: 'kind "number"',
};

/** The fault in English, naming the value. */
export function describePreferenceValueFault(fault: PreferenceValueFault, value: unknown): string {
  switch (fault.code) {
    case 'tooLong':
      return `${formatCount(fault.chars)} characters, at most ${formatCount(fault.max)}`;
    case 'kind':
      return `${quote(value)} does not fit ${kindWords[fault.kind] ?? `unknown kind ${quote(fault.kind)}`}`;
    case 'notAnOption':
      return `${quote(value)} is not one of the options ${orList(fault.options.map((v) => quote(v)))}`;
  }
}

/** Why `value` does not fit the preference (a reason naming the value), or undefined when it fits. Null always fits. */
export function preferenceValueReason(preference: PreferenceShape, value: unknown): string | undefined {
  const fault = preferenceValueFault(preference, value);
  return fault && describePreferenceValueFault(fault, value);
}
