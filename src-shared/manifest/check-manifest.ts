// A parsed vitruvian-tool.json against the schema, then the rules a schema cannot state
// (unique ids, defaults that fit their kind). The folder checks are in validate-folder.ts.
import { MANIFEST_SCHEMA_ID, problemsAgainst } from '../protocol/schema-check';
import { MANIFEST_FILE } from '../limits';
import { quote } from '../protocol/problem-words';
import type { Manifest } from '../protocol/types';
import { preferenceValueReason } from './preference-value';

function duplicateIds(list: readonly { id: string }[], field: string): string[] {
  const firstAt = new Map<string, number>();
  const problems: string[] = [];
  list.forEach((item, index) => {
    const first = firstAt.get(item.id);
    if (first === undefined) firstAt.set(item.id, index);
    else problems.push(`${field}[${index}].id: ${quote(item.id)} is already the id of ${field}[${first}]`);
  });
  return problems;
}

/** Every problem of a parsed manifest; empty when it is a valid Manifest. */
export function manifestProblems(value: unknown): string[] {
  const problems = problemsAgainst(MANIFEST_SCHEMA_ID, value, '', MANIFEST_FILE);
  if (problems.length > 0) return problems;
  const manifest = value as Manifest;
  problems.push(...duplicateIds(manifest.commands ?? [], 'commands'));
  problems.push(...duplicateIds(manifest.preferences ?? [], 'preferences'));
  (manifest.preferences ?? []).forEach((preference, index) => {
    if (!('default' in preference)) return;
    const reason = preferenceValueReason(preference, preference.default);
    if (reason) problems.push(`preferences[${index}].default: ${reason}`);
  });
  return problems;
}
