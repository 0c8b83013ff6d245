// The files selected in the Finder, for a Skwir command run from the palette or its shortcut. Read
// through Apple events by osascript running one constant JavaScript for Automation script: nothing
// of ours is spliced into it, and it answers a JSON array, so a file name holding quotes, newlines
// or any other character comes back whole. The first time, macOS asks the person whether Vitruvian
// may control the Finder; a refusal says where to allow it, in the app's language.
import { runCommand, type RunCommand } from '../../platform/command-runner';
import { describeValue } from '../../../src-shared/host-wire';
import { desktopWordsFor, type DesktopWords } from '../desktop-words';
import { holderName, type PermissionHolder } from '../permission-holder';

/**
 * Each item's file URL made a POSIX path (a folder's without its last slash), as a JSON array with
 * every character past ASCII escaped: osascript's output then reads the same whatever the locale.
 */
export const finderSelectionScript = String.raw`function run() {
	var items = Application('Finder').selection();
	var paths = [];
	for (var i = 0; i < items.length; i++) {
		var url = items[i].url();
		if (typeof url !== 'string' || url.indexOf('file://') !== 0) continue;
		var path = decodeURIComponent(url.replace(/^file:\/\/(localhost)?/, ''));
		if (path.length > 1 && path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
		paths.push(path);
	}
	return JSON.stringify(paths).replace(/[\u007f-\uffff]/g, function (c) {
		return '\\u' + ('0000' + c.charCodeAt(0).toString(16)).slice(-4);
	});
}`;

export const finderSelectionArgs: readonly string[] = ['-l', 'JavaScript', '-e', finderSelectionScript];

/**
 * The selection, or why there is none: `none` where no file manager offers one, `permission` when
 * the person did not let Vitruvian control the Finder (`permission` names it, `problem` says where to
 * allow it), `failed` otherwise. The same shape as the HostApi's FileSelection.
 */
export type FinderSelection =
  | { ok: true; paths: string[] }
  | { ok: false; reason: 'none'; problem: string }
  | { ok: false; reason: 'permission'; permission: string; problem: string }
  | { ok: false; reason: 'failed'; problem: string };

export interface FinderSelectionOptions {
  platform?: NodeJS.Platform;
  run?: RunCommand;
  /** osascript's environment (tests put a fake osascript first on its PATH). */
  env?: NodeJS.ProcessEnv;
  /** Whom macOS asks the permission for: Vitruvian, or under `npm start` the terminal. */
  holder?: PermissionHolder;
  /** The first call waits while macOS asks the person, so it is long (default 2 minutes). */
  timeoutMs?: number;
  /** The app's language, which the palette shows a refusal in (default English). */
  language?: string;
}

/** The Automation refusals: -1743 refused, -1744 refused without being asked. */
const automationRefused = /-174[34]\b|Not authori[sz]ed to send Apple events/i;

const failed = (problem: string): FinderSelection => ({ ok: false, reason: 'failed', problem });

function osascriptFailure(code: number | null, stderr: string, holder: PermissionHolder, timeoutMs: number, words: DesktopWords): FinderSelection {
  const said = stderr.trim();
  if (automationRefused.test(said)) {
    return { ok: false, reason: 'permission', permission: 'automation', problem: words.finder.refused(holderName(holder, words)) };
  }
  if (said.includes('-600')) return failed(words.finder.notRunning);
  if (code === null) return failed(words.finder.noAnswer(timeoutMs / 1000));
  return failed(words.finder.failed(`osascript: ${said || `exit code ${code}`}`));
}

/** The paths in osascript's answer, or why it is not a list of absolute paths. */
export function parseFinderSelection(stdout: string): string[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout.trim());
  } catch {
    return `osascript answered ${describeValue(stdout.slice(0, 200))}, not a JSON list of paths`;
  }
  if (!Array.isArray(parsed)) return `osascript answered ${describeValue(parsed)}, not a list of paths`;
  const list: unknown[] = parsed;
  const wrong = list.find((path) => typeof path !== 'string' || !path.startsWith('/'));
  if (wrong !== undefined) return `the selection holds ${describeValue(wrong)}, not an absolute path`;
  return list as string[];
}

/**
 * The POSIX paths of the items selected in the Finder, in the Finder's order; none when nothing is
 * selected. Never throws: a refusal is an answer the palette shows.
 */
export async function readFinderSelection(options: FinderSelectionOptions = {}): Promise<FinderSelection> {
  const platform = options.platform ?? process.platform;
  if (platform !== 'darwin') {
    return { ok: false, reason: 'none', problem: 'no file manager selection here: drop files on the palette or choose them in a dialog' };
  }
  const run = options.run ?? runCommand;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const holder = options.holder ?? { kind: 'app', name: 'Vitruvian' };
  const words = desktopWordsFor(options.language ?? 'en');
  let result;
  try {
    result = await run('osascript', finderSelectionArgs, { timeoutMs, ...(options.env ? { env: options.env } : {}) });
  } catch (error) {
    return failed(words.finder.failed(`osascript could not start: ${error instanceof Error ? error.message : String(error)}`));
  }
  if (result.code !== 0) return osascriptFailure(result.code, result.stderr, holder, timeoutMs, words);
  const paths = parseFinderSelection(result.stdout);
  return typeof paths === 'string' ? failed(words.finder.failed(paths)) : { ok: true, paths };
}
