// A parsed vitruvian-tool.json against the schema, then the rules a schema cannot state
// (unique ids, defaults that fit their kind). The folder checks are in validate-folder.ts.
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

/** Every problem of a parsed manifest; empty when it is a valid Manifest. */
export function manifestProblems(value: unknown): string[] {
  const problems = problemsAgainst(MANIFEST_SCHEMA_ID, value, '', MANIFEST_FILE);
  problems.push(...duplicateIds(listAt(value, 'commands'), 'commands'));
  problems.push(...duplicateIds(listAt(value, 'preferences'), 'preferences'));
  const wellFormed = validatorFor(`${MANIFEST_SCHEMA_ID}#/$defs/ManifestPreference`);
  listAt(value, 'preferences').forEach((preference, index) => {
    // A preference the schema already refused has its problems reported; judge defaults of the others.
    if (!wellFormed(preference) || !('default' in (preference as object))) return;
    const reason = preferenceValueReason(preference as ManifestPreference, (preference as ManifestPreference).default);
    if (reason) problems.push(`preferences[${index}].default: ${reason}`);
  });
  return problems;
}
