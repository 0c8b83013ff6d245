// The requests sent and not yet answered: each settles once, by its answer, its time limit, being
// abandoned (a cancelled call), or the link closing. Ids that timed out or were abandoned are
// remembered (a few) so a late answer is named as such, and so are ids answered already, with their
// first answer, so a second answer is named too.
import { ConnectionError } from './errors';
import type { MessageId } from './message-shape';
import { clipped } from './detached';

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
  settled?: (how: Settled) => void;
  /** Its answer's data may come decoded (answer-data.ts). */
  dataAsBytes?: boolean;
}

const LATE_IDS_KEPT = 256;
const ANSWERED_IDS_KEPT = 256;

/** Why a request stopped being waited for before its answer came. */
export type GaveUp = 'timeout' | 'cancelled';
/** How a request stopped being waited for. */
export type Settled = 'answered' | GaveUp | 'failed';

/** A request answered already: its method, and its first answer as it came (cut to a readable length). */
export interface FirstAnswer {
  method: string;
  text: string;
}

export type AnswerMatch = { matched: true } | { matched: false; lateFor?: string; gaveUp?: GaveUp; answeredBefore?: FirstAnswer };

export class PendingRequests {
  private readonly pending = new Map<MessageId, Pending>();
  private readonly gaveUp = new Map<MessageId, { method: string; why: GaveUp }>();
  private readonly answered = new Map<MessageId, FirstAnswer>();

  /**
   * `settled` is called the moment the request stops being waited for, however that is: in the
   * same turn as its answer's line, before any line after it is taken (the promise settles later).
   */
  add(id: MessageId, method: string, timeoutMs: number | undefined, settled?: (how: Settled) => void, dataAsBytes = false): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry: Pending = { method, resolve, reject, settled, dataAsBytes };
      if (timeoutMs !== undefined) {
        entry.timer = setTimeout(() => this.timeOut(id), timeoutMs);
        entry.timer.unref?.();
      }
      this.pending.set(id, entry);
    });
  }

  /** The method of a waiting (or timed-out, abandoned, answered) request: for tracing its answer. */
  methodOf(id: MessageId): string | undefined {
    return this.pending.get(id)?.method ?? this.gaveUp.get(id)?.method ?? this.answered.get(id)?.method;
  }

  /** The request with this id waits, and takes its answer's data as bytes. */
  takesDataAsBytes(id: MessageId): boolean {
    return this.pending.get(id)?.dataAsBytes === true;
  }

  /** Settles the request with this id by its answer (the line `text`), if one waits. */
  answer(id: MessageId, outcome: { result: unknown } | { error: Error }, text = ''): AnswerMatch {
    const entry = this.take(id, 'answered');
    if (!entry) {
      const answeredBefore = this.answered.get(id);
      if (answeredBefore) return { matched: false, answeredBefore };
      const late = this.gaveUp.get(id);
      this.gaveUp.delete(id);
      return late === undefined ? { matched: false } : { matched: false, lateFor: late.method, gaveUp: late.why };
    }
    // A copy of the first characters: a slice would keep the whole line alive (a Skwir answer may be 64 MiB).
    this.answered.set(id, { method: entry.method, text: clipped(text, 120) });
    if (this.answered.size > ANSWERED_IDS_KEPT) this.answered.delete(this.answered.keys().next().value as MessageId);
    if ('error' in outcome) entry.reject(outcome.error);
    else entry.resolve(outcome.result);
    return { matched: true };
  }

  fail(id: MessageId, error: Error): void {
    this.take(id, 'failed')?.reject(error);
  }

  failAll(describe: (method: string) => Error): void {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.settled?.('failed');
      entry.reject(describe(entry.method));
    }
  }

  /** Stops waiting for the request: it rejects with ConnectionError 'cancelled'; an answer after is late. */
  abandon(id: MessageId): boolean {
    return this.giveUp(id, 'cancelled', (method) => `${method} was cancelled before it was answered`);
  }

  private timeOut(id: MessageId): void {
    this.giveUp(id, 'timeout', (method) => `${method} was not answered in time`);
  }

  private giveUp(id: MessageId, why: GaveUp, words: (method: string) => string): boolean {
    const entry = this.take(id, why);
    if (!entry) return false;
    this.gaveUp.set(id, { method: entry.method, why });
    if (this.gaveUp.size > LATE_IDS_KEPT) this.gaveUp.delete(this.gaveUp.keys().next().value as MessageId);
    entry.reject(new ConnectionError(why, words(entry.method)));
    return true;
  }

  private take(id: MessageId, how: Settled): Pending | undefined {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    entry.settled?.(how);
    return entry;
  }
}
