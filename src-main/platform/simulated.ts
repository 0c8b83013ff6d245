// The platform of the CLI and the test bed: a clipboard in memory, and every other service recorded
// instead of done, each answered at once (no promise; a refusal is thrown). A test or the test bed
// can make a service refuse, to see how a tool copes.
import { Emitter } from '../../src-shared/lifecycle';
import { previewOfParams, SERVICE_CALLS_KEPT } from '../../src-shared/service-call-preview';
import type { FileSelection } from '../../src-shared/host-api';
import type { FileSelectionSource, Platform, PlatformRefusal } from './platform';

export type PlatformMethod = Exclude<keyof Platform, 'name'>;

export interface PlatformCall {
  method: PlatformMethod;
  args: unknown[];
}

/** A global shortcut the simulated platform took: recorded, never registered with the OS. */
export interface RecordedShortcut {
  accelerator: string;
  pressed: () => void;
}

export class SimulatedPlatform implements Platform, FileSelectionSource {
  readonly name = 'simulated';
  private readonly _onDidCall = new Emitter<PlatformCall>();
  /** Every call, after it was answered or refused. */
  readonly onDidCall = this._onDidCall.event;
  private readonly _onDidChangeClipboard = new Emitter<string | null>();
  /** What the clipboard holds changed: a tool or a plugin wrote it, or the person put text there. */
  readonly onDidChangeClipboard = this._onDidChangeClipboard.event;

  private clipboard: string | null;
  private readonly refusals = new Map<PlatformMethod, PlatformRefusal>();
  private readonly recorded: PlatformCall[] = [];

  private readonly maxCalls: number;
  private selection: string[] = [];
  private readonly shortcuts = new Map<string, RecordedShortcut>();
  private readonly taken = new Set<string>();

  constructor(options: { clipboard?: string | null; maxCalls?: number } = {}) {
    this.clipboard = options.clipboard ?? null;
    this.maxCalls = options.maxCalls ?? SERVICE_CALLS_KEPT;
  }

  /** The last calls, oldest first: at most maxCalls, each with a preview of its arguments. */
  get calls(): readonly PlatformCall[] {
    return this.recorded.slice(-this.maxCalls);
  }

  get clipboardText(): string | null {
    return this.clipboard;
  }

  /** Puts text on the clipboard as the person would (the test bed's panel, run --clipboard): no call is recorded. */
  setClipboardText(text: string | null): void {
    this.clipboard = text;
    this._onDidChangeClipboard.fire(text);
  }

  /** Selects files as the person would in the Finder (the test bed's panel). */
  setFileSelection(paths: readonly string[]): void {
    this.selection = [...paths];
  }

  fileSelection(): FileSelection {
    return { ok: true, paths: [...this.selection] };
  }

  /** From now on this shortcut is held by "another app": registering it answers false. */
  markShortcutTaken(accelerator: string, taken = true): void {
    if (taken) this.taken.add(accelerator);
    else this.taken.delete(accelerator);
  }

  /** Records the shortcut (nothing is registered with the OS); false when marked taken. */
  registerShortcut(accelerator: string, pressed: () => void): boolean {
    if (this.taken.has(accelerator) || this.shortcuts.has(accelerator)) return false;
    this.shortcuts.set(accelerator, { accelerator, pressed });
    return true;
  }

  unregisterShortcut(accelerator: string): void {
    this.shortcuts.delete(accelerator);
  }

  /** The shortcuts registered now, as recorded. */
  get registeredShortcuts(): string[] {
    return [...this.shortcuts.keys()];
  }

  /** The person pressed a shortcut: false when none is registered under it. */
  pressShortcut(accelerator: string): boolean {
    const shortcut = this.shortcuts.get(accelerator);
    shortcut?.pressed();
    return shortcut !== undefined;
  }

  /** From now on `method` refuses with this refusal; undefined makes it answer again. */
  refuse(method: PlatformMethod, refusal: PlatformRefusal | undefined): void {
    if (refusal) this.refusals.set(method, refusal);
    else this.refusals.delete(method);
  }

  clipboardReadText(): string | null {
    this.record('clipboardReadText', []);
    return this.clipboard;
  }

  clipboardWriteText(text: string): void {
    this.record('clipboardWriteText', [text]);
    this.clipboard = text;
    this._onDidChangeClipboard.fire(text);
  }

  openUrl(url: string): void {
    this.record('openUrl', [url]);
  }

  showHud(text: string, symbol?: string): void {
    this.record('showHud', symbol === undefined ? [text] : [text, symbol]);
  }

  beep(): void {
    this.record('beep', []);
  }

  paste(text: string): void {
    this.record('paste', [text]);
  }

  pressMenuItem(keys: string[]): void {
    this.record('pressMenuItem', [[...keys]]);
  }

  terminateProcess(pid: number): void {
    this.record('terminateProcess', [pid]);
  }

  trashFile(path: string): void {
    this.record('trashFile', [path]);
  }

  dispose(): void {
    this._onDidCall.dispose();
    this._onDidChangeClipboard.dispose();
  }

  private record(method: PlatformMethod, args: unknown[]): void {
    const refusal = this.refusals.get(method);
    // A preview of what was asked, never the arguments whole: a tool may paste a MB each time.
    const call = { method, args: previewOfParams({ args }).args as unknown[] };
    this.recorded.push(call);
    // Trimmed in batches: a service call must stay cheap when the list is full.
    if (this.recorded.length >= 2 * this.maxCalls) this.recorded.splice(0, this.recorded.length - this.maxCalls);
    this._onDidCall.fire(call);
    if (refusal) throw refusal;
  }
}
