// Who macOS asks Accessibility and Automation for. An installed Vitruvian asks for itself. Under
// `npm start` Electron is started from a terminal, and macOS holds the app that started a process
// responsible for it: the entry to switch on is the terminal's (Terminal, iTerm, VS Code...), not
// Vitruvian's nor Electron's.
import type { DesktopWords } from './desktop-words';

export type PermissionHolder = { kind: 'app'; name: string } | { kind: 'terminal'; name: string | undefined };

// Terminals by the bundle id macOS puts in the environment of what they start (__CFBundleIdentifier).
const terminalsByBundleId: Record<string, string> = {
  'com.apple.Terminal': 'Terminal',
  'com.googlecode.iterm2': 'iTerm',
  'com.microsoft.VSCode': 'Visual Studio Code',
  'com.microsoft.VSCodeInsiders': 'Visual Studio Code - Insiders',
  'com.todesktop.230313mzl4w4u92': 'Cursor',
  'com.mitchellh.ghostty': 'Ghostty',
  'dev.warp.Warp-Stable': 'Warp',
  'com.github.wez.wezterm': 'WezTerm',
  'net.kovidgoyal.kitty': 'kitty',
  'org.alacritty': 'Alacritty',
  'dev.zed.Zed': 'Zed',
};

// The same by TERM_PROGRAM, which most terminals set (and tmux, where the bundle id still tells).
const terminalsByProgram: Record<string, string> = {
  Apple_Terminal: 'Terminal',
  'iTerm.app': 'iTerm',
  vscode: 'Visual Studio Code',
  ghostty: 'Ghostty',
  WarpTerminal: 'Warp',
  WezTerm: 'WezTerm',
};

export function permissionHolder(packaged: boolean, appName: string, env: NodeJS.ProcessEnv = process.env): PermissionHolder {
  if (packaged) return { kind: 'app', name: appName };
  const bundleId = env.__CFBundleIdentifier ?? '';
  const program = env.TERM_PROGRAM ?? '';
  return { kind: 'terminal', name: terminalsByBundleId[bundleId] ?? terminalsByProgram[program] };
}

/** The entry to switch on in System Settings, as a person reads it. */
export const holderName = (holder: PermissionHolder, words: DesktopWords): string =>
  holder.kind === 'app' ? holder.name : words.developmentTerminal(holder.name);
