// Key equivalents on Linux: which ones a menu item can have, and how xdotool (X11) and wtype
// (Wayland) are told to press them. cmd is ctrl here.
import { describeKeyEquivalent, type KeyEquivalent } from './key-equivalent';

/** X keysym names of the keys whose name is not their character; xdotool and wtype both take them. */
const keysymNames: Record<string, string> = {
  return: 'Return',
  enter: 'KP_Enter',
  tab: 'Tab',
  space: 'space',
  delete: 'BackSpace',
  forwarddelete: 'Delete',
  escape: 'Escape',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  home: 'Home',
  end: 'End',
  pageup: 'Prior',
  pagedown: 'Next',
  ',': 'comma',
  '.': 'period',
  '/': 'slash',
  ';': 'semicolon',
  "'": 'apostrophe',
  '[': 'bracketleft',
  ']': 'bracketright',
  '\\': 'backslash',
  '-': 'minus',
  '=': 'equal',
  '`': 'grave',
  '+': 'plus',
};

const keysymOf = (key: KeyEquivalent): string => keysymNames[key.key] ?? (/^f\d+$/.test(key.key) ? key.key.toUpperCase() : key.key);

/** The modifiers as Linux presses them, in the order ctrl, shift, alt. */
function linuxModifiers(key: KeyEquivalent): ('ctrl' | 'shift' | 'alt')[] {
  const pressed = new Set<string>(key.modifiers.map((m) => (m === 'cmd' ? 'ctrl' : m)));
  return (['ctrl', 'shift', 'alt'] as const).filter((m) => pressed.has(m));
}

/** The xdotool key spec for a key equivalent ("ctrl+shift+n"). */
export function xdotoolKeySpec(key: KeyEquivalent): string {
  return [...linuxModifiers(key), keysymOf(key)].join('+');
}

/** wtype's arguments to press a key equivalent: each modifier down, the key, each modifier up. */
export function wtypeArguments(key: KeyEquivalent): string[] {
  const modifiers = linuxModifiers(key);
  return [...modifiers.flatMap((m) => ['-M', m]), '-k', keysymOf(key), ...modifiers.reverse().flatMap((m) => ['-m', m])];
}

const menuKeyRule = "a menu item's key equivalent on Linux is ctrl (or cmd), with shift or not, and one key";

/**
 * Why a key equivalent cannot be a menu item's on Linux; undefined when it can be. Without ctrl it
 * is typing (shift+a), or the window manager's (alt+F4 closes the window, alt+tab switches); ctrl
 * with alt is the desktop's own (ctrl+alt+F1 switches to a virtual terminal, ctrl+alt+Delete logs
 * out, ctrl+alt+l locks the screen). Linux cannot see the front app's menus, so the key is pressed
 * blind: only a combination a menu item can have is.
 */
export function menuKeyProblem(key: KeyEquivalent): string | undefined {
  const modifiers = linuxModifiers(key);
  const named = `key equivalent ${JSON.stringify(describeKeyEquivalent(key))}`;
  if (!modifiers.includes('ctrl')) return `${named}: has no ctrl or cmd; ${menuKeyRule}`;
  if (modifiers.includes('alt')) return `${named}: ctrl with alt is the desktop's own (ctrl+alt+F1 switches to a virtual terminal); ${menuKeyRule}`;
  return undefined;
}
