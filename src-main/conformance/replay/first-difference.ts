// Where a message a program sent differs from the one it sent when the session was recorded: the
// first place, in document order, as a JSON Pointer with both values; the places the author marked
// as changing every run (JSON Pointers, `*` standing for any key or item) are left out, and so is
// everything under them.
import { pointerSegments } from '../../../src-shared/recording/record-lines';

export interface Difference {
  /** Where, as a JSON Pointer (`/result/value`); empty for the whole message. */
  pointer: string;
  /** The recorded value there; undefined where it had none. */
  expected: unknown;
  actual: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The ignored places, each as its segments. */
export type IgnoredPlaces = readonly (readonly string[])[];

export const ignoredPlaces = (pointers: readonly string[]): IgnoredPlaces => pointers.map(pointerSegments);

const ignored = (path: readonly string[], places: IgnoredPlaces): boolean =>
  places.some((place) => place.length === path.length && place.every((segment, index) => segment === '*' || segment === path[index]));

/** The first difference between what was recorded and what came, or undefined when they agree where it counts. */
export function firstDifference(expected: unknown, actual: unknown, places: IgnoredPlaces, path: string[] = []): Difference | undefined {
  if (path.length > 0 && ignored(path, places)) return undefined;
  const here = (): Difference => ({ pointer: path.map((segment) => `/${escapeSegment(segment)}`).join(''), expected, actual });
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      const found = firstDifference(expected[index], actual[index], places, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...Object.keys(expected), ...Object.keys(actual).filter((key) => !Object.hasOwn(expected, key))];
    for (const key of keys) {
      const found = firstDifference(expected[key], actual[key], places, [...path, key]);
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : here();
}

/** A value as a difference shows it: JSON, cut to a readable length; `absent` where there is none. */
export function shownValue(value: unknown, max = 120): string {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
