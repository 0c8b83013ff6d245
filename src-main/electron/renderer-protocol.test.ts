import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({ handled: new Map<string, (request: Request) => Promise<Response>>(), privileged: [] as unknown[] }));
vi.mock('electron', () => ({
  protocol: {
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => electron.handled.set(scheme, handler),
    unhandle: (scheme: string) => electron.handled.delete(scheme),
    registerSchemesAsPrivileged: (schemes: unknown[]) => electron.privileged.push(...schemes),
  },
}));

const { contentSecurityPolicy, registerRendererScheme, rendererRequestHandler, serveRendererFolder } = await import('./renderer-protocol');

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

const get = (url: string, method = 'GET') => rendererRequestHandler(folder)(new Request(url, { method }));

describe('the app:// scheme', () => {
  it('is registered privileged as standard and secure, with fetch, and nothing that loosens the CSP; the converted files beside it, in the same one call', () => {
    registerRendererScheme();
    expect(electron.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
      { scheme: 'vitruvian-converted', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true } },
    ]);
  });

  it('serves files of the renderer folder with the CSP and their content type', async () => {
    const page = await get('app://vitruvian/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('./assets/app.js');
    expect(await (await get('app://vitruvian/')).text()).toContain('./assets/app.js');
    const script = await get('app://vitruvian/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("hi")');
  });

  it('refuses every file outside the renderer folder, however the URL is written', async () => {
    for (const url of [
      'app://vitruvian/%2F..%2Fsecret.txt',
      'app://vitruvian/..%2fsecret.txt',
      'app://vitruvian/%2e%2e%2Frenderer-evil/x.html',
      'app://vitruvian/%00index.html',
      'app://other/index.html',
      'app://vitruvian:81/index.html',
      `file://${join(folder, 'index.html')}`,
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(403);
      expect(await answer.text()).not.toContain('not for the window');
    }
    // Dot segments the URL itself resolves stay at the folder's top.
    expect((await get('app://vitruvian/../../secret.txt')).status).toBe(404);
    expect((await get('app://vitruvian/%2e%2e/secret.txt')).status).toBe(404);
    // An absolute path, %-encoded, is read inside the folder too.
    expect((await get(`app://vitruvian/${encodeURIComponent(join(root, 'secret.txt'))}`)).status).toBe(404);
    expect((await get('app://vitruvian/missing.js')).status).toBe(404);
    expect((await get('app://vitruvian/index.html', 'POST')).status).toBe(405);
  });

  it('serves app:// and refuses every file:// request while it lasts', async () => {
    const served = serveRendererFolder(folder);
    expect([...electron.handled.keys()].sort()).toEqual(['app', 'file']);
    expect((await electron.handled.get('app')!(new Request('app://vitruvian/index.html'))).status).toBe(200);
    const file = await electron.handled.get('file')!(new Request(`file://${join(folder, 'index.html')}`));
    expect(file.status).toBe(403);
    expect(await file.text()).toBe('the app serves no file:// page');
    served.dispose();
    expect(electron.handled.size).toBe(0);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows scripts and styles from the app only, nothing inline, no network, frames or plugins', () => {
    const directives = new Map(contentSecurityPolicy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    // No network: only the host's converted files, drawn (img, media) and the start of a text read (connect).
    expect(directives.get('connect-src')).toEqual(['vitruvian-converted://files']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'vitruvian-converted://files']);
    expect(directives.get('media-src')).toEqual(['vitruvian-converted://files']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(contentSecurityPolicy).not.toMatch(/unsafe-(inline|eval)/);
  });
});
