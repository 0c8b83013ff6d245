// Paste as a person does, on every platform: keep what the clipboard holds, put the text on it,
// press the paste shortcut in the app in front, and put back what was there once the app has read
// it. Typing the text instead turns each line break into Return and gets past a terminal's
// bracketed paste. One paste at a time: a second must not keep the first one's text as "what was
// there".
import { delay } from '../host/process/delay';

export interface PasteSteps {
  /** Refuses before the clipboard is touched (no permission, a program missing). */
  ready(): Promise<void> | void;
  /** Keeps what the clipboard holds now; the function returned puts it back. */
  stash(): Promise<() => Promise<void>>;
  /** Puts the text on the clipboard. */
  write(text: string): Promise<void>;
  /** Presses the paste shortcut in the app in front. */
  pressPaste(): Promise<void>;
  /** How long the text stays on the clipboard after the shortcut: the app in front reads it then. */
  restoreDelayMs: number;
}

export function pasteThroughClipboard(steps: PasteSteps): (text: string) => Promise<void> {
  let pastes: Promise<unknown> = Promise.resolve();
  const pasteNow = async (text: string) => {
    await steps.ready();
    const restore = await steps.stash();
    try {
      await steps.write(text);
      await steps.pressPaste();
      await delay(steps.restoreDelayMs);
    } finally {
      await restore();
    }
  };
  return (text) => {
    const done = pastes.then(() => pasteNow(text));
    pastes = done.catch(() => {});
    return done;
  };
}
