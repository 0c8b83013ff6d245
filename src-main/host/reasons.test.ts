import { describe, expect, it } from 'vitest';
import { describeCommandReason, describeStateReason, durationWords, exitReasonCode } from './reasons';

describe('the host’s reasons in English', () => {
  it('says durations in the singular and the plural', () => {
    expect(durationWords(60_000)).toBe('1 minute');
    expect(durationWords(180_000)).toBe('3 minutes');
    expect(durationWords(500)).toBe('0.5 s');
    expect(durationWords(90_000)).toBe('90 s');
  });

  it('words a crash and a crash loop from their data', () => {
    expect(exitReasonCode({ code: 3, signal: null })).toEqual({ code: 'exited', exitCode: 3 });
    expect(exitReasonCode({ code: null, signal: 'SIGKILL' })).toEqual({ code: 'signal', signal: 'SIGKILL' });
    expect(describeStateReason({ code: 'signal', signal: 'SIGKILL' })).toBe('it was ended by SIGKILL');
    expect(describeStateReason({ code: 'crashedTooOften', crashes: 5, seconds: 60, last: { code: 'exited', exitCode: 1 } })).toBe(
      'the tool crashed 5 times within 1 minute (last: it exited with code 1); it stays stopped until restarted',
    );
    expect(describeCommandReason({ code: 'restarting', after: { code: 'exited', exitCode: 2 } })).toBe(
      'the tool is restarting after a crash (it exited with code 2)',
    );
  });
});
