// A long conversion from a real plugin process, through the host's HostApi: its base64 is decoded
// from the answer's bytes into the cache, never made text (docs/design/wire.md, "A long answer's
// data"), and the host judges the answer as it judges any: bad base64, a bad name or a line that is
// not UTF-8 are refused naming what was wrong; the trace keeps the start of the line and says how
// long it was; a conversion sent by hand (the Messages tab) shows the answer as it came.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostEvent } from '../../../src-shared/host-api';
import { TRACE_TEXT_MAX_CHARS } from '../../../src-shared/limits';
import { SimulatedPlatform } from '../../platform/simulated';
import { fixturePluginFolder } from '../fixtures/plugin-folder';
import { createHost, type Host } from '../host';

const FIXTURE = 'test.long.conversions';

let scratch: string;
let host: Host;
let events: HostEvent[];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'vt-long-conversions-'));
  host = await createHost({ dataFolder: join(scratch, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
  events = [];
  host.subscribe((event) => events.push(event));
  const folder = await fixturePluginFolder(scratch, { id: FIXTURE });
  // The fixture converts .answer files: it answers the result the file holds, byte for byte.
  const manifest = join(folder, 'skwir-plugin.toml');
  await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('[[previews]]', '[[previews]]\nextensions = ["answer"]\nconverts = true'));
  expect((await host.loadInPlace(folder)).ok).toBe(true);
});

afterEach(async () => {
  await host.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** A file whose conversion is the answer `result` (its bytes as the plugin writes them). */
const answering = async (name: string, result: string | Buffer) => {
  const path = join(scratch, name);
  await writeFile(path, result);
  return path;
};

const picture = randomBytes(3 * 1024 * 1024);
const base64 = picture.toString('base64');

/** The bytes the cache keeps of the one conversion kept. */
async function kept(): Promise<Buffer> {
  const files = (await readdir(join(scratch, 'app'), { recursive: true })).filter((name) => name.endsWith('convert.bin'));
  expect(files).toHaveLength(1);
  return readFile(join(scratch, 'app', files[0]!));
}

describe('a long conversion', () => {
  it('is kept as the bytes its base64 says, and traced by its start and its length', async () => {
    const path = await answering('a.answer', ` { "data" : "${base64}", "name": "caf\\u00e9.png" }`);
    const answer = await host.convert(FIXTURE, 'c1', path);
    expect(answer).toMatchObject({ ok: true, cached: false, answer: { name: 'café.png', bytes: picture.length } });
    expect((await kept()).equals(picture)).toBe(true);
    const line = (await host.readTrace(FIXTURE)).lines.find((entry) => entry.direction === 'fromTool' && entry.method === 'convert');
    const whole = `{"jsonrpc":"2.0","id":2,"result": { "data" : "${base64}", "name": "caf\\u00e9.png" }}`;
    expect(line?.text).toBe(`${whole.slice(0, TRACE_TEXT_MAX_CHARS)}… (${whole.length - TRACE_TEXT_MAX_CHARS} more characters)`);
  });

  it('is refused naming the base64 when it is not base64, as a short one is', async () => {
    const path = await answering('b.answer', `{"name":"b.png","data":"${base64.slice(0, 1000)}*${base64.slice(1001)}"}`);
    const answer = await host.convert(FIXTURE, 'c1', path);
    expect(answer).toMatchObject({ ok: false, outcome: 'failed', malformed: true });
    expect(answer.ok ? '' : answer.message).toMatch(/^the plugin's answer to convert is malformed: result\.data: "[A-Za-z0-9+/]+…" is not base64$/);
  });

  it('is refused naming the file name when that is wrong, its bytes kept nowhere', async () => {
    const path = await answering('c.answer', `{"name":"../c.png","data":"${base64}"}`);
    const answer = await host.convert(FIXTURE, 'c1', path);
    expect(answer.ok ? '' : answer.message).toContain('result.name: "../c.png" is not a file name');
    expect((await readdir(join(scratch, 'app'), { recursive: true })).filter((name) => name.endsWith('convert.bin'))).toEqual([]);
  });

  it('takes the last "data" when the answer gives two, as JSON.parse does', async () => {
    const path = await answering('d.answer', `{"name":"d.png","data":"${base64}","data":"AAEC"}`);
    expect(await host.convert(FIXTURE, 'c1', path)).toMatchObject({ ok: true, answer: { bytes: 3 } });
    expect(await kept()).toEqual(Buffer.of(0, 1, 2));
  });

  it('is refused as not UTF-8 when a byte outside its base64 is not, and the plugin is told "not JSON"', async () => {
    const result = Buffer.from(`{"name":"e\u00e9.png","data":"${base64}"}`);
    result[result.indexOf(0xc3)] = 0xff;
    const path = await answering('e.answer', result);
    // The answer never comes: the line is no message. The call ends with its time limit or the plugin; it is cancelled here.
    const asked = host.convert(FIXTURE, 'c1', path);
    await expect.poll(async () => (await host.readTrace(FIXTURE)).lines.some((entry) => entry.notUtf8), { timeout: 60_000 }).toBe(true);
    const line = (await host.readTrace(FIXTURE)).lines.find((entry) => entry.notUtf8)!;
    expect(line.text.startsWith('{"jsonrpc":"2.0","id":2,"result":{"name":"e\\xff')).toBe(true);
    await expect
      .poll(async () => (await host.readTrace(FIXTURE)).lines.some((entry) => entry.direction === 'toTool' && entry.text.includes('"message":"not JSON"')))
      .toBe(true);
    expect(await host.cancelCall('c1')).toEqual({ ok: true });
    expect(await asked).toMatchObject({ ok: false, outcome: 'cancelled' });
  });

  it('sent by hand, shows its answer whole, its base64 as it came', async () => {
    const path = await answering('f.answer', `{"name":"f.png","data":"${base64}"}`);
    const answer = await host.sendMessage(FIXTURE, { method: 'convert', params: {}, files: [path] }, false);
    expect(answer).toMatchObject({ outcome: 'result', result: { name: 'f.png', data: base64 } });
    expect('problems' in answer).toBe(false);
  });
});
