// The record of service calls: the newest kept, each numbered and told, its params a preview.
import { describe, expect, it } from 'vitest';
import type { ServiceCall } from '../../../src-shared/host-api';
import { SERVICE_CALLS_KEPT } from '../../../src-shared/service-call-preview';
import { ServiceCalls } from './service-calls';

describe('the record of service calls', () => {
  it('keeps the newest calls, numbered, each told as it comes, with a result only when there is one', () => {
    const record = new ServiceCalls();
    const told: ServiceCall[] = [];
    record.onDidRecord((call) => told.push(call));
    for (let n = 1; n <= SERVICE_CALLS_KEPT + 5; n++) record.record('test.tool', 'clipboard/write', { n }, n % 2 ? {} : { done: true });
    const kept = record.list();
    expect(kept).toHaveLength(SERVICE_CALLS_KEPT);
    expect(kept[0]).toMatchObject({ seq: 6, toolId: 'test.tool', method: 'clipboard/write', params: { n: 6 }, result: { done: true } });
    expect(kept.at(-1)).not.toHaveProperty('result');
    expect(told).toHaveLength(SERVICE_CALLS_KEPT + 5);
    expect(told.at(-1)).toBe(kept.at(-1));
  });

  it('keeps a preview of the params, never a huge text whole', () => {
    const record = new ServiceCalls();
    record.record('test.tool', 'keystrokes/paste', { text: 'x'.repeat(1_000_000) }, {});
    expect(String(record.list()[0]!.params.text).length).toBeLessThanOrEqual(2_000);
  });
});
