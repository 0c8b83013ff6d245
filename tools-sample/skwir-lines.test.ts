// The WAT module plugin sample: its committed component is what its source builds, and a real host
// installs it, runs it in a worker and shows its calls, reads and log as it would a program's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKWIR_WORLD_WIT } from '../src-shared/skwir/module-world';
import { buildWatPlugin } from '../src-main/cli/wat-plugin';
import { createHost, type Host } from '../src-main/host/host';
import { SimulatedPlatform } from '../src-main/platform/simulated';

const sample = fileURLToPath(new URL('./skwir-lines/', import.meta.url));
const id = 'dev.vitruvian.samples.skwir-lines';

describe('the skwir-lines sample', () => {
  it('commits the component its source builds (rebuild: npx tsx scripts/build-wat-plugin.ts tools-sample/skwir-lines)', async () => {
    const { bytes } = await buildWatPlugin(sample, { write: false });
    expect(Buffer.from(bytes).equals(readFileSync(join(sample, 'plugin.wasm')))).toBe(true);
    expect(readFileSync(join(sample, 'world.wit'), 'utf8')).toBe(SKWIR_WORLD_WIT);
  });

  describe('installed in a host', () => {
    let data: string;
    let host: Host;
    const file = (name: string, content: string | Buffer) => {
      const path = join(data, name);
      writeFileSync(path, content);
      return path;
    };
    const lines = (path: string) => host.callPlugin(id, { method: 'field', params: { key: 'lines.count' }, files: [path] });

    beforeAll(async () => {
      data = mkdtempSync(join(tmpdir(), 'vitruvian-skwir-lines-'));
      host = await createHost({ dataFolder: join(data, 'app'), platform: new SimulatedPlatform(), services: 'simulated' });
      expect(await host.installFolder(sample)).toMatchObject({ ok: true, tool: { kind: 'plugin', plugin: { transport: 'module' } } });
    });
    afterAll(async () => {
      await host.dispose();
      rmSync(data, { recursive: true, force: true });
    });

    it('counts lines, a last one without a line break too, and logs how', async () => {
      expect(await lines(file('three.txt', 'one\ntwo\nthree\n'))).toMatchObject({ outcome: 'answered', answer: { value: 3 } });
      expect(await lines(file('open.txt', 'one\ntwo'))).toMatchObject({ outcome: 'answered', answer: { value: 2 } });
      expect(await lines(file('empty.txt', ''))).toMatchObject({ outcome: 'answered', answer: { value: 0 } });
      const log = (await host.readLog(id)).map((line) => line.message);
      expect(log).toContain('counted 3 lines in 1 reads');
      expect(log).toContain('counted 0 lines in 1 reads');
    });

    it('reads a file larger than its chunk in several reads, without its memory growing', async () => {
      const big = Buffer.alloc(5 * 65_536 + 3, 'x');
      for (let at = 99; at < big.length; at += 100) big[at] = 10;
      expect(await lines(file('big.txt', big))).toMatchObject({ outcome: 'answered', answer: { value: Math.floor(big.length / 100) + 1 } });
      expect((await host.readLog(id)).map((line) => line.message)).toContain(`counted ${Math.floor(big.length / 100) + 1} lines in 6 reads`);
    });

    it('answers call after call of many reads each, every read woken by its own answer', async () => {
      // The host sets the shared word, then notifies: a notify late by one read once woke the next
      // read's wait before its answer was there (seen once in a few thousand reads, under load).
      const path = file('long.txt', Buffer.alloc(2 * 1_048_576, 'z\n'));
      for (let call = 0; call < 10; call++) {
        expect(await lines(path)).toMatchObject({ outcome: 'answered', answer: { value: 1_048_576 } });
      }
    });

    it('shows the call, its reads, its log and its answer in the Messages tab, and keeps its transpile in the modules folder', async () => {
      await host.clearTrace(id);
      await lines(file('two.txt', 'a\nb\n'));
      const trace = (await host.readTrace(id)).lines;
      expect(trace.map((line) => [line.direction, line.method])).toEqual([
        ['toTool', 'field'],
        ['fromTool', 'read'],
        ['toTool', 'read'],
        ['fromTool', 'log'],
        ['fromTool', 'field'],
      ]);
      expect(JSON.parse(trace.at(-1)!.text)).toMatchObject({ result: { value: 2 } });
      expect(JSON.parse(trace[2]!.text)).toMatchObject({ result: { data: Buffer.from('a\nb\n').toString('base64') } });
      expect((await readdir(join(data, 'app', 'modules', id))).filter((name) => name.startsWith('module-'))).toHaveLength(1);
    });
  });
});
