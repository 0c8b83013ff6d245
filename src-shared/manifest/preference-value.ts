// Does a value fit a preference's kind, and the bounds it declares (a number's minimum, maximum and
// whole numbers; a text's url format)? The one rule set for a manifest's defaults, for every write
// to storage (storage/set, Settings, run --pref: refused with -32602) and for the Settings field as
// the person types.
import { STORAGE_TEXT_MAX_CHARS } from '../limits';
import type { ProblemReason } from '../protocol/problem-reasons';
import { codePoints, quote, shown, valueFaultEn, type ValueFault } from '../protocol/value-words';

/** What the rules read of a preference: a manifest's entry or the host's PreferenceInfo both fit. */
export interface PreferenceShape {
  readonly kind: string;
  readonly options?: readonly { readonly value: string }[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly whole?: boolean;
  readonly format?: string;
}

/** What is wrong with a value, as data (the window words it in its language). */
export type PreferenceValueFault = ValueFault;

/** A link the app can open: http or https with a host, or mailto with an address; no space or control character in it. */
const openableUrl = /^(?:https?:\/\/[^\s/?#@]*@?[^\s/?#:@]+(?::\d+)?(?:[/?#]\S*)?|mailto:[^\s@]+@[^\s@]+)$/i;

export function isOpenableUrl(text: string): boolean {
  if (!openableUrl.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** What does not fit the preference, or undefined when the value fits. Null always fits. */
export function preferenceValueFault(preference: PreferenceShape, value: unknown): PreferenceValueFault | undefined {
  if (value === null) return undefined;
  switch (preference.kind) {
    case 'text':
    case 'secret':
      if (typeof value !== 'string') return { code: 'kind', kind: preference.kind };
      if (codePoints(value) > STORAGE_TEXT_MAX_CHARS) return { code: 'tooLong', chars: codePoints(value), max: STORAGE_TEXT_MAX_CHARS };
      // The empty text clears a link rather than being one.
      if (preference.kind === 'text' && preference.format === 'url' && value !== '' && !isOpenableUrl(value)) return { code: 'notUrl' };
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { code: 'kind', kind: 'boolean' };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'kind', kind: 'number' };
      if (preference.whole === true && !Number.isInteger(value)) return { code: 'notWhole' };
      if (typeof preference.minimum === 'number' && value < preference.minimum) return { code: 'belowMinimum', minimum: preference.minimum };
      if (typeof preference.maximum === 'number' && value > preference.maximum) return { code: 'aboveMaximum', maximum: preference.maximum };
      return undefined;
    case 'choice': {
      const options = (preference.options ?? []).map((option) => option.value);
      return typeof value === 'string' && options.includes(value) ? undefined : { code: 'notAnOption', options };
    }
    default:
      return { code: 'kind', kind: preference.kind };
  }
}

/** The fault in English, naming the value. */
export function describePreferenceValueFault(fault: PreferenceValueFault, value: unknown): string {
  return valueFaultEn(fault, quote(value));
}

/** Why `value` does not fit the preference (a reason naming the value, as data), or undefined when it fits. Null always fits. */
export function preferenceValueReason(preference: PreferenceShape, value: unknown): ProblemReason | undefined {
  const fault = preferenceValueFault(preference, value);
  return fault && { code: 'badDefault', value: shown(value), fault };
}
