// macOS Accessibility, which pasting and pressing menu items need. The first time in a session a
// tool needs it, macOS is asked to prompt (which also lists the app in System Settings); the tool
// still gets -32003 with data.permission "accessibility" until the person turns it on. The first
// such refusal is also told to the person in a notification naming the tool and what to enable.
import { pickText } from '../../src-shared/text';
import type { HostApi, TraceLine } from '../../src-shared/host-api';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { desktopWordsFor } from './desktop-words';
import type { Notify } from './electron-services';
import { holderName, type PermissionHolder } from './permission-holder';

/**
 * The check darwin.ts makes before each keystroke, from systemPreferences.isTrustedAccessibilityClient:
 * the first call asks with the prompt, every later one only looks.
 */
export function accessibilityCheck(isTrusted: (prompt: boolean) => boolean): () => boolean {
  let asked = false;
  return () => {
    const prompt = !asked;
    asked = true;
    return isTrusted(prompt);
  };
}

/** The services refused for want of Accessibility (darwin.ts). */
const keystrokeMethods: readonly string[] = ['keystrokes/paste', 'keystrokes/pressMenuItem'];

/** Whether a trace line is the app answering a keystroke request -32003 for want of Accessibility. */
export function isAccessibilityRefusal(line: TraceLine): boolean {
  if (line.direction !== 'toTool' || !line.method || !keystrokeMethods.includes(line.method)) return false;
  try {
    const error = (JSON.parse(line.text) as { error?: { code?: unknown; data?: { permission?: unknown } } }).error;
    return error?.code === -32003 && error.data?.permission === 'accessibility';
  } catch {
    return false;
  }
}

export interface AccessibilityNoticeOptions {
  host: Pick<HostApi, 'subscribe' | 'listTools'>;
  notify: Notify;
  language(): string;
  /** The entry to turn on in the list: Vitruvian, or under `npm start` the terminal that ran it. */
  holder: PermissionHolder;
}

/** Tells the person once, at the first keystroke a tool was refused for want of Accessibility. */
export function noticeAccessibilityRefusal(options: AccessibilityNoticeOptions): Disposable {
  let told = false;
  const subscription = options.host.subscribe((event) => {
    if (told || event.type !== 'trace' || !isAccessibilityRefusal(event.line)) return;
    told = true;
    subscription.dispose();
    void options.host
      .listTools()
      .catch(() => [])
      .then((tools) => {
        const language = options.language();
        const tool = tools.find((t) => t.id === event.toolId);
        const words = desktopWordsFor(language);
        options.notify(
          words.accessibilityTitle,
          words.accessibilityBody(tool ? pickText(tool.name, language) : event.toolId, holderName(options.holder, words)),
          'mustSee',
        );
      });
  });
  return toDisposable(() => subscription.dispose());
}
