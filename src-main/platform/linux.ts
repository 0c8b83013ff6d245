// Linux, for development and the test bed: xclip (X11) or wl-copy/wl-paste (Wayland) for the
// clipboard, xdotool (X11) or wtype (Wayland) for keystrokes, xdg-open for links, notify-send for
// the HUD. Wayland's programs are used when WAYLAND_DISPLAY is set, X11's otherwise. Each program is
// used when it is installed; without it (or without a display) the service is refused with -32004,
// naming what is missing.
import { notAvailable, type Platform } from './platform';
import { findProgram as findOnPath, runCommand, type RunCommand } from './command-runner';
import { pasteThroughClipboard } from './clipboard-paste';
import { describeKeyEquivalent, parseKeyEquivalent, parseKeyEquivalents, type KeyEquivalent } from './key-equivalent';
import { menuKeyProblem, wtypeArguments, xdotoolKeySpec } from './linux-keys';
import { endProcess } from './process-ending';
import { delay } from '../host/process/delay';

export { xdotoolKeySpec };

export interface LinuxOptions {
  run?: RunCommand;
  /** The environment the programs see (DISPLAY, WAYLAND_DISPLAY, PATH); process.env by default, read at each call. */
  env?: NodeJS.ProcessEnv;
  findProgram?: (name: string, env: NodeJS.ProcessEnv) => Promise<string | null>;
  /** The app's own pids (its processes and its tools' host): never ended. Default: this process. */
  protectedPids?: () => readonly number[];
  currentUid?: number;
  /** How long a clipboard write may take to show (xclip's child takes it after xclip exits); 5 s. */
  clipboardSettleMs?: number;
  /** How long pasted text stays on the clipboard before what was there comes back (default 600 ms). */
  restoreDelayMs?: number;
}

/** Regular accounts on Linux start at uid 1000 (UID_MIN in login.defs). */
export const linuxFirstUserUid = 1000;

type Command = readonly [program: string, args: readonly string[]];

/** The programs behind the clipboard and the keys, for each kind of Linux desktop. */
interface Desktop {
  readClipboard: Command;
  /** Takes the text on standard input and leaves a child serving it. */
  writeClipboard: Command;
  /** Empties the clipboard; undefined where only writing empty text can. */
  clearClipboard?: Command;
  keys: string;
  pressArguments: (key: KeyEquivalent) => string[];
}

const x11: Desktop = {
  readClipboard: ['xclip', ['-selection', 'clipboard', '-o']],
  writeClipboard: ['xclip', ['-selection', 'clipboard', '-i']],
  keys: 'xdotool',
  pressArguments: (key) => ['key', '--clearmodifiers', xdotoolKeySpec(key)],
};

const wayland: Desktop = {
  readClipboard: ['wl-paste', ['--no-newline', '--type', 'text']],
  writeClipboard: ['wl-copy', []],
  clearClipboard: ['wl-copy', ['--clear']],
  keys: 'wtype',
  pressArguments: wtypeArguments,
};

/**
 * The paste shortcut: ctrl+v is the one almost every Linux app, Electron's and GTK's and Qt's,
 * takes from the clipboard. ctrl+shift+v is a terminal's own (elsewhere it often pastes without
 * formatting, or nothing), and shift+Insert pastes the primary selection in many X apps, not the
 * clipboard. In a terminal, ctrl+v reaches the program running in it instead.
 */
const pasteShortcut = (() => {
  const parsed = parseKeyEquivalent('ctrl+v');
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
})();

/** What xclip and wl-paste say when the clipboard holds no text: "no text", not a failure. */
const holdsNoText = /target .* not available|no selection|empty|nothing is copied|no suitable type/i;

export function createLinuxPlatform(options: LinuxOptions = {}): Platform {
  const run = options.run ?? runCommand;
  const envNow = () => options.env ?? process.env;
  const find = options.findProgram ?? findOnPath;
  const desktop = (): Desktop => (envNow().WAYLAND_DISPLAY ? wayland : x11);

  /** The program's path, refusing when it is missing or when there is no display. */
  const program = async (name: string, doing: string, needsDisplay = true) => {
    const env = envNow();
    if (needsDisplay && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
      throw notAvailable(`${doing}: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)`);
    }
    const path = await find(name, env);
    if (!path) throw notAvailable(`${doing}: ${name} is not installed`);
    return path;
  };
  const failed = (doing: string, name: string, stderr: string, code: number | null) =>
    notAvailable(`${doing}: ${name} failed: ${stderr.trim() || `exit code ${code}`}`);

  const readClipboard = async (doing: string): Promise<string | null> => {
    const [name, args] = desktop().readClipboard;
    const result = await run(await program(name, doing), args, { env: envNow(), timeoutMs: 5000 });
    if (result.code === 0) return result.stdout;
    // An empty clipboard, or one holding no text, is "no text", not a failure.
    if (holdsNoText.test(result.stderr) || result.stderr.trim() === '') return null;
    throw failed(doing, name, result.stderr, result.code);
  };

  const writeClipboard = async (text: string, doing: string): Promise<void> => {
    const [name, args] = desktop().writeClipboard;
    const path = await program(name, doing);
    // xclip and wl-copy leave a child behind that serves the text until someone else takes the clipboard.
    const result = await run(path, args, { input: text, leavesChild: true, env: envNow() });
    if (result.code !== 0) throw failed(doing, name, result.stderr, result.code);
    // They exit once their child has asked for the clipboard, not once it has it: answer when
    // the clipboard reads back the text, so a read that follows sees it.
    const deadline = Date.now() + (options.clipboardSettleMs ?? 5000);
    for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
      if ((await readClipboard(doing)) === text) return;
      if (Date.now() > deadline) throw notAvailable(`${doing}: ${name} did not take the clipboard`);
      await delay(wait);
    }
  };

  const clearClipboard = async (doing: string): Promise<void> => {
    const clear = desktop().clearClipboard;
    if (!clear) return writeClipboard('', doing); // xclip cannot empty it: it holds empty text
    const result = await run(await program(clear[0], doing), clear[1], { env: envNow() });
    if (result.code !== 0) throw failed(doing, clear[0], result.stderr, result.code);
  };

  const press = async (key: KeyEquivalent, doing: string): Promise<void> => {
    const { keys, pressArguments } = desktop();
    const result = await run(await program(keys, doing), pressArguments(key), { env: envNow() });
    if (result.code !== 0) throw failed(doing, keys, result.stderr, result.code);
  };

  const paste = pasteThroughClipboard({
    async ready() {
      const {
        readClipboard: [reader],
        writeClipboard: [writer],
        keys,
      } = desktop();
      for (const name of new Set([reader, writer, keys])) await program(name, 'paste');
    },
    async stash() {
      // Text is what can be read back and put back; a clipboard with no text is left empty.
      const before = await readClipboard('paste');
      return () => (before === null ? clearClipboard('paste') : writeClipboard(before, 'paste'));
    },
    write: (text) => writeClipboard(text, 'paste'),
    pressPaste: () => press(pasteShortcut, 'paste'),
    restoreDelayMs: options.restoreDelayMs ?? 600,
  });

  return {
    name: 'linux',

    clipboardReadText: () => readClipboard('read the clipboard'),

    clipboardWriteText: (text) => writeClipboard(text, 'write the clipboard'),

    async openUrl(url) {
      const xdgOpen = await program('xdg-open', 'open a link', false);
      await run(xdgOpen, [url], { detached: true, env: envNow() });
    },

    async showHud(text, symbol) {
      const notifySend = await program('notify-send', 'show a HUD');
      const summary = symbol ? `${symbol}  ${text}` : text;
      const result = await run(notifySend, ['--app-name=Vitruvian', '--expire-time=1500', '--', summary], { env: envNow() });
      if (result.code !== 0) throw failed('show a HUD', 'notify-send', result.stderr, result.code);
    },

    async beep() {
      const player = await program('canberra-gtk-play', 'beep');
      const result = await run(player, ['--id=bell'], { env: envNow() });
      if (result.code !== 0) throw failed('beep', 'canberra-gtk-play', result.stderr, result.code);
    },

    paste,

    async trashFile(path) {
      // GLib's trash: the freedesktop.org Trash of the desktop, as a file manager does it.
      const gio = await program('gio', `move ${path} to the trash`, false);
      const result = await run(gio, ['trash', '--', path], { env: envNow() });
      if (result.code !== 0) throw failed(`move ${path} to the trash`, 'gio', result.stderr, result.code);
    },

    async pressMenuItem(keys) {
      // Linux cannot see which menu items the front app has: it presses the first equivalent
      // given that a menu item can have.
      const { parsed, problems } = parseKeyEquivalents(keys);
      const key = parsed.find((candidate) => {
        const problem = menuKeyProblem(candidate);
        if (problem) problems.push(problem);
        return problem === undefined;
      });
      if (!key) throw notAvailable(`press menu item: ${problems.join('; ') || 'no key equivalent given'}`);
      await press(key, `press menu item ${describeKeyEquivalent(key)}`);
    },

    terminateProcess: (pid) =>
      endProcess(pid, {
        run,
        protectedPids: options.protectedPids ?? (() => [process.pid]),
        currentUid: options.currentUid ?? process.getuid?.() ?? -1,
        firstUserUid: linuxFirstUserUid,
        endAsAdministrator: async (target) => {
          const pkexec = await program('pkexec', `end process ${target} of another user`, false);
          const result = await run(pkexec, ['/bin/kill', '-TERM', String(target)], { env: envNow(), timeoutMs: 120_000 });
          // pkexec: 126 when the prompt was dismissed, 127 when not authorized.
          if (result.code === 126 || result.code === 127) {
            throw notAvailable(`end process ${target}: the administrator prompt was declined`);
          }
          if (result.code !== 0) throw failed(`end process ${target}`, 'pkexec', result.stderr, result.code);
        },
      }),
  };
}
