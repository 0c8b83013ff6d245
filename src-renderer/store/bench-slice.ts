// The author's bench in the window: messages sent by hand from the Messages tab's composer, each
// kept with its answer (or while it waits for one) so it shows beside the message with the time it
// took, and the recording of an entry's session for "Save session". A few exchanges are kept per entry.
import type { HandAnswer, HandMessage, RecordingAnswer } from '../../src-shared/host-api';
import type { AppState, SliceCreator } from './app-store';
import { problemOf } from './problem';

/** Exchanges kept per entry: the latest ones. */
export const EXCHANGES_KEPT = 50;

/** One message sent by hand and what came of it; no answer yet while it waits. */
export interface Exchange {
  seq: number;
  time: number;
  message: HandMessage;
  anyway: boolean;
  answer?: HandAnswer;
}

export interface BenchState {
  exchanges: Record<string, Exchange[]>;
}

export interface BenchActions {
  sendHandMessage: (entryId: string, message: HandMessage, anyway: boolean) => Promise<HandAnswer>;
  /** The host's judgement of a message as it is typed: where it does not fit; nothing is sent. */
  checkHandMessage: (entryId: string, message: HandMessage) => Promise<string[]>;
  readRecording: (entryId: string) => Promise<RecordingAnswer>;
}

export type BenchSlice = BenchState & BenchActions;

export const initialBenchState: BenchState = { exchanges: {} };

let nextSeq = 1;

export const createBenchSlice: SliceCreator<BenchSlice> = (set, _get, host) => {
  const update = (entryId: string, seq: number, change: (exchange: Exchange) => Exchange) =>
    set((s) => ({ exchanges: { ...s.exchanges, [entryId]: (s.exchanges[entryId] ?? []).map((e) => (e.seq === seq ? change(e) : e)) } }));
  return {
    ...initialBenchState,
    async sendHandMessage(entryId, message, anyway) {
      const seq = nextSeq++;
      const exchange: Exchange = { seq, time: Date.now(), message, anyway };
      set((s) => ({ exchanges: { ...s.exchanges, [entryId]: [...(s.exchanges[entryId] ?? []), exchange].slice(-EXCHANGES_KEPT) } }));
      const answer = await host
        .sendMessage(entryId, message, anyway)
        .catch((error: unknown): HandAnswer => ({ outcome: 'unavailable', message: problemOf(error) }));
      update(entryId, seq, (e) => ({ ...e, answer }));
      return answer;
    },
    checkHandMessage: (entryId, message) =>
      host
        .checkMessage(entryId, message)
        .then((check) => check.problems)
        .catch((error: unknown) => [problemOf(error)]),
    readRecording: (entryId) => host.readRecording(entryId).catch((error: unknown): RecordingAnswer => ({ ok: false, problem: problemOf(error) })),
  };
};

const none: Exchange[] = [];

export const benchSelectors = {
  exchanges: (entryId: string) => (s: AppState) => s.exchanges[entryId] ?? none,
};
