// The requests sent and not yet answered: each settles once, by its answer, its time limit, or
// the link closing. Ids that timed out are remembered (a few) so a late answer is named as such,
// and so are ids answered already, with their first answer, so a second answer is named too.
import { ConnectionError } from './errors';
import type { MessageId } from './message-shape';

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
}

const LATE_IDS_KEPT = 256;
const ANSWERED_IDS_KEPT = 256;

/** A request answered already: its method, and its first answer as it came (cut to a readable length). */
export interface FirstAnswer {
  method: string;
  text: string;
}

export type AnswerMatch =
  | { matched: true }
  | { matched: false; lateFor?: string; answeredBefore?: FirstAnswer };

export class PendingRequests {
  private readonly pending = new Map<MessageId, Pending>();
  private readonly timedOut = new Map<MessageId, string>();
  private readonly answered = new Map<MessageId, FirstAnswer>();

  add(id: MessageId, method: string, timeoutMs: number | undefined): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry: Pending = { method, resolve, reject };
      if (timeoutMs !== undefined) {
        entry.timer = setTimeout(() => this.timeOut(id), timeoutMs);
        entry.timer.unref?.();
      }
      this.pending.set(id, entry);
    });
  }

  /** The method of a waiting (or timed-out) request: for tracing its answer. */
  methodOf(id: MessageId): string | undefined {
    return this.pending.get(id)?.method ?? this.timedOut.get(id) ?? this.answered.get(id)?.method;
  }

  /** Settles the request with this id by its answer (the line `text`), if one waits. */
  answer(id: MessageId, outcome: { result: unknown } | { error: Error }, text = ''): AnswerMatch {
    const entry = this.take(id);
    if (!entry) {
      const answeredBefore = this.answered.get(id);
      if (answeredBefore) return { matched: false, answeredBefore };
      const lateFor = this.timedOut.get(id);
      this.timedOut.delete(id);
      return lateFor === undefined ? { matched: false } : { matched: false, lateFor };
    }
    this.answered.set(id, { method: entry.method, text: text.length > 120 ? `${text.slice(0, 117)}...` : text });
    if (this.answered.size > ANSWERED_IDS_KEPT) this.answered.delete(this.answered.keys().next().value as MessageId);
    if ('error' in outcome) entry.reject(outcome.error);
    else entry.resolve(outcome.result);
    return { matched: true };
  }

  fail(id: MessageId, error: Error): void {
    this.take(id)?.reject(error);
  }

  failAll(describe: (method: string) => Error): void {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.reject(describe(entry.method));
    }
  }

  private timeOut(id: MessageId): void {
    const entry = this.take(id);
    if (!entry) return;
    this.timedOut.set(id, entry.method);
    if (this.timedOut.size > LATE_IDS_KEPT) this.timedOut.delete(this.timedOut.keys().next().value as MessageId);
    entry.reject(new ConnectionError('timeout', `${entry.method} was not answered in time`));
  }

  private take(id: MessageId): Pending | undefined {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    return entry;
  }
}
