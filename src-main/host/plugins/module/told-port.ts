// What a module plugin's worker tells the host, in its order: one port of the worker's own, each
// message counted on the board the two share as the worker posts it. The host hears it as any
// message, or takes it off the port on the spot while it watches the board for a call's answer
// (module-worker-link.ts; docs/design/performance.md, "A module call's hop").
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { FromWorker } from './module-worker-messages';

export class ToldPort {
  /** Messages taken off the port so far, counted as the board counts them (a 32-bit word, wrapping). */
  private taken = 0;

  /** `heard` is given each message in its order, however it was taken. */
  constructor(
    private readonly port: MessagePort,
    private readonly board: Int32Array,
    private readonly word: number,
    private readonly heard: (message: FromWorker) => void,
  ) {
    port.on('message', (message: FromWorker) => this.hear(message));
  }

  private hear(message: FromWorker): void {
    this.taken = (this.taken + 1) | 0;
    this.heard(message);
  }

  /**
   * Up to `count` of what the port holds, taken now, in order; false once the worker asks the host
   * for a read (no answer can come before the host's). Only what the board counts is taken while
   * the worker runs: a message it is still posting holds the port's lock, and waiting on that lock
   * would put this thread to sleep.
   */
  take(count: number): boolean {
    for (let taken = 0; taken < count; taken++) {
      const next: { message: FromWorker } | undefined = receiveMessageOnPort(this.port);
      if (next === undefined) return true;
      this.hear(next.message);
      if (next.message.type === 'read') return false;
    }
    return true;
  }

  /**
   * Watches the board until `done` or for at most `ms`, taking what the worker tells as it comes:
   * what ends in that time ends here, with no thread put to sleep and woken on either side.
   */
  watch(done: () => boolean, ms: number): void {
    const until = performance.now() + ms;
    // The clock is read one look in 64: each reading makes a number for the collector.
    for (let looks = 1; !done(); looks++) {
      const told = (Atomics.load(this.board, this.word) - this.taken) | 0;
      if (told > 0 && !this.take(told)) return;
      if ((looks & 63) === 0 && performance.now() > until) return;
    }
  }

  close(): void {
    this.port.close();
  }
}
