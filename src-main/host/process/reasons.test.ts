import { describe, expect, it } from 'vitest';
import { exitReasonCode, reasonText, stateReason, unavailable } from './reasons';

describe('the host’s reasons', () => {
  it('makes a process’s end into data', () => {
    expect(exitReasonCode({ code: 3, signal: null })).toEqual({ code: 'exited', exitCode: 3 });
    expect(exitReasonCode({ code: null, signal: 'SIGKILL' })).toEqual({ code: 'signal', signal: 'SIGKILL' });
  });

  it('sends each reason with its English, said of a tool or a plugin', () => {
    expect(stateReason({ code: 'signal', signal: 'SIGKILL' })).toEqual({ text: 'it was ended by SIGKILL', code: { code: 'signal', signal: 'SIGKILL' } });
    expect(reasonText({ code: 'crashedTooOften', crashes: 5, seconds: 60, last: { code: 'exited', exitCode: 1 } })).toBe(
      'the tool crashed 5 times within 1 minute (last: it exited with code 1); it stays stopped until you restart it',
    );
    expect(reasonText({ code: 'initializeTimeout', seconds: 10 }, 'plugin')).toBe('the plugin did not answer initialize within 10 seconds');
    expect(unavailable({ code: 'restarting', after: { code: 'exited', exitCode: 2 } })).toEqual({
      outcome: 'unavailable',
      message: 'the tool is restarting after a crash (it exited with code 2)',
      reasonCode: { code: 'restarting', after: { code: 'exited', exitCode: 2 } },
    });
  });
});
