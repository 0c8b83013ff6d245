// A parsed vitruvian-tool.json against the schema, then the rules a schema cannot state
// (unique ids, defaults that fit their kind and bounds, bounds given only to the kind they are for,
// a minimum no greater than the maximum). The folder checks are in validate-folder.ts.
import { MANIFEST_FILE } from '../limits';
import { quote } from '../protocol/problem-words';
import { MANIFEST_SCHEMA_ID, problemsAgainst, validatorFor } from '../protocol/schema-check';
import type { ManifestPreference } from '../protocol/types';
import { preferenceValueReason } from './preference-value';

const listAt = (value: unknown, field: string): unknown[] => {
  const list = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
  return Array.isArray(list) ? list : [];
};

const idOf = (item: unknown): string | undefined => {
  const id = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? id : undefined;
};

function duplicateIds(list: unknown[], field: string): string[] {
  const firstAt = new Map<string, number>();
  const problems: string[] = [];
  list.forEach((item, index) => {
    const id = idOf(item);
    if (id === undefined) return;
    const first = firstAt.get(id);
    if (first === undefined) firstAt.set(id, index);
    else problems.push(`${field}[${index}].id: ${quote(id)} is already the id of ${field}[${first}]`);
  });
  return problems;
}

/** A bound given to a kind it is not for, and a minimum above the maximum. */
function boundsProblems(preference: ManifestPreference, at: string): string[] {
  const problems: string[] = [];
  for (const bound of ['minimum', 'maximum', 'whole'] as const) {
    if (preference[bound] !== undefined && preference.kind !== 'number')
      problems.push(`${at}.${bound}: only a "number" preference has one, not a ${quote(preference.kind)} one`);
  }
  if (preference.format !== undefined && preference.kind !== 'text')
    problems.push(`${at}.format: only a "text" preference has one, not a ${quote(preference.kind)} one`);
  const { minimum, maximum } = preference;
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) problems.push(`${at}.minimum: ${minimum} is above the maximum, ${maximum}`);
  return problems;
}

/** Every problem of a parsed manifest; empty when it is a valid Manifest. */
export function manifestProblems(value: unknown): string[] {
  const problems = problemsAgainst(MANIFEST_SCHEMA_ID, value, '', MANIFEST_FILE);
  problems.push(...duplicateIds(listAt(value, 'commands'), 'commands'));
  problems.push(...duplicateIds(listAt(value, 'preferences'), 'preferences'));
  const wellFormed = validatorFor(`${MANIFEST_SCHEMA_ID}#/$defs/ManifestPreference`);
  listAt(value, 'preferences').forEach((item, index) => {
    // A preference the schema already refused has its problems reported; judge the others.
    if (!wellFormed(item)) return;
    const preference = item as ManifestPreference;
    problems.push(...boundsProblems(preference, `preferences[${index}]`));
    if (!('default' in preference)) return;
    const reason = preferenceValueReason(preference, preference.default);
    if (reason) problems.push(`preferences[${index}].default: ${reason}`);
  });
  return problems;
}
