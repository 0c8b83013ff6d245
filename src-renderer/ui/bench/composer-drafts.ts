// What the Messages tab's composer offers to send: each message the app may send to this tool or
// plugin, its params filled in from what the entry declares (its first command, field or key, a
// preference's value, the app's language) so that it fits the schema as it stands; and "another
// method", of any name. The host judges the message (the window cannot run the schemas' compiled
// checks under its content security policy).
import type { EntrySummary, HandMessage, PreferenceValue } from '../../../src-shared/host-api';

/** One message the composer offers: its method, a request or a notice, and its params as JSON text. */
export interface Draft {
  method: string;
  kind: 'request' | 'notice';
  params: string;
  /** Skwir: the call names files, given by path. */
  takesFiles: boolean;
}

/** The method the composer offers for a name of one's own. */
export const OTHER_METHOD = '';

const json = (value: unknown): string => JSON.stringify(value, null, 2);

function toolDrafts(tool: Extract<EntrySummary, { kind: 'tool' }>, language: string): Draft[] {
  const command = tool.commands[0]?.id ?? 'command-id';
  const pref = tool.preferences.find((p) => p.kind !== 'secret');
  const value: PreferenceValue = pref ? (tool.values[pref.id] ?? pref.default ?? null) : null;
  return [
    { method: 'command/run', kind: 'request', params: json({ command }), takesFiles: false },
    { method: 'preferences/changed', kind: 'notice', params: json({ preferences: pref ? [{ id: pref.id, value }] : [] }), takesFiles: false },
    { method: 'language/changed', kind: 'notice', params: json({ language }), takesFiles: false },
  ];
}

function pluginDrafts(plugin: Extract<EntrySummary, { kind: 'plugin' }>): Draft[] {
  const { fields, commands } = plugin.plugin;
  const call = (method: string, params: object): Draft => ({ method, kind: 'request', params: json(params), takesFiles: true });
  return [
    call('field', { key: fields[0]?.key ?? 'field-key' }),
    call('thumbnail', { size: 256 }),
    call('inspect', {}),
    call('convert', {}),
    call('page', { page: 1, side: 1024 }),
    call('command', { name: commands[0]?.name ?? 'command-name', ...(commands[0]?.args ? { args: {} } : {}) }),
    { method: '$/cancel', kind: 'notice', params: json({ id: 1 }), takesFiles: false },
  ];
}

/** The messages the composer offers for this entry, the first the one it starts with. */
export function draftsFor(entry: EntrySummary, language: string): Draft[] {
  return entry.kind === 'tool' ? toolDrafts(entry, language) : pluginDrafts(entry);
}

/** A method of one's own: a request with empty params. */
export const otherDraft: Draft = { method: OTHER_METHOD, kind: 'request', params: '{}', takesFiles: false };

export type ComposedMessage = { ok: true; message: HandMessage } | { ok: false; problem: string };

/** The message the composer's fields make, or why they make none (params that are no JSON object or list). */
export function composedMessage(method: string, kind: 'request' | 'notice', paramsText: string, filesText: string): ComposedMessage {
  const name = method.trim();
  if (name === '') return { ok: false, problem: 'method' };
  let params: unknown;
  if (paramsText.trim() !== '') {
    try {
      params = JSON.parse(paramsText);
    } catch (error) {
      return { ok: false, problem: `params: ${(error as Error).message}` };
    }
    if (typeof params !== 'object' || params === null) return { ok: false, problem: `params: ${JSON.stringify(params)}` };
  }
  const files = filesText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return { ok: true, message: { method: name, kind, ...(params === undefined ? {} : { params }), ...(files.length > 0 ? { files } : {}) } };
}
