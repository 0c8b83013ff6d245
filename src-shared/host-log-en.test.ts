import { problemLine, problemOf } from './protocol/problem-reasons';
import { describe, expect, it } from 'vitest';
import type { HostLogCode } from './host-api';
import { callTimeoutEn, hostLogEn } from './host-log-en';

describe('the host’s own log lines in English', () => {
  it.each<[HostLogCode, string]>([
    [{ code: 'started', pid: 714, version: '0.1.0' }, 'started (pid 714, protocol 1, version 0.1.0)'],
    [{ code: 'started', pid: 714, version: '0.1.0', plugin: true }, 'started (pid 714, Skwir api 1, version 0.1.0)'],
    [{ code: 'stopped' }, 'stopped'],
    [{ code: 'neededSignal', signal: 'SIGKILL', seconds: 2 }, 'the tool did not stop by itself within 2 seconds: it needed SIGKILL'],
    [{ code: 'exitedWhenStopped', exit: { code: 'exited', exitCode: 3 }, plugin: true }, 'the plugin exited with code 3 when stopped'],
    [{ code: 'leftoversKilled' }, 'processes the tool left running were killed'],
    [{ code: 'exitedIdle' }, 'the tool exited by itself (code 0); it starts again when a command runs'],
    [{ code: 'exitedIdle', plugin: true }, 'the plugin exited by itself (code 0); it starts again when it is next asked'],
    [
      { code: 'crashedRestarting', exit: { code: 'signal', signal: 'SIGSEGV' }, seconds: 0.5 },
      'the tool crashed: it was ended by SIGSEGV; restarting in 0.5 seconds',
    ],
    [{ code: 'linkClosed' }, 'the tool closed its end of the link but kept running; it is ended'],
    [{ code: 'commandTimeout', command: 'slow', seconds: 60 }, 'the command “slow” got no answer within 1 minute'],
    [{ code: 'idleStopped', seconds: 600 }, 'no call for 10 minutes: the plugin is stopped until it is next asked'],
    [{ code: 'callTimeout', method: 'inspect', seconds: 60 }, 'no answer to inspect within 1 minute; it was cancelled'],
    [{ code: 'callFailed', method: 'convert', message: 'not a picture (-32000)' }, 'convert failed: not a picture (-32000)'],
    [{ code: 'failed', reason: { code: 'initializeTimeout', seconds: 10 }, plugin: true }, 'the plugin did not answer initialize within 10 seconds'],
    [{ code: 'loaded', version: '1.2.0', how: 'reloaded', folder: '/tools/x' }, 'version 1.2.0 reloaded from /tools/x'],
    [
      { code: 'folderRefused', problems: [problemOf('id', { code: 'missing' }), problemLine('version: missing')] },
      'the folder was refused: id: missing; version: missing',
    ],
    [{ code: 'serviceBroke', method: 'clipboard/readText', problem: 'xclip is missing' }, 'clipboard/readText broke in the app: xclip is missing'],
    [
      { code: 'requestRefused', method: 'open/url', errorCode: -32602, reason: 'params.url: "x" is not a link' },
      'open/url was refused (-32602): params.url: "x" is not a link',
    ],
  ])('words %j', (line, text) => {
    expect(hostLogEn(line)).toBe(text);
  });

  it('says a cancelled call as its log line does', () => {
    expect(callTimeoutEn('page', 0.5)).toBe(hostLogEn({ code: 'callTimeout', method: 'page', seconds: 0.5 }));
  });

  it('gives no words for a line it does not know (a newer host)', () => {
    expect(hostLogEn({ code: 'cosmicRay' } as never)).toBeUndefined();
    expect(hostLogEn({ code: 'crashedRestarting', exit: { code: 'meteor' } as never, seconds: 1 })).toBe('the tool crashed: it ended; restarting in 1 second');
  });
});
