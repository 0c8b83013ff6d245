// The test bed's route for converted files (converted-route.ts), through its real server and real
// files: the bytes by token with the media type of a kind the window draws (plain bytes for any
// other), a range when asked, and 404 for a wrong token, a released one, a file the cache dropped,
// and any path the page might try instead of a token.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeHost } from '../../src-shared/test/fake-host';
import { ConvertedFiles } from '../host/plugins/converted-files';
import { startTestbedServer, type TestbedServer } from './server';

let scratch: string;
let files: ConvertedFiles;
let server: TestbedServer;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-converted-route-'));
  await mkdir(join(scratch, 'window'));
  await writeFile(join(scratch, 'window', 'index.html'), '<!doctype html><title>Vitruvian</title>');
  await writeFile(join(scratch, 'secret.txt'), 'not for the window');
  files = new ConvertedFiles(join(scratch, 'loose'));
  server = await startTestbedServer({ host: createFakeHost().host, rendererDir: join(scratch, 'window'), port: 0, converted: files });
});
afterEach(async () => {
  await server.close();
  await files.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** A request with its path sent as written (no URL normalising it first). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: server.port, path, method, headers: { host: `127.0.0.1:${server.port}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function offered(name: string, text: string): Promise<string> {
  const path = join(scratch, `${name}.bin`);
  await writeFile(path, text);
  return (await files.offer(path, name))!.token;
}

describe('the test bed’s converted files', () => {
  it('serves a picture by its token with its media type, kept to this origin, run as nothing', async () => {
    const token = await offered('a.png', 'PNG bytes');
    const answer = await get(`/converted/${token}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('PNG bytes');
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '9',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    expect((await get(`/converted/${token}`, {}, 'HEAD')).body).toBe('');
    expect((await get(`/converted/${token}`, {}, 'POST')).status).toBe(405);
  });

  it('serves what could hold a script (SVG, HTML) and any other kind as plain bytes', async () => {
    for (const name of ['x.svg', 'x.html', 'x.txt', 'x.zip']) {
      const answer = await get(`/converted/${await offered(name, '<svg><script>alert(1)</script></svg>')}`);
      expect(answer.headers['content-type'], name).toBe('application/octet-stream');
    }
  });

  it('answers one range when asked: a player seeks, the window reads the start of a text', async () => {
    const token = await offered('t.txt', '0123456789');
    const start = await get(`/converted/${token}`, { range: 'bytes=0-3' });
    expect(start).toMatchObject({ status: 206, body: '0123' });
    expect(start.headers['content-range']).toBe('bytes 0-3/10');
    expect(await get(`/converted/${token}`, { range: 'bytes=7-' })).toMatchObject({ status: 206, body: '789' });
    expect(await get(`/converted/${token}`, { range: 'bytes=-2' })).toMatchObject({ status: 206, body: '89' });
    expect((await get(`/converted/${token}`, { range: 'bytes=10-' })).status).toBe(416);
    expect(await get(`/converted/${token}`, { range: 'lines=1-2' })).toMatchObject({ status: 200, body: '0123456789' });
  });

  it('answers 404 to a wrong token, a released one, one whose file the cache dropped, and any path', async () => {
    const token = await offered('a.png', 'PNG bytes');
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/converted/${wrong}`,
      '/converted/',
      '/converted/../secret.txt',
      '/converted/..%2Fsecret.txt',
      `/converted/${encodeURIComponent(join(scratch, 'secret.txt'))}`,
      `/converted/${token}/../../secret.txt`,
      `/converted/${token}%2F..%2F..%2Fsecret.txt`,
    ]) {
      const answer = await get(path);
      expect(answer.body, path).not.toContain('not for the window');
      expect(answer.body, path).not.toContain('PNG bytes');
    }
    expect((await get(`/converted/${wrong}`)).status).toBe(404);
    expect((await get(`/converted/${token}`)).status).toBe(200);
    await files.release(token);
    expect((await get(`/converted/${token}`)).status).toBe(404);

    const dropped = await offered('b.png', 'B');
    await rm(join(scratch, 'b.png.bin'));
    expect((await get(`/converted/${dropped}`)).status).toBe(404);
  });

  it('answers only to its own name, as every other request', async () => {
    const token = await offered('a.png', 'PNG bytes');
    expect((await get(`/converted/${token}`, { host: 'evil.example:80' })).status).toBe(421);
  });
});
