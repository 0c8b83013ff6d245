import { describe, expect, it } from 'vitest';
import { distinctNames, fileName, folderOf } from './file-path';

describe('file paths', () => {
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
