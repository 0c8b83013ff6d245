import { problemOf } from '../../src-shared/protocol/problem-reasons';
import { describe, expect, it } from 'vitest';
import { LIFETIME_LOG_CODES, type HostLogCode } from '../../src-shared/host-api';
import { hostLogEn } from '../../src-shared/host-log-en';
import { hostLogFr } from './host-log-fr';

const nb = '\u202f';
const exit = { code: 'exited', exitCode: 1 } as const;

/** One of every line the host writes: a code added to host-api.ts and not here breaks the build. */
const oneOfEach: { [Code in HostLogCode['code']]: Extract<HostLogCode, { code: Code }> } = {
  started: { code: 'started', pid: 42, version: '1.0.0' },
  stopped: { code: 'stopped' },
  neededSignal: { code: 'neededSignal', signal: 'SIGKILL', seconds: 2 },
  exitedWhenStopped: { code: 'exitedWhenStopped', exit },
  leftoversKilled: { code: 'leftoversKilled' },
  exitedIdle: { code: 'exitedIdle' },
  crashedRestarting: { code: 'crashedRestarting', exit, seconds: 1 },
  linkClosed: { code: 'linkClosed' },
  failed: { code: 'failed', reason: { code: 'initializeTimeout', seconds: 10 } },
  commandTimeout: { code: 'commandTimeout', command: 'copy', seconds: 30 },
  idleStopped: { code: 'idleStopped', seconds: 600 },
  callTimeout: { code: 'callTimeout', method: 'thumbnail', seconds: 30 },
  callFailed: { code: 'callFailed', method: 'field', message: 'not a PPM file' },
  transpiled: { code: 'transpiled', file: 'plugin.wasm', transpiler: 'jco-transpile 0.15.0', ms: 1480 },
  transpileChanged: { code: 'transpileChanged', file: 'plugin.wasm', changed: 'plugin.mjs' },
  workerStarted: { code: 'workerStarted', file: 'plugin.wasm', version: '1.0.0' },
  workerEndedByItself: { code: 'workerEndedByItself', why: 'the worker ended (code 1)' },
  workerReplaced: { code: 'workerReplaced', cancelled: 'convert' },
  workerLetGo: { code: 'workerLetGo', seconds: 15 },
  trapped: { code: 'trapped', method: 'field', message: 'unreachable' },
  logsDropped: { code: 'logsDropped', count: 12, max: 10_000 },
  loaded: { code: 'loaded', version: '1.0.0', how: 'installed', folder: '/tools/x' },
  folderRefused: { code: 'folderRefused', problems: [problemOf('id', { code: 'missing' })] },
  serviceBroke: { code: 'serviceBroke', method: 'clipboard/read', problem: 'xclip is missing' },
  requestRefused: { code: 'requestRefused', method: 'open/url', errorCode: -32001, reason: 'not in uses' },
};

describe('the host’s log lines in French', () => {
  it('words every line, differently from the English', () => {
    for (const line of Object.values(oneOfEach)) {
      const french = hostLogFr(line);
      expect(french, line.code).toBeTypeOf('string');
      expect(french, line.code).not.toBe(hostLogEn(line));
    }
  });

  it('says “le plugin” in a plugin’s lines, and the plugin’s own calls', () => {
    const ofPlugin = [...LIFETIME_LOG_CODES];
    for (const code of ofPlugin) {
      expect(hostLogFr({ ...oneOfEach[code], plugin: true } as HostLogCode), code).not.toMatch(/outil|protocole/);
    }
    expect(hostLogFr({ ...oneOfEach.started, plugin: true })).toBe('démarré (pid 42, api Skwir 1, version 1.0.0)');
    expect(hostLogFr({ ...oneOfEach.exitedIdle, plugin: true })).toBe(`le plugin s’est arrêté de lui-même (code 0)${nb}; il redémarre au prochain appel`);
    expect(hostLogFr(oneOfEach.idleStopped)).toBe(`aucun appel depuis 10 minutes${nb}: le plugin est arrêté jusqu’au prochain appel`);
    expect(hostLogFr(oneOfEach.callTimeout)).toBe(`pas de réponse à thumbnail en 30 secondes${nb}; l’appel a été annulé`);
    expect(hostLogFr(oneOfEach.callFailed)).toBe(`field a échoué${nb}: not a PPM file`);
    expect(hostLogFr(oneOfEach.transpiled)).toBe(`plugin.wasm transpilé avec jco-transpile 0.15.0 en 1\u202f480${nb}ms`);
    expect(hostLogEn(oneOfEach.logsDropped)).toBe('12 more log lines of this call were dropped (a call may write 10,000)');
    expect(hostLogEn(oneOfEach.workerStarted)).toBe('started (a worker thread running plugin.wasm, version 1.0.0)');
  });
});
