// The OS services behind one interface (DESIGN.md section 6). The service broker calls these after
// it has checked `uses` and the params; an implementation refuses with PlatformRefusal.

export interface Platform {
  readonly name: string;
  clipboardReadText(): Promise<string | null>;
  clipboardWriteText(text: string): Promise<void>;
  /** Only http, https and mailto reach here; the broker refuses the rest. */
  openUrl(url: string): Promise<void>;
  showHud(text: string, symbol?: string): Promise<void>;
  beep(): Promise<void>;
  /** Paste text into the app in front. */
  paste(text: string): Promise<void>;
  /** Press the menu item of the app in front having one of these key equivalents ("cmd+shift+n"). */
  pressMenuItem(keys: string[]): Promise<void>;
  terminateProcess(pid: number): Promise<void>;
  /** Moves a file to the OS trash (a Skwir plugin's plan, once the person confirmed it). */
  trashFile(path: string): Promise<void>;
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
