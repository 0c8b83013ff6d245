import { describe, expect, it } from 'vitest';
import type { PageRequest, PluginAnswer } from '../../../src-shared/plugin-api';
import type { CheckedPage } from '../../../src-shared/skwir/answers';
import { pageSourceOf } from './page-source';

describe('the pages of a file for the reader', () => {
  it('asks each page under an id of its own, and cancels only what is still being asked when the reader goes', async () => {
    const asked: { callId: string; request: PageRequest; answer(value: PluginAnswer<CheckedPage | null>): void }[] = [];
    const cancelled: string[] = [];
    const lifetime = pageSourceOf(
      (callId, request) => new Promise((resolve) => asked.push({ callId, request, answer: resolve })),
      (callId) => cancelled.push(callId),
    );
    const first = lifetime.source.page({ page: 1, side: 800 });
    void lifetime.source.page({ page: 2, side: 800, text: true });
    expect(asked.map((call) => call.request)).toEqual([
      { page: 1, side: 800 },
      { page: 2, side: 800, text: true },
    ]);
    expect(asked[0]!.callId).not.toBe(asked[1]!.callId);
    asked[0]!.answer({ ok: true, answer: null, ms: 1, cached: true });
    expect(await first).toEqual({ ok: true, answer: null, ms: 1, cached: true });
    lifetime.cancelAsked();
    expect(cancelled).toEqual([asked[1]!.callId]);
    lifetime.cancelAsked();
    expect(cancelled).toHaveLength(1);
  });
});
