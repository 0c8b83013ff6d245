// The recording of an entry's latest session (docs/recordings.md): every line on its link both ways,
// whole and in order, from the start of its process (or worker) to its end, with the inputs the host
// had when it began, the simulated clipboard set meanwhile, and where the host began to stop it.
// Kept up to a size: past it, lines are counted, not kept, and the recording says so. A secret
// preference's value is masked as in the trace. Read as the lines of a recording file, where the
// files its calls named are hashed as they are then.
import type { EndLine, FileLine, RecordLine, SessionInputs, SessionLine } from '../../../src-shared/recording/record-lines';
import { RECORDING_FORMAT } from '../../../src-shared/recording/record-lines';
import { fileSha256 } from '../files/file-hash';
import { detached } from '../wire/detached';
import { hasKeptBytes, showKeptBytes } from '../wire/not-utf8';
import { SecretMask } from './trace';

/** What the host keeps of one session by default (the app's); the CLI and the test bed keep more. */
export const RECORDING_MAX_CHARS = 1024 * 1024;

/** Whose session it is, for the session line. */
export type RecordingAbout = Pick<SessionLine, 'dialect' | 'transport' | 'id' | 'version' | 'folder'>;

type Kept =
  | { type: 'line'; ms: number; direction: 'toTool' | 'fromTool'; text: string; notUtf8?: true }
  | { type: 'input'; ms: number; clipboard: string | null }
  | { type: 'stop'; ms: number };

export interface RecordingOptions {
  /** Characters of lines kept (default RECORDING_MAX_CHARS). */
  maxChars?: number;
  now?: () => number;
}

export class SessionRecording {
  private readonly maxChars: number;
  private readonly now: () => number;
  private kept: Kept[] = [];
  private chars = 0;
  private leftOut = 0;
  private began: number | undefined;
  private inputs: SessionInputs | undefined;
  private stopping = false;
  private ended: { how: EndLine['how']; ms: number } | undefined;
  private secrets: SecretMask | undefined;

  constructor(options: RecordingOptions = {}) {
    this.maxChars = options.maxChars ?? RECORDING_MAX_CHARS;
    this.now = options.now ?? Date.now;
  }

  /** From now on, these secret preferences' values are masked (as the trace masks them). */
  maskSecrets(secretIds: () => readonly string[], secretValues?: () => readonly string[]): void {
    this.secrets = new SecretMask(secretIds, secretValues);
  }

  /** A new process: the last session is forgotten, this one begins with what the host has now. */
  begin(inputs: SessionInputs): void {
    this.kept = [];
    this.chars = 0;
    this.leftOut = 0;
    this.began = this.now();
    this.inputs = inputs;
    this.stopping = false;
    this.ended = undefined;
  }

  /** A line on the link, as it went (`sent`: for a line to the program, the message it was made from). */
  line(direction: 'toTool' | 'fromTool', text: string, method?: string, sent?: object, length?: number): void {
    if (!this.open) return;
    // Past the size kept, a line is only counted: a flood of a million lines costs no work each. A
    // line given only by its start (`length` is the whole one's) is never kept cut: it is counted too.
    if (this.full(text.length) || (length !== undefined && length > text.length)) {
      this.leftOut++;
      return;
    }
    const notUtf8 = hasKeptBytes(text);
    const shown = notUtf8 ? showKeptBytes(text) : (this.secrets?.mask(direction, text, method, sent) ?? text);
    // A copy: the line may be a slice of the chunk it came in, which it would keep alive.
    this.keep({ type: 'line', ms: this.ms(), direction, text: detached(shown), ...(notUtf8 ? { notUtf8: true as const } : {}) }, shown.length);
  }

  /** The simulated clipboard was set by hand. */
  clipboard(text: string | null): void {
    if (this.open) this.keep({ type: 'input', ms: this.ms(), clipboard: text }, text?.length ?? 0);
  }

  /** The host began its stop sequence. */
  stop(): void {
    if (!this.open || this.stopping) return;
    this.stopping = true;
    this.keep({ type: 'stop', ms: this.ms() }, 0);
  }

  /** The process (or worker) is gone: stopped when the host stopped it, else it exited by itself. */
  end(): void {
    if (this.open) this.ended = { how: this.stopping ? 'stopped' : 'exited', ms: this.ms() };
  }

  get hasSession(): boolean {
    return this.began !== undefined;
  }

  /** The session so far as the lines of a recording file; the files its calls named are hashed now. */
  async lines(about: RecordingAbout, recordedBy: string): Promise<RecordLine[]> {
    const inputs = this.inputs ?? { services: 'simulated' };
    const session: SessionLine = { type: 'session', format: RECORDING_FORMAT, ...about, recordedBy, recordedAt: new Date().toISOString(), inputs, ignore: [] };
    const out: RecordLine[] = [session];
    const hashed = new Map<string, Promise<FileLine>>();
    for (const kept of [...this.kept]) {
      if (kept.type !== 'line') {
        out.push(kept.type === 'stop' ? { type: 'stop', ms: kept.ms } : { type: 'input', ms: kept.ms, clipboard: kept.clipboard });
        continue;
      }
      const { direction, ms, text } = kept;
      let message: unknown;
      try {
        message = kept.notUtf8 ? undefined : JSON.parse(text);
      } catch {
        message = undefined;
      }
      if (message === undefined) {
        out.push({ type: 'message', direction, ms, text, ...(kept.notUtf8 ? { notUtf8: true as const } : {}) });
        continue;
      }
      if (direction === 'toTool' && about.dialect === 'skwir') {
        for (const path of filesNamed(message)) {
          if (hashed.has(path)) continue;
          const line = fileLine(path);
          hashed.set(path, line);
          out.push(await line);
        }
      }
      out.push({ type: 'message', direction, ms, message: message as object });
    }
    const end: EndLine = { type: 'end', ms: this.ended?.ms ?? this.ms(), how: this.ended?.how ?? 'running' };
    if (this.leftOut > 0) end.linesLeftOut = this.leftOut;
    out.push(end);
    return out;
  }

  private get open(): boolean {
    return this.began !== undefined && this.ended === undefined;
  }

  private ms(): number {
    return Math.max(0, Math.round(this.now() - (this.began ?? this.now())));
  }

  private full(chars: number): boolean {
    return this.leftOut > 0 || this.chars + chars > this.maxChars;
  }

  private keep(kept: Kept, chars: number): void {
    if (this.full(chars)) {
      this.leftOut++;
      return;
    }
    this.chars += chars;
    this.kept.push(kept);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths a Skwir call's params name: its `file`, or its `entries`. */
function filesNamed(message: unknown): string[] {
  if (!isObject(message) || !isObject(message.params)) return [];
  const { file, entries } = message.params;
  const files = Array.isArray(entries) ? entries : [file];
  return files.flatMap((entry) => (isObject(entry) && typeof entry.path === 'string' && entry.path !== '' ? [entry.path] : []));
}

async function fileLine(path: string): Promise<FileLine> {
  try {
    return { type: 'file', path, ...(await fileSha256(path)) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { type: 'file', path, problem: code === 'ENOENT' ? 'it is gone' : code ? `it could not be read (${code})` : (error as Error).message };
  }
}
