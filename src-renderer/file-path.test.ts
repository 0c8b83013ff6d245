import { describe, expect, it } from 'vitest';
import { distinctNames, fileName, folderOf, isFromRoot } from './file-path';

describe('file paths', () => {
  it('tells a path from the root of the disk from one that is not', () => {
    for (const path of ['/Users/me/tool', 'C:\\tools\\x', 'c:/tools', '\\\\server\\share']) expect(isFromRoot(path), path).toBe(true);
    for (const path of ['tool', './tool', '../tool', '~/tool', 'C:tool']) expect(isFromRoot(path), path).toBe(false);
  });

  it('names the file at the end of a path, whichever separator the host uses', () => {
    expect(fileName('/Users/me/notes.txt')).toBe('notes.txt');
    expect(fileName('C:\\Users\\me\\notes.txt')).toBe('notes.txt');
    expect(fileName('/Users/me/folder/')).toBe('folder');
    expect(fileName('notes.txt')).toBe('notes.txt');
    expect(fileName('/')).toBe('/');
  });

  it('names the folder holding it', () => {
    expect(folderOf('/Users/me/notes.txt')).toBe('/Users/me');
    expect(folderOf('/notes.txt')).toBe('/');
    expect(folderOf('C:\\me\\notes.txt')).toBe('C:\\me');
    expect(folderOf('notes.txt')).toBe('');
  });

  it('tells files of the same name apart by as many folders as it takes', () => {
    const shown = distinctNames(['/a/photos/2024/a.jpg', '/a/photos/2025/a.jpg', '/b/notes.txt', '/c/x/notes.txt', '/d/x/notes.txt', '/e/solo.txt']);
    expect([...shown.values()]).toEqual(['2024/a.jpg', '2025/a.jpg', 'b/notes.txt', 'c/x/notes.txt', 'd/x/notes.txt', 'solo.txt']);
    expect(distinctNames(['C:\\one\\a.txt', 'C:\\two\\a.txt']).get('C:\\two\\a.txt')).toBe('two\\a.txt');
  });
});
