// A parsed vitruvian-tool.json against the schema, then the rules a schema cannot state
// (unique ids, defaults that fit their kind and bounds, bounds given only to the kind they are for,
// a minimum no greater than the maximum). The folder checks are in validate-folder.ts.
import { MANIFEST_FILE } from '../limits';
import { problemOf, quote, type Problem } from '../protocol/problem-reasons';
import { faultsAgainst, MANIFEST_SCHEMA_ID, validatorFor } from '../protocol/schema-check';
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

function duplicateIds(list: unknown[], field: string): Problem[] {
  const firstAt = new Map<string, number>();
  const problems: Problem[] = [];
  list.forEach((item, index) => {
    const id = idOf(item);
    if (id === undefined) return;
    const first = firstAt.get(id);
    if (first === undefined) firstAt.set(id, index);
    else problems.push(problemOf(`${field}[${index}].id`, { code: 'duplicate', value: quote(id), key: 'id', at: `${field}[${first}]` }));
  });
  return problems;
}

/** A bound given to a kind it is not for, and a minimum above the maximum. */
function boundsProblems(preference: ManifestPreference, at: string): Problem[] {
  const problems: Problem[] = [];
  const kind = quote(preference.kind);
  for (const bound of ['minimum', 'maximum', 'whole'] as const) {
    if (preference[bound] !== undefined && preference.kind !== 'number')
      problems.push(problemOf(`${at}.${bound}`, { code: 'boundNotForKind', only: 'number', kind }));
  }
  if (preference.format !== undefined && preference.kind !== 'text') problems.push(problemOf(`${at}.format`, { code: 'boundNotForKind', only: 'text', kind }));
  const { minimum, maximum } = preference;
  if (minimum !== undefined && maximum !== undefined && minimum > maximum)
    problems.push(problemOf(`${at}.minimum`, { code: 'minimumAboveMaximum', minimum, maximum }));
  return problems;
}

/** Every problem of a parsed manifest; empty when it is a valid Manifest. */
export function manifestProblems(value: unknown): Problem[] {
  const problems = faultsAgainst(MANIFEST_SCHEMA_ID, value, '', MANIFEST_FILE);
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
    if (reason) problems.push(problemOf(`preferences[${index}].default`, reason));
  });
  return problems;
}
