// A plugin's `read` requests, whatever its transport: the handles its calls' files get, which call
// is open, and each read judged and served in turn. A `read` names no call, only a handle, so
// handles come from one counter for the plugin's process (or worker), from 1, never reused while
// it runs: a late read of an ended call's handle can never reach the next call's file, and is
// refused naming its call. Reads are served one at a time (a plugin answers one call at a time, so
// nothing waits on another plugin), so at most one read's bytes are held for a plugin however many
// it sends at once. A read is answered with at most 4 MiB (a longer length is cut), fewer at the
// file's end, none past it.
import { SKWIR_READ_LIMIT } from '../../../src-shared/skwir/limits';
import { skwirDef, skwirProblems } from '../../../src-shared/skwir/schema-check';
import type { Capability, ReadParams } from '../../../src-shared/skwir/types';
import { CallFiles, describeFiles, describeFilesAhead, handleWords, readRefused, type CallHandles, type DescribedFile } from './call-files';
import { SKWIR_REFUSAL } from './skwir-refusals';
import { ResponseError } from '../wire/errors';
import { FileThread, type FileThreadOptions } from './file-thread';
import type { MessageId } from '../wire/message-shape';
import { LONG_LINE_BYTES } from '../wire/long-line';
import { JsonText } from '../wire/outbox';

/** Calls queued whose files are described ahead: each holds its one small file's bytes at most. */
export const CALLS_DESCRIBED_AHEAD = 8;

/** Calls whose handles a late read is still told apart by: the plugin's last ones. */
const ENDED_CALLS_KEPT = 64;

/** Bytes of a read encoded to base64 at a time: each piece's string dies young, never a string of the whole. */
const BASE64_PIECE = 3 * 16_384;

/**
 * A read's answer `{data}`, written by hand: base64 holds nothing JSON escapes (see JsonText). A long
 * one (a MiB of text or more) is made bytes a piece at a time, never one string: the 5.6 MB answer
 * to each 4 MiB read left two strings that long for the collector (the base64, then the line made
 * flat to be written), which were most of what the host held at a converted picture's peak.
 */
function readAnswer(bytes: Buffer): JsonText {
  const chars = Math.ceil(bytes.length / 3) * 4;
  if (chars < LONG_LINE_BYTES) return new JsonText(`{"data":"${bytes.toString('base64')}"}`);
  const json = Buffer.allocUnsafe(chars + '{"data":""}'.length);
  let at = json.write('{"data":"', 0, 'latin1');
  for (let from = 0; from < bytes.length; from += BASE64_PIECE) {
    at += json.write(bytes.toString('base64', from, Math.min(from + BASE64_PIECE, bytes.length)), at, 'latin1');
  }
  json.write('"}', at, 'latin1');
  return new JsonText(json);
}

interface Judged {
  files: CallFiles;
  asked: ReadParams;
}

/** A call that ended, as a late read of its handles is told: its handles only (not its files, which may be many). */
interface EndedCall extends CallHandles {
  callId: MessageId;
  cancelled: boolean;
}

const holds = (call: CallHandles, handle: number) => handle >= call.first && handle < call.first + call.count;

export class PluginReads {
  private nextHandle = 1;
  private open: CallFiles | undefined;
  private endedCalls: EndedCall[] = [];
  private readonly thread: FileThread;
  /** The read being served, and those waiting behind it. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Reads in that line, not yet answered. */
  private serving = 0;
  /** The files of calls still queued, described ahead (describeAhead), by the call's list of paths. */
  private readonly ahead = new Map<readonly string[], Promise<DescribedFile[] | undefined>>();
  /** Of those, the ones described already: a call sent takes them in the turn it leaves. */
  private readonly aheadDone = new Map<readonly string[], DescribedFile[]>();
  /** Granted read: the plugin has a file thread, where its calls' files are described. */
  private readonly reads: boolean;

  constructor(
    private readonly granted: readonly Capability[],
    thread: FileThreadOptions = {},
  ) {
    this.thread = new FileThread(thread);
    this.reads = granted.includes('read');
  }

  /**
   * A new process or worker of the plugin: its handles count from 1 again. Its file thread starts
   * now, while the plugin starts, when it may read: its first read need not wait for it.
   */
  restart(): void {
    this.nextHandle = 1;
    this.endedCalls = [];
    if (this.reads) this.thread.start();
  }

  /** The files of a call about to be sent, under the plugin's next handles; rejects naming the first path that is not a file. */
  async describe(paths: readonly string[]): Promise<CallFiles> {
    // Taken now, so no other call can be given them, whether or not this one is sent.
    const first = this.reserve(paths.length);
    const ahead = this.ahead.get(paths);
    this.letGoAhead(paths);
    return CallFiles.of((await ahead) ?? (await describeFiles(paths, this.thread, this.reads)), first, this.thread);
  }

  /**
   * The files of a call about to be sent, when they were described ahead already: taken now, with
   * the plugin's next handles. Undefined (nothing taken) when describe() must wait for them.
   */
  describedNow(paths: readonly string[]): CallFiles | undefined {
    const files = this.aheadDone.get(paths);
    if (!files) return undefined;
    this.letGoAhead(paths);
    return CallFiles.of(files, this.reserve(paths.length), this.thread);
  }

  /** Handles for a call's `count` files, described elsewhere (a module plugin's worker): the first of them. Taken now, whether or not the call is sent. */
  reserve(count: number): number {
    const first = this.nextHandle;
    this.nextHandle += count;
    return first;
  }

  /** The files of a call described elsewhere, under the handles reserve() gave it. */
  describedAt(first: number, files: DescribedFile[]): CallFiles {
    return CallFiles.of(files, first, this.thread);
  }

  /**
   * The files of the calls queued next (`upcoming`, in their order), described now, while the
   * plugin answers the one before: a plugin asked about many files waits for no step in the thread
   * between its calls. Once the next call's are described or on their way, nothing is asked; else
   * every upcoming call's not yet asked, in one step (a message each way costs more than a small
   * file's description). Only what a call's own describe() will take (the same list); one that
   * failed is described again. Calls no longer upcoming (cancelled) are forgotten.
   */
  describeAhead(upcoming: readonly (readonly string[])[]): void {
    if (!this.reads) return;
    for (const paths of this.ahead.keys()) if (!upcoming.includes(paths)) this.letGoAhead(paths);
    if (upcoming.length === 0 || this.ahead.has(upcoming[0]!)) return;
    const calls = upcoming.filter((paths) => !this.ahead.has(paths));
    const described = describeFilesAhead(calls, this.thread);
    calls.forEach((paths, index) => {
      const mine = described.then((all) => all[index]);
      this.ahead.set(paths, mine);
      void mine.then((files) => {
        if (files && this.ahead.get(paths) === mine) this.aheadDone.set(paths, files);
      });
    });
  }

  /** What was described ahead for a call, whether or not it is in yet: taken, or no longer upcoming. */
  private letGoAhead(paths: readonly string[]): void {
    this.ahead.delete(paths);
    this.aheadDone.delete(paths);
  }

  /** The call is being sent: its files are read from now on. */
  opened(files: CallFiles): void {
    this.open = files;
  }

  /**
   * The call's answer is in, or it was cancelled: its reads are refused from this moment, even
   * one that came in the same chunk of output right after the answer. Once per call; later calls
   * for the same files change nothing.
   */
  ended(files: CallFiles, callId: MessageId, how: 'answered' | 'cancelled'): void {
    if (this.open === files) this.open = undefined;
    if (files.isEnded) return;
    files.end();
    this.endedCalls.push({ first: files.first, count: files.count, callId, cancelled: how === 'cancelled' });
    if (this.endedCalls.length > ENDED_CALLS_KEPT) this.endedCalls.shift();
  }

  /**
   * One read: judged now, served once the reads before it were. `params` as the plugin sent them
   * (the module transport's offset is a u64, a BigInt). `ready`, when given, is waited for before
   * the bytes are read (the program transport: until the plugin took the last answer in).
   */
  async serve(params: unknown, ready?: () => Promise<void> | undefined): Promise<Buffer> {
    // All of it in this turn (nothing here awaits): a read that came right after its call's answer
    // is refused, never queued.
    return this.inTurn(this.judge(params), ready);
  }

  /**
   * The same, as the answer's JSON: `{data}` in base64. Given at once (in the turn the read came)
   * when no read is before it, nothing waits to be taken in, and its bytes are in memory (a small
   * file read whole as it was described): the plugin waits for nothing else. Throws its refusal.
   */
  serveJson(params: unknown, ready?: () => Promise<void> | undefined): JsonText | Promise<JsonText> {
    const judged = this.judge(params);
    if (this.serving === 0 && !judged.files.isEnded) {
      const waited = ready?.();
      const bytes =
        waited === undefined ? judged.files.readNow(judged.asked.file, judged.asked.offset, Math.min(judged.asked.length, SKWIR_READ_LIMIT)) : undefined;
      if (bytes) return readAnswer(bytes);
      return this.inTurn(judged, () => waited).then(readAnswer);
    }
    return this.inTurn(judged, ready).then(readAnswer);
  }

  /** A read judged already, served once the reads before it were. */
  private inTurn(judged: Judged, ready?: () => Promise<void> | undefined): Promise<Buffer> {
    this.serving++;
    const turn = this.turn.then(() => this.take(judged, ready)).finally(() => this.serving--);
    this.turn = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Ends the plugin's file thread (the plugin stopped); a later read starts another. What was
   * described ahead is let go: a call still queued describes its files when it is sent.
   */
  stop(): void {
    this.ahead.clear();
    this.aheadDone.clear();
    this.thread.stop();
  }

  private async take({ files, asked }: Judged, ready?: () => Promise<void> | undefined): Promise<Buffer> {
    const waited = ready?.();
    if (waited && !files.isEnded) await Promise.race([waited, files.whenEnded]);
    if (files.isEnded) {
      const call = this.endedCalls.find((ended) => ended.first === files.first);
      throw readRefused(call ? this.endedWords(asked.file, call) : 'the call it was asked for has ended');
    }
    return files.read(asked.file, asked.offset, Math.min(asked.length, SKWIR_READ_LIMIT));
  }

  /** Every refusal of a read, in order; or the files it reads and what it asks. */
  private judge(params: unknown): Judged {
    if (!this.granted.includes('read')) throw readRefused('the plugin was not granted the read capability');
    const exact = exactParams(params);
    const problems = skwirProblems(skwirDef('ReadParams'), exact ?? {}, 'params');
    if (problems.length > 0) throw new ResponseError(SKWIR_REFUSAL, `read refused: ${problems.join('; ')}`, { problems });
    const asked = exact as ReadParams;
    const open = this.open;
    if (open && holds(open, asked.file)) return { files: open, asked };
    const ended = [...this.endedCalls].reverse().find((call) => holds(call, asked.file));
    if (ended) throw readRefused(this.endedWords(asked.file, ended));
    if (!open) throw readRefused('no call is being answered; read is answered only while a call is open');
    throw readRefused(`file ${asked.file} is not a file of the call being answered (${handleWords(open)})`);
  }

  private endedWords(handle: number, call: EndedCall): string {
    if (call.cancelled) return `call ${String(call.callId)} was cancelled; its reads are refused`;
    return `file ${handle} is of call ${String(call.callId)}, which has ended; a handle means nothing once its call is over`;
  }
}

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The params with `offset` and `length` as numbers; refused naming the value when one is a whole
 * number past 2^53 - 1, which a number cannot hold exactly (the file system would be asked another
 * offset, or none at all).
 */
function exactParams(params: unknown): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const exact: Record<string, unknown> = { ...params };
  for (const key of ['offset', 'length'] as const) {
    const value = exact[key];
    const tooBig = typeof value === 'bigint' ? value > MAX_EXACT : typeof value === 'number' && Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER;
    if (tooBig) {
      throw readRefused(
        `params.${key}: ${String(value)} is past ${Number.MAX_SAFE_INTEGER}, the largest ${key} a read can ask (no file is that long: past its end a read gets no bytes)`,
      );
    }
    if (typeof value === 'bigint') exact[key] = Number(value);
  }
  return exact;
}
