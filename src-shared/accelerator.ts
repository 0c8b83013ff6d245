// A global shortcut as Electron's globalShortcut takes it ("CommandOrControl+Shift+K"): the window
// makes one from the keys the person presses, and the host refuses any other text before it reaches
// the OS. A global shortcut needs a modifier other than Shift (a lone letter would be taken from
// every app), except a function key, which no app types with.

const MODIFIERS = ['CommandOrControl', 'Command', 'Control', 'Alt', 'Super', 'Shift'] as const;
type Modifier = (typeof MODIFIERS)[number];

const NAMED_KEYS = [
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Plus',
] as const;

const PUNCTUATION = [
  ')',
  '!',
  '@',
  '#',
  '$',
  '%',
  '^',
  '&',
  '*',
  '(',
  ':',
  ';',
  '<',
  '=',
  '>',
  '?',
  ',',
  '-',
  '_',
  '.',
  '/',
  '~',
  '`',
  '{',
  ']',
  '[',
  '|',
  '\\',
  '}',
  '"',
  "'",
];

const isFunctionKey = (key: string) => /^F([1-9]|1[0-9]|2[0-4])$/.test(key);

const isKey = (key: string) => /^[A-Z0-9]$/.test(key) || isFunctionKey(key) || (NAMED_KEYS as readonly string[]).includes(key) || PUNCTUATION.includes(key);

/** Why a text is not a global shortcut, in words, or undefined when it is one. */
export function acceleratorProblem(text: string): string | undefined {
  if (text.length === 0 || text.length > 100) return 'a shortcut is one to a hundred characters';
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  if (!isKey(key)) return `${JSON.stringify(key)} is not a key (a letter, a digit, F1 to F24, or a named key such as Space)`;
  const seen = new Set<string>();
  for (const part of parts) {
    if (!(MODIFIERS as readonly string[]).includes(part)) return `${JSON.stringify(part)} is not a modifier (${MODIFIERS.join(', ')})`;
    if (seen.has(part)) return `${part} is named twice`;
    seen.add(part);
  }
  if (!isFunctionKey(key) && [...seen].every((part) => part === 'Shift')) return 'a global shortcut needs Command, Control, Alt or Super, or a function key';
  return undefined;
}

/** What a key press carries (a KeyboardEvent has it all). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The key a press names, by its place on the keyboard so Shift and Alt do not change it. */
function keyOf(press: KeyPress): string | undefined {
  const { code, key } = press;
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (isFunctionKey(code)) return code;
  const named: Record<string, string> = {
    Space: 'Space',
    Tab: 'Tab',
    Backspace: 'Backspace',
    Delete: 'Delete',
    Insert: 'Insert',
    Enter: 'Return',
    ArrowUp: 'Up',
    ArrowDown: 'Down',
    ArrowLeft: 'Left',
    ArrowRight: 'Right',
    Home: 'Home',
    End: 'End',
    PageUp: 'PageUp',
    PageDown: 'PageDown',
    Escape: 'Escape',
  };
  if (named[code]) return named[code];
  if (key === '+') return 'Plus';
  return PUNCTUATION.includes(key) ? key : undefined;
}

/**
 * The shortcut a press makes, or undefined while only modifiers are held or for a key that is none.
 * On a Mac, Command is Command and Control is Control; elsewhere Control is written CommandOrControl,
 * so the same shortcut reads the same on every system.
 */
export function acceleratorOf(press: KeyPress, mac: boolean): string | undefined {
  const key = keyOf(press);
  if (!key) return undefined;
  const modifiers: Modifier[] = [];
  if (mac) {
    if (press.metaKey) modifiers.push('CommandOrControl');
    if (press.ctrlKey) modifiers.push('Control');
  } else {
    if (press.ctrlKey) modifiers.push('CommandOrControl');
    if (press.metaKey) modifiers.push('Super');
  }
  if (press.altKey) modifiers.push('Alt');
  if (press.shiftKey) modifiers.push('Shift');
  return [...modifiers, key].join('+');
}

/** A shortcut as a person reads it: ⌘⇧K on a Mac, Ctrl+Shift+K elsewhere. */
export function acceleratorText(accelerator: string, mac: boolean): string {
  const words: Record<string, [string, string]> = {
    CommandOrControl: ['⌘', 'Ctrl'],
    Command: ['⌘', 'Cmd'],
    Control: ['⌃', 'Ctrl'],
    Alt: ['⌥', 'Alt'],
    Super: ['⌘', 'Super'],
    Shift: ['⇧', 'Shift'],
  };
  const parts = accelerator.split('+').map((part) => words[part]?.[mac ? 0 : 1] ?? part);
  return mac ? parts.join('') : parts.join('+');
}
