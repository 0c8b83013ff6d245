// The app's protocol for converted files (converted-protocol.ts), Electron mocked as the rest of
// src-main/electron is, over real files: the bytes by token for the window's origin, readable by it
// alone (CORS), 404 for a wrong token, a released one, a file the cache dropped, another host, and
// any path instead of a token; a fetch from another origin is refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConvertedFiles } from '../host/plugins/converted-files';

const electron = vi.hoisted(() => ({ handled: new Map<string, (request: Request) => Promise<Response>>() }));
vi.mock('electron', () => ({
  protocol: {
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => electron.handled.set(scheme, handler),
    unhandle: (scheme: string) => electron.handled.delete(scheme),
    registerSchemesAsPrivileged: () => undefined,
  },
}));

const { convertedRequestHandler, serveConvertedFiles } = await import('./converted-protocol');

let scratch: string;
let files: ConvertedFiles;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-converted-protocol-'));
  files = new ConvertedFiles(join(scratch, 'loose'));
});
afterEach(async () => {
  await files.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const get = (url: string, init?: RequestInit) => convertedRequestHandler(files)(new Request(url, init));

async function offered(name: string, text: string): Promise<string> {
  const path = join(scratch, `${name}.bin`);
  await writeFile(path, text);
  return (await files.offer(path, name))!.token;
}

describe('the vitruvian-converted:// protocol', () => {
  it('serves a converted picture by its token to the window, with its media type, sandboxed and not sniffed', async () => {
    const token = await offered('a.png', 'PNG bytes');
    const answer = await get(`vitruvian-converted://files/${token}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('PNG bytes');
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(answer.headers.get('access-control-allow-origin')).toBe('app://vitruvian');
    const svg = await get(`vitruvian-converted://files/${await offered('x.svg', '<svg><script>1</script></svg>')}`);
    expect(svg.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('answers a range for a player or the start of a text', async () => {
    const token = await offered('t.txt', '0123456789');
    const answer = await get(`vitruvian-converted://files/${token}`, { headers: { Range: 'bytes=2-4', Origin: 'app://vitruvian' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await answer.text()).toBe('234');
  });

  it('refuses a wrong token, a released one, a dropped file, another host, any path, and another origin', async () => {
    await writeFile(join(scratch, 'secret.txt'), 'not for the window');
    const token = await offered('a.png', 'PNG bytes');
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `vitruvian-converted://files/${wrong}`,
      `vitruvian-converted://other/${token}`,
      `vitruvian-converted://files/..%2Fsecret.txt`,
      `vitruvian-converted://files/${encodeURIComponent(join(scratch, 'secret.txt'))}`,
      `vitruvian-converted://files/${token}%2F..%2Fsecret.txt`,
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(await answer.text(), url).not.toMatch(/not for the window|PNG bytes/);
    }
    expect((await get(`vitruvian-converted://files/${token}`, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await get(`vitruvian-converted://files/${token}`, { method: 'POST' })).status).toBe(405);
    await files.release(token);
    expect((await get(`vitruvian-converted://files/${token}`)).status).toBe(404);
    const dropped = await offered('b.png', 'B');
    await rm(join(scratch, 'b.png.bin'));
    expect((await get(`vitruvian-converted://files/${dropped}`)).status).toBe(404);
  });

  it('is handled while it lasts', async () => {
    const served = serveConvertedFiles(files);
    const token = await offered('a.png', 'PNG bytes');
    expect((await electron.handled.get('vitruvian-converted')!(new Request(`vitruvian-converted://files/${token}`))).status).toBe(200);
    served.dispose();
    expect(electron.handled.has('vitruvian-converted')).toBe(false);
  });
});
