import { describe, expect, it } from 'vitest';
import { choiceAfter, everyFileChosen } from './file-choices';

const files = ['/a', '/b', '/c', '/d'];

describe('choosing files', () => {
  it('chooses a file alone on a click, adds or takes one away on ctrl, and a range from the anchor on shift', () => {
    const one = choiceAfter(files, { chosen: [] }, '/b', 'only')!;
    expect(one).toEqual({ chosen: ['/b'], current: '/b', anchor: '/b' });
    const two = choiceAfter(files, one, '/d', 'toggle')!;
    expect(two).toEqual({ chosen: ['/b', '/d'], current: '/d', anchor: '/d' });
    expect(choiceAfter(files, two, '/d', 'toggle')).toEqual({ chosen: ['/b'], current: '/b', anchor: '/d' });
    expect(choiceAfter(files, one, '/d', 'range')).toEqual({ chosen: ['/b', '/c', '/d'], current: '/d', anchor: '/b' });
    expect(choiceAfter(files, { chosen: ['/c'], current: '/c', anchor: '/c' }, '/a', 'range')).toEqual({
      chosen: ['/a', '/b', '/c'],
      current: '/a',
      anchor: '/c',
    });
  });

  it('chooses nothing that is not listed, and every file keeping the one shown', () => {
    expect(choiceAfter(files, { chosen: [] }, '/z', 'only')).toBeUndefined();
    expect(everyFileChosen(files, { chosen: ['/c'], current: '/c', anchor: '/c' })).toEqual({ chosen: files, current: '/c', anchor: '/c' });
    expect(everyFileChosen(files, undefined)).toEqual({ chosen: files, current: '/a', anchor: '/a' });
  });
});
