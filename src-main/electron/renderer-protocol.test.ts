import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({ handled: new Map<string, unknown>() }));
vi.mock('electron', () => ({
  protocol: {
    handle: (scheme: string, handler: unknown) => electron.handled.set(scheme, handler),
    unhandle: (scheme: string) => electron.handled.delete(scheme),
  },
}));

const { contentSecurityPolicy, rendererFileHandler, rendererFolderUrl, serveRendererFolder } = await import('./renderer-protocol');

let root: string;
let folder: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitruvian-renderer-'));
  folder = join(root, 'renderer');
  await mkdir(join(folder, 'assets'), { recursive: true });
  await writeFile(join(folder, 'index.html'), '<!doctype html><script type="module" src="./assets/app.js"></script>');
  await writeFile(join(folder, 'assets', 'app.js'), 'console.log("hi")');
  await writeFile(join(root, 'secret.txt'), 'not for the window');
  await mkdir(join(root, 'renderer-evil'));
  await writeFile(join(root, 'renderer-evil', 'x.html'), 'evil');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => rendererFileHandler(folder)(new Request(url, { method }));

describe('the file:// handler', () => {
  it('serves files of the renderer folder with the CSP and their content type', async () => {
    const page = await get(pathToFileURL(join(folder, 'index.html')).href);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('./assets/app.js');
    const script = await get(`${rendererFolderUrl(folder)}assets/app.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("hi")');
  });

  it('refuses every file outside the renderer folder, however the URL is written', async () => {
    for (const url of [
      pathToFileURL(join(root, 'secret.txt')).href,
      `${rendererFolderUrl(folder)}../secret.txt`,
      `${rendererFolderUrl(folder)}%2e%2e/secret.txt`,
      pathToFileURL(join(root, 'renderer-evil', 'x.html')).href,
      'file:///etc/passwd',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(403);
      expect(await answer.text()).not.toContain('not for the window');
    }
    expect((await get(`${rendererFolderUrl(folder)}missing.js`)).status).toBe(404);
    expect((await get(`${rendererFolderUrl(folder)}index.html`, 'POST')).status).toBe(405);
  });

  it('is the only file:// handler while it lasts', () => {
    const served = serveRendererFolder(folder);
    expect(electron.handled.has('file')).toBe(true);
    served.dispose();
    expect(electron.handled.has('file')).toBe(false);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows scripts and styles from the app only, nothing inline, no network, frames or plugins', () => {
    const directives = new Map(contentSecurityPolicy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-(inline|eval)/);
  });
});
