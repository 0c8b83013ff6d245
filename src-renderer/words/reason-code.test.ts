import { describe, expect, it } from 'vitest';
import type { ReasonCode } from '../../src-shared/host-api';
import { en } from './en';
import { fr } from './fr';
import { commandOutcomeText, problemText, stateReasonText } from './reason-code';

/** One of every code the host sends (src-shared/host-api.ts): a code added there and not here breaks the build. */
const oneOfEach: { [Code in ReasonCode['code']]: Extract<ReasonCode, { code: Code }> } = {
  exited: { code: 'exited', exitCode: 3 },
  signal: { code: 'signal', signal: 'SIGKILL' },
  trapped: { code: 'trapped' },
  crashedTooOften: { code: 'crashedTooOften', crashes: 5, seconds: 180, last: { code: 'exited', exitCode: 1 } },
  couldNotStart: { code: 'couldNotStart', program: '/tools/x/run.sh', problem: 'spawn /tools/x/run.sh EACCES' },
  initializeTimeout: { code: 'initializeTimeout', seconds: 10 },
  initializeFailed: { code: 'initializeFailed', message: 'no database', errorCode: -32603 },
  protocolMissing: { code: 'protocolMissing' },
  protocolNotOffered: { code: 'protocolNotOffered', picked: '2', offered: [1] },
  apiMissing: { code: 'apiMissing' },
  apiNotSpoken: { code: 'apiNotSpoken', picked: '2', spoken: '1' },
  refused: { code: 'refused', problem: 'uses[1]: unknown service "camera"' },
  notInstalled: { code: 'notInstalled', toolId: 'com.acme.gone' },
  unknownCommand: { code: 'unknownCommand', command: 'nope' },
  notRunnable: { code: 'notRunnable', command: 'copy' },
  notRunning: { code: 'notRunning' },
  stopping: { code: 'stopping' },
  restarting: { code: 'restarting', after: { code: 'exited', exitCode: 3 } },
  stoppedBeforeAnswer: { code: 'stoppedBeforeAnswer' },
  linkBroken: { code: 'linkBroken' },
  fileNotGiven: { code: 'fileNotGiven', path: '/home/me/pictures', problem: { code: 'folder' } },
  notStarted: { code: 'notStarted', state: 'stopped' },
  unknownPreference: { code: 'unknownPreference', id: 'nope' },
  untitledPreference: { code: 'untitledPreference', id: 'cursor' },
  tooLong: { code: 'tooLong', chars: 4_100, max: 4_096 },
  kind: { code: 'kind', kind: 'number' },
  notAnOption: { code: 'notAnOption', options: ['calm', 'loud'] },
  belowMinimum: { code: 'belowMinimum', minimum: 1 },
  aboveMaximum: { code: 'aboveMaximum', maximum: 20 },
  notWhole: { code: 'notWhole' },
  notUrl: { code: 'notUrl' },
};
const everyCode: ReasonCode[] = Object.values(oneOfEach);

describe('the host’s reasons in the window’s words', () => {
  it('words every code in English and in French, differently', () => {
    for (const code of everyCode) {
      const english = en.reason(code);
      const french = fr.reason(code);
      expect(english, code.code).toBeTypeOf('string');
      expect(french, code.code).toBeTypeOf('string');
      expect(french, code.code).not.toBe(english);
    }
  });

  it('says whether it speaks of the tool or of the plugin, in both languages', () => {
    const toolsOnly = new Set(['protocolMissing', 'protocolNotOffered']); // protocol 1's initialize
    for (const code of everyCode.filter((code) => !toolsOnly.has(code.code))) {
      for (const words of [en, fr]) {
        const ofPlugin = words.reason(code, 'plugin') ?? '';
        expect(ofPlugin, code.code).not.toMatch(/\btool\b|outil/);
      }
    }
    expect(fr.reason(oneOfEach.notRunning, 'plugin')).toBe('le plugin n’est pas en marche');
    expect(fr.reason(oneOfEach.notRunning)).toBe('l’outil n’est pas en marche');
    expect(fr.reason(oneOfEach.untitledPreference, 'plugin')).toBe('la préférence «\u202fcursor\u202f» est propre au plugin et ne se change pas ici');
    expect(fr.reason(oneOfEach.apiNotSpoken, 'plugin')).toBe('le plugin parle l’api 2, mais l’app ne parle que 1');
    expect(stateReasonText(fr, { kind: 'plugin', stateReason: 'the plugin crashed', stateReasonCode: oneOfEach.crashedTooOften })).toMatch(
      /^il a planté 5 fois/,
    );
    expect(problemText(fr, 'no plugin', oneOfEach.notInstalled, 'plugin')).toBe('Aucun plugin «\u202fcom.acme.gone\u202f» n’est installé');
  });

  it('says a crash loop and a long value in French, with French numbers and spacing', () => {
    expect(fr.reason(oneOfEach.crashedTooOften)).toBe(
      'il a planté 5 fois en 3 minutes (la dernière\u202f: il s’est arrêté avec le code 1)\u202f; il reste arrêté jusqu’à ce que vous le redémarriez',
    );
    expect(fr.reason({ code: 'tooLong', chars: 4_100, max: 4_096 })).toBe('trop long\u202f: 4\u202f100 caractères, 4\u202f096 au plus');
    expect(en.reason({ code: 'tooLong', chars: 4_100, max: 4_096 })).toBe('too long: 4,100 characters, at most 4,096');
    expect(en.reason({ code: 'initializeTimeout', seconds: 60 })).toBe('the tool did not answer initialize within 1 minute');
    expect(fr.reason({ code: 'initializeTimeout', seconds: 10, silent: true }, 'plugin')).toBe(
      'il n’a pas répondu à initialize en 10 secondes, et n’a rien écrit sur sa sortie\u202f: la cause habituelle est une sortie jamais vidée (print de Python sans flush=True, ou tout programme dont la sortie standard passe par un tampon, comme quand elle est un tube)',
    );
  });

  it('says which file gave no answer, and how long it was waited for, in both languages', () => {
    const held = { code: 'fileNotGiven', path: '/Volumes/share/scan.tif', problem: { code: 'noAnswer', seconds: 15 } } as const;
    expect(en.reason(held, 'plugin')).toBe(
      '/Volumes/share/scan.tif was not given to the plugin: it gave no answer within 15 s (a disk or network share that stopped responding?)',
    );
    expect(fr.reason(held, 'plugin')).toBe(
      '/Volumes/share/scan.tif n’a pas été donné au plugin\u202f: il n’a pas répondu en 15 s (un disque ou un partage réseau qui ne répond plus\u202f?)',
    );
  });

  it('keeps a folder’s problem (a line for tool authors) as it is, inside a French sentence', () => {
    const refused = { code: 'refused', problem: 'uses[1]: unknown service "camera"' } as const;
    expect(stateReasonText(fr, { stateReason: 'the folder was refused: uses[1]: unknown service "camera"', stateReasonCode: refused })).toBe(
      'le dossier a été refusé\u202f: uses[1]: unknown service "camera"',
    );
  });

  it('falls back on the host’s English for a reason without data or with a code it does not know', () => {
    expect(stateReasonText(fr, { stateReason: 'it exited with code 3' })).toBe('it exited with code 3');
    // A newer host's code: the types do not know it, the window must not break on it.
    const newer = { code: 'cosmicRay', strength: 9 } as never;
    expect(stateReasonText(fr, { stateReason: 'hit by a cosmic ray', stateReasonCode: newer })).toBe('hit by a cosmic ray');
    expect(problemText(fr, 'value (preference "t"): odd', newer)).toBe('value (preference "t"): odd');
    expect(commandOutcomeText(fr, { outcome: 'unavailable', message: 'hit by a cosmic ray', reasonCode: newer })).toBe(
      'Indisponible\u202f: hit by a cosmic ray',
    );
  });

  it('words command outcomes: a crash once, a refusal in the tool’s own words', () => {
    const crashed = { outcome: 'crashed', message: 'the tool exited with code 3 before it answered', reasonCode: { code: 'exited', exitCode: 3 } } as const;
    expect(commandOutcomeText(en, crashed)).toBe('The tool crashed: it exited with code 3 before it answered');
    expect(commandOutcomeText(fr, crashed)).toBe('L’outil a planté\u202f: il s’est arrêté avec le code 3 avant de répondre');
    expect(commandOutcomeText(fr, { outcome: 'refused', message: 'nothing to copy' })).toBe('Refusé\u202f: nothing to copy');
    expect(commandOutcomeText(fr, { outcome: 'unavailable', message: 'the tool is not running', reasonCode: { code: 'notRunning' } })).toBe(
      'Indisponible\u202f: l’outil n’est pas en marche',
    );
    expect(commandOutcomeText(fr, { outcome: 'done' })).toBe('Terminé');
  });
});
