import { describe, expect, it } from 'vitest';
import type { ReasonCode } from './host-api';
import { durationEn, exitEn, reasonEn } from './reasons-en';

describe('the host’s reasons in English', () => {
  it('says durations in words, in the singular and the plural', () => {
    expect([1, 0.5, 2, 90, 60, 180].map(durationEn)).toEqual(['1 second', '0.5 seconds', '2 seconds', '90 seconds', '1 minute', '3 minutes']);
  });

  it('says how a process ended, an exit without a code too', () => {
    expect(exitEn({ code: 'exited', exitCode: 3 })).toBe('exited with code 3');
    expect(exitEn({ code: 'exited', exitCode: null })).toBe('exited');
    expect(exitEn({ code: 'signal', signal: 'SIGKILL' })).toBe('was ended by SIGKILL');
    expect(exitEn({ code: 'meteor' } as never)).toBe('ended');
  });

  it.each<[ReasonCode, string]>([
    [{ code: 'exited', exitCode: 3 }, 'it exited with code 3'],
    [{ code: 'signal', signal: 'SIGKILL' }, 'it was ended by SIGKILL'],
    [
      { code: 'crashedTooOften', crashes: 5, seconds: 180, last: { code: 'exited', exitCode: 1 } },
      'the tool crashed 5 times within 3 minutes (last: it exited with code 1); it stays stopped until you restart it',
    ],
    [
      { code: 'couldNotStart', program: '/tools/x/run.sh', problem: 'spawn /tools/x/run.sh EACCES' },
      'could not start /tools/x/run.sh: spawn /tools/x/run.sh EACCES',
    ],
    [{ code: 'initializeTimeout', seconds: 10 }, 'the tool did not answer initialize within 10 seconds'],
    [
      { code: 'initializeTimeout', seconds: 10, silent: true },
      "the tool did not answer initialize within 10 seconds, and wrote nothing on its output: the usual cause is output that is never flushed (Python's print without flush=True, or any program whose standard output is block-buffered, as it is when it is a pipe)",
    ],
    [{ code: 'initializeFailed', message: 'no database', errorCode: -32603 }, 'the tool failed initialize: no database (-32603)'],
    [{ code: 'protocolMissing' }, 'the tool answered initialize without saying which protocol version it picked'],
    [{ code: 'protocolNotOffered', picked: '2', offered: [1] }, 'the tool picked protocol 2, but the app offers only 1'],
    [{ code: 'apiMissing' }, 'the plugin answered initialize without saying which api it speaks'],
    [{ code: 'apiNotSpoken', picked: '2', spoken: '1' }, 'the plugin speaks api 2, but the app speaks only 1'],
    [{ code: 'refused', problem: 'uses[1]: unknown service "camera"' }, 'the folder was refused: uses[1]: unknown service "camera"'],
    [{ code: 'notInstalled', toolId: 'com.acme.gone' }, 'no tool “com.acme.gone” is installed'],
    [{ code: 'unknownCommand', command: 'nope' }, 'the tool has no command “nope”'],
    [{ code: 'notRunnable', command: 'copy' }, 'the tool does not offer the command “copy” right now'],
    [{ code: 'notRunning' }, 'the tool is not running'],
    [{ code: 'stopping' }, 'the tool is stopping'],
    [{ code: 'restarting', after: { code: 'exited', exitCode: 2 } }, 'the tool is restarting after a crash (it exited with code 2)'],
    [{ code: 'restarting' }, 'the tool is restarting after a crash'],
    [{ code: 'stoppedBeforeAnswer' }, 'the tool was stopped before it answered'],
    [{ code: 'linkBroken' }, 'the link to the tool broke'],
    [{ code: 'notStarted', state: 'stopped' }, 'the tool did not start'],
    [{ code: 'unknownPreference', id: 'nope' }, 'the tool has no preference “nope”'],
    [{ code: 'untitledPreference', id: 'cursor' }, 'the preference “cursor” is the tool’s own and cannot be changed here'],
    [{ code: 'tooLong', chars: 4_100, max: 4_096 }, 'too long: 4,100 characters, at most 4,096'],
    [{ code: 'kind', kind: 'number' }, 'it must be a number'],
    [{ code: 'notAnOption', options: ['calm', 'loud'] }, 'not one of the options “calm”, “loud”'],
  ])('words %j', (code, text) => {
    expect(reasonEn(code)).toBe(text);
  });

  it('says “the plugin” of a plugin', () => {
    expect(reasonEn({ code: 'initializeTimeout', seconds: 10 }, 'plugin')).toBe('the plugin did not answer initialize within 10 seconds');
    expect(
      reasonEn({ code: 'restarting', after: { code: 'crashedTooOften', crashes: 2, seconds: 60, last: { code: 'signal', signal: 'SIGSEGV' } } }, 'plugin'),
    ).toBe(
      'the plugin is restarting after a crash (the plugin crashed 2 times within 1 minute (last: it was ended by SIGSEGV); it stays stopped until you restart it)',
    );
  });

  it('gives no words for a code it does not know (a newer host), and words a reason around one it can', () => {
    const newer = { code: 'cosmicRay', strength: 9 } as never;
    expect(reasonEn(newer)).toBeUndefined();
    expect(reasonEn({ code: 'crashedTooOften', crashes: 5, seconds: 60, last: newer })).toBe(
      'the tool crashed 5 times within 1 minute (last: it ended); it stays stopped until you restart it',
    );
    expect(reasonEn({ code: 'restarting', after: newer })).toBe('the tool is restarting after a crash');
    expect(reasonEn({ code: 'kind', kind: 'colour' })).toBeUndefined();
  });
});
