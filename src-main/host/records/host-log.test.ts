import { describe, expect, it } from 'vitest';
import type { HostLogCode } from '../../../src-shared/host-api';
import { hostLogLevel, hostLogText, isToolFault } from './host-log';

describe("the host's own log lines", () => {
  it.each<[HostLogCode, string, string]>([
    [{ code: 'started', pid: 714, version: '0.1.0' }, 'info', 'started (pid 714, protocol 1, version 0.1.0)'],
    [{ code: 'neededSignal', signal: 'SIGKILL', seconds: 2 }, 'warn', 'the tool did not stop by itself within 2 seconds: it needed SIGKILL'],
    [{ code: 'exitedWhenStopped', exit: { code: 'exited', exitCode: 3 } }, 'warn', 'the tool exited with code 3 when stopped'],
    [
      { code: 'crashedRestarting', exit: { code: 'signal', signal: 'SIGSEGV' }, seconds: 0.5 },
      'error',
      'the tool crashed: it was ended by SIGSEGV; restarting in 0.5 seconds',
    ],
    [{ code: 'commandTimeout', command: 'slow', seconds: 60 }, 'warn', 'the command “slow” got no answer within 1 minute'],
    [{ code: 'failed', reason: { code: 'initializeTimeout', seconds: 10 } }, 'error', 'the tool did not answer initialize within 10 seconds'],
    [{ code: 'loaded', version: '1.2.0', how: 'loadedInPlace', folder: '/tools/x' }, 'info', 'version 1.2.0 loaded in place from /tools/x'],
    [
      { code: 'requestRefused', method: 'open/url', errorCode: -32602, reason: 'params.url: "x" is not a link' },
      'warn',
      'open/url was refused (-32602): params.url: "x" is not a link',
    ],
  ])('%j is a line at its level, in English', (code, level, text) => {
    expect(hostLogLevel(code)).toBe(level);
    expect(hostLogText(code)).toBe(text);
  });

  it('names as faults of the tool a stop that needed a signal and a request it should not have sent', () => {
    const refused = (errorCode: number): HostLogCode => ({ code: 'requestRefused', method: 'm', errorCode, reason: 'r' });
    expect(isToolFault({ code: 'neededSignal', signal: 'SIGTERM', seconds: 2 })).toBe(true);
    expect([-32001, -32601, -32602].map((code) => isToolFault(refused(code)))).toEqual([true, true, true]);
    // Not the tool's doing: the platform could not, or the person said no.
    expect([-32003, -32004].map((code) => isToolFault(refused(code)))).toEqual([false, false]);
    expect(isToolFault({ code: 'stopped' })).toBe(false);
  });
});
