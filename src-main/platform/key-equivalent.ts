// Key equivalents as tools write them ("cmd+shift+n"): modifiers cmd, shift, alt, ctrl, then one key.
// Parsed once here so darwin (menu search) and linux (xdotool) read them alike.

export type Modifier = 'cmd' | 'shift' | 'alt' | 'ctrl';

const modifierOrder: readonly Modifier[] = ['cmd', 'shift', 'alt', 'ctrl'];

/** Keys with a name instead of a character. */
export const namedKeys = [
  'return',
  'enter',
  'tab',
  'space',
  'delete',
  'forwarddelete',
  'escape',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'f1',
  'f2',
  'f3',
  'f4',
  'f5',
  'f6',
  'f7',
  'f8',
  'f9',
  'f10',
  'f11',
  'f12',
] as const;
export type NamedKey = (typeof namedKeys)[number];

export interface KeyEquivalent {
  /** One printable character (lower case for letters), or a named key. */
  key: string;
  named: boolean;
  /** Distinct, in the order cmd, shift, alt, ctrl. */
  modifiers: Modifier[];
}

export type KeyParse = { ok: true; value: KeyEquivalent } | { ok: false; problem: string };

export function parseKeyEquivalent(text: string): KeyParse {
  const fail = (why: string): KeyParse => ({ ok: false, problem: `key equivalent ${JSON.stringify(text)}: ${why}` });
  if (typeof text !== 'string' || text.length === 0) return fail('is empty');
  // "cmd++" means the plus key: the last "+" is the key, not a separator.
  const plusKey = text.endsWith('++') || text === '+';
  const body = plusKey ? text.slice(0, text.length - 1) : text;
  const parts = body.split('+');
  const rawKey = plusKey ? '+' : parts.pop()!;
  if (plusKey) parts.pop();
  const modifiers = new Set<Modifier>();
  for (const part of parts) {
    const name = part.toLowerCase();
    if (!(modifierOrder as readonly string[]).includes(name)) {
      return fail(`"${part}" is not a modifier (cmd, shift, alt, ctrl)`);
    }
    if (modifiers.has(name as Modifier)) return fail(`"${part}" appears twice`);
    modifiers.add(name as Modifier);
  }
  const ordered = modifierOrder.filter((m) => modifiers.has(m));
  const lowered = rawKey.toLowerCase();
  if ((namedKeys as readonly string[]).includes(lowered)) {
    return { ok: true, value: { key: lowered, named: true, modifiers: ordered } };
  }
  const chars = [...rawKey];
  if (chars.length !== 1) return fail(`"${rawKey}" is neither one character nor a named key`);
  if (/\p{Cc}|\s/u.test(rawKey)) return fail('the key is a control or space character; name it instead');
  return { ok: true, value: { key: lowered, named: false, modifiers: ordered } };
}

/** The parsed equivalents, in order, and the problems of those that did not parse. */
export function parseKeyEquivalents(keys: readonly string[]): { parsed: KeyEquivalent[]; problems: string[] } {
  const parsed: KeyEquivalent[] = [];
  const problems: string[] = [];
  for (const key of keys) {
    const result = parseKeyEquivalent(key);
    if (result.ok) parsed.push(result.value);
    else problems.push(result.problem);
  }
  return { parsed, problems };
}

export const describeKeyEquivalent = (key: KeyEquivalent): string => [...key.modifiers, key.key].join('+');
