// macOS keystrokes and process ending through osascript and System Events.
// No electron import here: the Accessibility check and the clipboard come in as functions.
import { lacksPermission, notAvailable, PlatformRefusal } from './platform';
import { pasteThroughClipboard } from './clipboard-paste';
import { runCommand, type CommandResult, type RunCommand } from './command-runner';
import { describeKeyEquivalent, parseKeyEquivalents, type KeyEquivalent } from './key-equivalent';
import { endProcess } from './process-ending';
import type { OsServices } from './compose';

/** The clipboard as paste needs it: keep what is there, put the text, give the old content back. */
export interface Pasteboard {
  /** Keeps everything the clipboard holds now; the function returned puts it back. */
  stash(): Promise<() => Promise<void>>;
  /** Puts text on the clipboard for one paste, marked transient so clipboard histories skip it. */
  writeForPaste(text: string): Promise<void>;
}

export interface DarwinOptions {
  /**
   * Checked before every keystroke. In the app: systemPreferences.isTrustedAccessibilityClient, with
   * the prompt the first time in a session (src-main/electron/accessibility.ts), then without.
   */
  isAccessibilityTrusted(): boolean;
  pasteboard: Pasteboard;
  /** The app's own pids (its processes and its tools' host): never ended. */
  protectedPids: () => readonly number[];
  run?: RunCommand;
  currentUid?: number;
  /** How long pasted text stays on the clipboard before the old content returns (default 600 ms). */
  restoreDelayMs?: number;
}

/** Regular accounts on macOS start at uid 501; below are root and the system's _daemons. */
export const darwinFirstUserUid = 501;

export const pasteScript = 'tell application "System Events" to keystroke "v" using command down';

// Arguments come in pairs: the key's character, then its AXMenuItemCmdModifiers mask.
// The first enabled item of the front app's menus with a matching pair is clicked.
export const pressMenuItemScript = `on run argv
	tell application "System Events"
		set frontProcess to first application process whose frontmost is true
		set appName to name of frontProcess
		set i to 1
		repeat while i < (count of argv)
			set wantedChar to item i of argv
			set wantedMods to (item (i + 1) of argv) as integer
			repeat with barItem in menu bar items of menu bar 1 of frontProcess
				try
					set theMenu to menu 1 of barItem
					set itemChars to value of attribute "AXMenuItemCmdChar" of menu items of theMenu
					set itemMods to value of attribute "AXMenuItemCmdModifiers" of menu items of theMenu
					repeat with j from 1 to count of itemChars
						set itemChar to item j of itemChars
						if itemChar is not missing value and itemChar is wantedChar and (item j of itemMods) = wantedMods then
							set theItem to menu item j of theMenu
							if enabled of theItem then
								click theItem
								return "pressed" & linefeed & appName
							end if
						end if
					end repeat
				end try
			end repeat
			set i to i + 2
		end repeat
		return "none" & linefeed & appName
	end tell
end run`;

export const endAsAdministratorScript = `on run argv
	do shell script "/bin/kill -TERM " & quoted form of (item 1 of argv) with administrator privileges
end run`;

/** AXMenuItemCmdModifiers: shift 1, option 2, control 4, and 8 when the item has no command key. */
export function menuModifierMask(key: KeyEquivalent): number {
  let mask = key.modifiers.includes('cmd') ? 0 : 8;
  if (key.modifiers.includes('shift')) mask |= 1;
  if (key.modifiers.includes('alt')) mask |= 2;
  if (key.modifiers.includes('ctrl')) mask |= 4;
  return mask;
}

/** Turns an osascript failure into the refusal a tool understands. */
export function osascriptRefusal(result: CommandResult, doing: string): PlatformRefusal {
  const said = result.stderr.trim();
  if (said.includes('-1743')) {
    return lacksPermission('automation', `${doing}: Vitruvian may not control System Events (Automation permission)`);
  }
  if (said.includes('-25211') || said.includes('-1719') || said.includes('assistive access')) {
    return lacksPermission('accessibility', `${doing}: Vitruvian lacks the Accessibility permission`);
  }
  if (said.includes('-128')) return notAvailable(`${doing}: the person declined`);
  if (result.code === null) return notAvailable(`${doing}: osascript did not answer in time`);
  return notAvailable(`${doing}: osascript failed: ${said || `exit code ${result.code}`}`);
}

export function createDarwinServices(options: DarwinOptions): OsServices {
  const run = options.run ?? runCommand;
  const restoreDelayMs = options.restoreDelayMs ?? 600;
  const osascript = async (doing: string, script: string, args: readonly string[] = []) => {
    const result = await run('osascript', ['-e', script, ...args], { timeoutMs: 30_000 });
    if (result.code !== 0) throw osascriptRefusal(result, doing);
    return result.stdout;
  };
  const requireAccessibility = (doing: string) => {
    if (!options.isAccessibilityTrusted()) {
      throw lacksPermission('accessibility', `${doing}: Vitruvian lacks the Accessibility permission (System Settings > Privacy & Security > Accessibility)`);
    }
  };
  const paste = pasteThroughClipboard({
    ready: () => requireAccessibility('paste'),
    stash: () => options.pasteboard.stash(),
    write: (text) => options.pasteboard.writeForPaste(text),
    pressPaste: async () => void (await osascript('paste', pasteScript)),
    restoreDelayMs,
  });

  return {
    paste,

    async pressMenuItem(keys) {
      const { parsed, problems } = parseKeyEquivalents(keys);
      const matchable = parsed.filter((key) => !key.named);
      if (matchable.length === 0) {
        const why = problems.length > 0 ? problems.join('; ') : 'named keys are not matched against menu items on macOS';
        throw notAvailable(`press menu item: ${why}`);
      }
      requireAccessibility('press menu item');
      const args = matchable.flatMap((key) => [key.key, String(menuModifierMask(key))]);
      const out = await osascript('press menu item', pressMenuItemScript, args);
      const [outcome, appName = 'the app in front'] = out.trim().split('\n');
      if (outcome !== 'pressed') {
        throw notAvailable(`press menu item: no enabled menu item of ${appName} has ${matchable.map(describeKeyEquivalent).join(' or ')}`);
      }
    },

    terminateProcess: (pid) =>
      endProcess(pid, {
        run,
        protectedPids: options.protectedPids,
        currentUid: options.currentUid ?? process.getuid?.() ?? -1,
        firstUserUid: darwinFirstUserUid,
        endAsAdministrator: async (target) => {
          await osascript(`end process ${target} as administrator`, endAsAdministratorScript, [String(target)]);
        },
      }),
  };
}
