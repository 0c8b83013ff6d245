// The call a module plugin's worker is answering, as the host keeps it (module-plugin.ts sends it):
// what goes to the worker (its files named, to be described there, and its own params), and what
// the worker tells of it as it goes (module-worker-link.ts's events): its beginning, with the files
// as the worker described them and the params the component got, which the host then traces and
// judges the call's reads and answer against; the reads the worker served, traced as the host's
// answers would have been and counted for the window; the component's log lines. A read the worker
// leaves to the host is answered here, and refused unless plainly the open call's.
import { basename } from 'node:path';
import type { LogLevel, LogSource } from '../../../../src-shared/host-api';
import { mimeOf } from '../../../../src-shared/skwir/file-types';
import { skwirMethodInfo } from '../../../../src-shared/skwir/methods';
import { READ_WHOLE_BYTES, type CallFiles } from '../call-files';
import { GivenFileRefusal, givenFileProblemOf, notAFileProblem } from '../given-file';
import { countBytes, type CallRequest } from '../plugin-calls';
import type { PluginReads } from '../plugin-reads';
import { logNotice } from '../../records/log-notice';
import type { ModuleTrace } from './module-trace';
import type { CallEnding, CallEvent, ReadAsked, ReadReply, ServedRead, WorkerCall } from './module-worker-messages';

/** The call the worker is answering. `request`: a call's own (not one sent by hand), whose bytes are counted for the window. */
export interface OpenCall {
  id: number;
  method: string;
  first: number;
  paths: readonly string[];
  request?: CallRequest;
  /** Set once the worker described them (a call sent by hand: by the host, before it went). */
  files?: CallFiles;
}

/** A call as its worker takes it: its files named under handles from `first`, described there (read whole when it is one small file that may be read). */
export function workerCall(request: CallRequest, first: number, read: boolean): WorkerCall {
  const { files: paths } = request;
  return {
    first,
    files: paths.map((path) => {
      const name = basename(path);
      const mime = mimeOf(name);
      return { path, name, ...(mime ? { mime } : {}) };
    }),
    ...(read && paths.length === 1 ? { whole: READ_WHOLE_BYTES } : {}),
    serve: read,
    params: request.params,
    place: skwirMethodInfo(request.method)!.files === 'entries' ? 'entries' : 'file',
  };
}

/** The host's refusal of a path the worker found is no file to read, or could not describe. */
export function notGivenRefusal({ path, code, message, kind }: Extract<CallEnding, { type: 'notGiven' }>): GivenFileRefusal {
  return new GivenFileRefusal(path, kind ? notAFileProblem(kind) : givenFileProblemOf(Object.assign(new Error(message), { code })));
}

/** Why a call was cut short: its limit, the person, or one of its files (by index) giving no answer. */
export type Cut = { why: 'timeout' } | { why: 'asked' } | { why: 'stuck'; file: number };

/**
 * What may cut a call short while the worker has it: its limit (`timeoutMs`), the person (`signal`),
 * or one of its files holding the worker past `stepMs` as it is described (`stuckFile` says which
 * is being described, if one is): a disk or share that stopped answering, refused as the file thread
 * refuses one, where the call's limit would say only that it ran out. One timer a call.
 */
export function callCut(
  timeoutMs: number,
  stepMs: number,
  stuckFile: () => number | undefined,
  signal?: AbortSignal,
): { cut: Promise<Cut>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  const cut = new Promise<Cut>((resolve) => {
    const late = () => resolve({ why: 'timeout' });
    timer =
      stepMs < timeoutMs
        ? setTimeout(() => {
            const file = stuckFile();
            if (file === undefined) timer = setTimeout(late, timeoutMs - stepMs);
            else resolve({ why: 'stuck', file });
          }, stepMs)
        : setTimeout(late, timeoutMs);
    onAbort = () => resolve({ why: 'asked' });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  return {
    cut,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export class OpenCalls {
  /** The call the worker is answering, from the moment it is sent until it ended. */
  open: OpenCall | undefined;

  constructor(
    private readonly trace: ModuleTrace,
    private readonly reads: PluginReads,
    private readonly log: (level: LogLevel, source: LogSource, message: string) => void,
  ) {}

  /** What the worker told of the open call, in its order: its beginning, the reads it served, its log lines. */
  take(events: CallEvent[]): void {
    for (const event of events) {
      if (event.type === 'began') this.began(event);
      else if (event.type === 'served') this.tellRead(event);
      else {
        this.trace.log(event.level, event.message);
        logNotice({ level: event.level, message: event.message }, this.log);
      }
    }
  }

  /** A read the worker left to the host (not plainly the open call's): judged, and refused naming why, or served. */
  async answerRead(asked: ReadAsked): Promise<ReadReply> {
    const id = this.trace.read(asked);
    try {
      const data = await this.reads.serve(asked);
      this.trace.readAnswer(id, data);
      return { data };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.trace.readRefusal(id, message);
      return { refused: message };
    }
  }

  /** The call is over: no read of its files is served from now on, and what the host opened of them is closed. */
  async close(open: OpenCall): Promise<void> {
    if (this.open === open) this.open = undefined;
    if (!open.files) return;
    this.reads.ended(open.files, open.id, 'answered');
    await open.files.close();
  }

  /** The worker described the open call's files and gave the component its params: the call is traced, its reads judged against those files. */
  private began({ params, files }: Extract<CallEvent, { type: 'began' }>): void {
    const open = this.open;
    if (!open) return;
    if (!open.files) {
      const described = files.map(({ real, dev, ino, size }, index) => ({ path: open.paths[index]!, real, identity: { dev, ino }, size }));
      open.files = this.reads.describedAt(open.first, described);
      if (open.request) countBytes(open.request, open.files);
    }
    this.reads.opened(open.files);
    this.trace.call(open.id, open.method, params);
  }

  /** A read the worker served: traced as the host's answer would have been, its bytes counted for the call. */
  private tellRead(read: ServedRead): void {
    const id = this.trace.read(read);
    if ('head' in read) {
      this.trace.readAnswer(id, read.head, read.bytes);
      this.open?.files?.onRead?.(read.bytes);
    } else this.trace.readRefusal(id, read.refused);
  }
}
