// A plan's folders judged by the rule of the platform the steps run on, and passed on normalized.
import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hidingCharacter, planStepProblems, type PathRule } from './plan-rules';
import type { PlanStep } from './types';

const judged = (step: PlanStep, paths: PathRule) => ({ problems: planStepProblems(step, 'result.steps[0]', { files: 1, paths }), step });

describe("a plan's folders", () => {
  it('are absolute as Linux and macOS mean it there: C:/ and C:\\ are names in the working folder', () => {
    expect(judged({ op: 'mkdir', path: 'C:/vitruvian-relative' }, posix).problems).toEqual([
      'result.steps[0].path: "C:/vitruvian-relative" is not an absolute path',
    ]);
    expect(judged({ op: 'copy', file: 1, to: 'C:\\evil' }, posix).problems).toEqual(['result.steps[0].to: "C:\\\\evil" is not an absolute path']);
    expect(judged({ op: 'move', file: 1, to: '/home/a/x/../Archive/' }, posix)).toEqual({
      problems: [],
      step: { op: 'move', file: 1, to: '/home/a/Archive/' },
    });
  });

  it('are absolute as Windows means it there: a drive and a root, not a drive alone', () => {
    expect(judged({ op: 'copy', file: 1, to: 'C:/Users/a/../b' }, win32)).toEqual({ problems: [], step: { op: 'copy', file: 1, to: 'C:\\Users\\b' } });
    expect(judged({ op: 'mkdir', path: 'C:relative' }, win32).problems).toEqual(['result.steps[0].path: "C:relative" is not an absolute path']);
    expect(judged({ op: 'mkdir', path: 'docs\\x' }, win32).problems).toEqual(['result.steps[0].path: "docs\\\\x" is not an absolute path']);
  });

  it('are judged once normalized: .. above the root stays at the root', () => {
    expect(judged({ op: 'mkdir', path: '/../../etc/./x' }, posix).step).toEqual({ op: 'mkdir', path: '/etc/x' });
    expect(judged({ op: 'mkdir', path: 'a/../../b' }, posix)).toEqual({
      problems: ['result.steps[0].path: "a/../../b" is not an absolute path'],
      step: { op: 'mkdir', path: 'a/../../b' },
    });
  });
});

describe('characters that hide or reorder what is read', () => {
  it('names each by its code point: C0, DEL, C1, line breaks and the bidi controls', () => {
    expect(hidingCharacter('plain name.txt')).toBeUndefined();
    expect(hidingCharacter('Ünïcødé 日本 עברית.txt')).toBeUndefined();
    for (const code of [0x00, 0x0a, 0x1f, 0x7f, 0x80, 0x9f]) expect(hidingCharacter(`a${String.fromCodePoint(code)}`)).toMatch(/\(a control character\)$/);
    for (const code of [0x2028, 0x2029]) expect(hidingCharacter(String.fromCodePoint(code))).toMatch(/\(a line break\)$/);
    for (const code of [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      expect(hidingCharacter(`x${String.fromCodePoint(code)}y`)).toBe(`U+${hex} (a bidi control, which shows the text around it in another order)`);
    }
  });

  it('are refused in a name, with a separator or . and .. refused too', () => {
    expect(judged({ op: 'rename', file: 1, name: 'report\u202Etxt.exe' }, posix).problems).toEqual([
      'result.steps[0].name: "report\\u202etxt.exe" holds U+202E (a bidi control, which shows the text around it in another order)',
    ]);
    expect(judged({ op: 'rename', file: 1, name: 'a/b' }, posix).problems).toEqual([
      'result.steps[0].name: "a/b" is not a name in a folder (it holds a path separator)',
    ]);
    expect(judged({ op: 'rename', file: 1, name: '..' }, posix).problems).toEqual([
      'result.steps[0].name: ".." is not a name in a folder (it names a folder itself)',
    ]);
  });
});
