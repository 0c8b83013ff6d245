// Linux, for development and the test bed: xclip for the clipboard, xdotool for keystrokes,
// xdg-open for links, notify-send for the HUD. Each program is used when it is installed;
// without it (or without an X display) the service is refused with -32004, saying what is missing.
import { notAvailable, type Platform } from './platform';
import { findProgram as findOnPath, runCommand, type RunCommand } from './command-runner';
import { describeKeyEquivalent, parseKeyEquivalents, type KeyEquivalent } from './key-equivalent';
import { endProcess } from './process-ending';

export interface LinuxOptions {
  run?: RunCommand;
  /** The environment the programs see (DISPLAY, PATH); process.env by default, read at each call. */
  env?: NodeJS.ProcessEnv;
  findProgram?: (name: string, env: NodeJS.ProcessEnv) => Promise<string | null>;
  /** The app's own pids (its processes and its tools' host): never ended. Default: this process. */
  protectedPids?(): readonly number[];
  currentUid?: number;
  /** How long a clipboard write may take to show (xclip's child takes it after xclip exits); 5 s. */
  clipboardSettleMs?: number;
}

/** Regular accounts on Linux start at uid 1000 (UID_MIN in login.defs). */
export const linuxFirstUserUid = 1000;

const xdotoolKeyNames: Record<string, string> = {
  return: 'Return', enter: 'KP_Enter', tab: 'Tab', space: 'space', delete: 'BackSpace', forwarddelete: 'Delete',
  escape: 'Escape', up: 'Up', down: 'Down', left: 'Left', right: 'Right', home: 'Home', end: 'End',
  pageup: 'Prior', pagedown: 'Next',
  ',': 'comma', '.': 'period', '/': 'slash', ';': 'semicolon', "'": 'apostrophe', '[': 'bracketleft',
  ']': 'bracketright', '\\': 'backslash', '-': 'minus', '=': 'equal', '`': 'grave', '+': 'plus',
};

/** The xdotool key spec for a key equivalent; cmd is ctrl on Linux. */
export function xdotoolKeySpec(key: KeyEquivalent): string {
  const modifiers = new Set<string>(key.modifiers.map((m) => (m === 'cmd' ? 'ctrl' : m)));
  const name = xdotoolKeyNames[key.key] ?? (/^f\d+$/.test(key.key) ? key.key.toUpperCase() : key.key);
  return [...['ctrl', 'shift', 'alt'].filter((m) => modifiers.has(m)), name].join('+');
}

export function createLinuxPlatform(options: LinuxOptions = {}): Platform {
  const run = options.run ?? runCommand;
  const envNow = () => options.env ?? process.env;
  const find = options.findProgram ?? findOnPath;

  /** The program's path, refusing when it is missing or when there is no display. */
  const program = async (name: string, doing: string, needsDisplay = true) => {
    const env = envNow();
    if (needsDisplay && !env.DISPLAY) throw notAvailable(`${doing}: no X display (DISPLAY is not set)`);
    const path = await find(name, env);
    if (!path) throw notAvailable(`${doing}: ${name} is not installed`);
    return path;
  };
  const failed = (doing: string, name: string, stderr: string, code: number | null) =>
    notAvailable(`${doing}: ${name} failed: ${stderr.trim() || `exit code ${code}`}`);

  return {
    name: 'linux',

    async clipboardReadText() {
      const xclip = await program('xclip', 'read the clipboard');
      const result = await run(xclip, ['-selection', 'clipboard', '-o'], { env: envNow(), timeoutMs: 5000 });
      if (result.code === 0) return result.stdout;
      // An empty clipboard, or one holding no text, is "no text", not a failure.
      if (/target .* not available|no selection|empty/i.test(result.stderr) || result.stderr.trim() === '') return null;
      throw failed('read the clipboard', 'xclip', result.stderr, result.code);
    },

    async clipboardWriteText(text) {
      const xclip = await program('xclip', 'write the clipboard');
      // xclip leaves a child behind that serves the text until someone else takes the clipboard.
      const result = await run(xclip, ['-selection', 'clipboard', '-i'], { input: text, leavesChild: true, env: envNow() });
      if (result.code !== 0) throw failed('write the clipboard', 'xclip', result.stderr, result.code);
      // xclip exits once its child has asked for the clipboard, not once the X server has given it:
      // answer when the clipboard reads back the text, so a read that follows sees it.
      const deadline = Date.now() + (options.clipboardSettleMs ?? 5000);
      for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
        const check = await run(xclip, ['-selection', 'clipboard', '-o'], { env: envNow(), timeoutMs: 5000 });
        if (check.code === 0 && check.stdout === text) return;
        if (Date.now() > deadline) throw notAvailable('write the clipboard: xclip did not take the clipboard');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },

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

    async paste(text) {
      const xdotool = await program('xdotool', 'paste');
      const result = await run(xdotool, ['type', '--clearmodifiers', '--delay', '1', '--', text], {
        env: envNow(),
        timeoutMs: 60_000,
      });
      if (result.code !== 0) throw failed('paste', 'xdotool', result.stderr, result.code);
    },

    async pressMenuItem(keys) {
      // Linux cannot see which menu items the front app has: it presses the first equivalent given.
      const { parsed, problems } = parseKeyEquivalents(keys);
      const key = parsed[0];
      if (!key) throw notAvailable(`press menu item: ${problems.join('; ') || 'no key equivalent given'}`);
      const xdotool = await program('xdotool', 'press menu item');
      const result = await run(xdotool, ['key', '--clearmodifiers', xdotoolKeySpec(key)], { env: envNow() });
      if (result.code !== 0) {
        throw failed(`press menu item ${describeKeyEquivalent(key)}`, 'xdotool', result.stderr, result.code);
      }
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
