// The OS services behind one interface (docs/design/architecture.md). The service broker calls these after
// it has checked `uses` and the params; an implementation refuses with PlatformRefusal. A service
// that has its answer at once (the simulated platform's) gives it at once, and the tool's answer is
// written in the turn its request was read.
import type { FileSelection } from '../../src-shared/host-api';
import type { MaybePromise } from '../../src-shared/maybe-promise';

export interface Platform {
  readonly name: string;
  clipboardReadText(): MaybePromise<string | null>;
  clipboardWriteText(text: string): MaybePromise<void>;
  /** Only http, https and mailto reach here; the broker refuses the rest. */
  openUrl(url: string): MaybePromise<void>;
  showHud(text: string, symbol?: string): MaybePromise<void>;
  beep(): MaybePromise<void>;
  /** Paste text into the app in front. */
  paste(text: string): MaybePromise<void>;
  /** Press the menu item of the app in front having one of these key equivalents ("cmd+shift+n"). */
  pressMenuItem(keys: string[]): MaybePromise<void>;
  terminateProcess(pid: number): MaybePromise<void>;
  /** Moves a file to the OS trash (a Skwir plugin's plan, once the person confirmed it). */
  trashFile(path: string): MaybePromise<void>;
}

export type PlatformRefusalCode = -32003 | -32004;

/** A service the platform cannot give now: becomes a wire failure with this code and data. */
export class PlatformRefusal extends Error {
  constructor(
    readonly code: PlatformRefusalCode,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'PlatformRefusal';
  }
}

export const notAvailable = (message: string): PlatformRefusal => new PlatformRefusal(-32004, message);
export const lacksPermission = (permission: string, message: string): PlatformRefusal => new PlatformRefusal(-32003, message, { permission });

/** The files the person selected outside the app: the Finder's on macOS (read through Apple events). */
export interface FileSelectionSource {
  fileSelection(): MaybePromise<FileSelection>;
}

/** Where no file manager offers its selection (Linux): the palette takes dropped or chosen files. */
export const noFileSelection: FileSelectionSource = {
  fileSelection: () => ({ ok: false, reason: 'none', problem: 'no file manager here offers its selection: drop the files on the palette or choose them' }),
};
