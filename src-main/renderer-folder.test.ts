import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, fileForUrlPath, fileInFolder } from './renderer-folder';

const folder = resolve('/srv/app/renderer');

describe('fileInFolder', () => {
  it('finds files inside the folder, by relative or absolute path', () => {
    expect(fileInFolder(folder, 'assets/app.js')).toBe(join(folder, 'assets', 'app.js'));
    expect(fileInFolder(folder, join(folder, 'index.html'))).toBe(join(folder, 'index.html'));
    expect(fileInFolder(`${folder}/`, 'a/../b.css')).toBe(join(folder, 'b.css'));
  });

  it.each(['../secret.txt', 'assets/../../secret.txt', '/etc/passwd', resolve(folder, '..', 'renderer-evil', 'x.html'), folder, '', 'index.html\0.png'])(
    'refuses %j',
    (path) => {
      expect(fileInFolder(folder, path)).toBeUndefined();
    },
  );
});

describe('fileForUrlPath', () => {
  it('answers the window for "/" and decodes escapes', () => {
    expect(fileForUrlPath(folder, '/')).toBe(join(folder, 'index.html'));
    expect(fileForUrlPath(folder, '/assets/my%20app.js')).toBe(join(folder, 'assets', 'my app.js'));
    expect(fileForUrlPath(folder, '//assets/app.js')).toBe(join(folder, 'assets', 'app.js'));
  });

  it.each(['/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/assets%2f..%2f..%2fsecret.txt', '/%E0%A4%A', '/index.html%00'])('refuses %j', (urlPath) => {
    expect(fileForUrlPath(folder, urlPath)).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('names the types a built window holds, and octet-stream for the rest', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('assets/APP.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a.woff2')).toBe('font/woff2');
    expect(contentTypeOf('archive.zip')).toBe('application/octet-stream');
  });
});
