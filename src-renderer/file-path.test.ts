import { describe, expect, it } from 'vitest';
import { fileName, folderOf } from './file-path';

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
});
