// A long answer over a real link (the framing, the peer): a request sent with dataAsBytes gets its
// result's base64 decoded from the line's bytes, and no string of it is ever made (the heap does
// not grow by it while the answer is held); any other request gets its answer as JSON.parse makes
// it. The trace is given the line's start and its length.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryLink } from '../../test-support/memory-link';
import { SKWIR_LINE_LIMIT } from '../../../src-shared/skwir/limits';
import { TRACE_TEXT_MAX_CHARS } from '../../../src-shared/limits';
import { decodedDataOf } from './answer-data';
import { JsonText } from './outbox';
import type { MessageId } from './message-shape';
import { Peer } from './peer';

const picture = randomBytes(12 * 1024 * 1024);
const base64 = picture.toString('base64');

function setup() {
  const link = createMemoryLink({ lineLimit: SKWIR_LINE_LIMIT });
  const trace: { text: string; method: string | undefined; length: number | undefined }[] = [];
  const sentTrace: typeof trace = [];
  const peer = new Peer(link.app.reader, link.app.writer, {
    lineLimit: SKWIR_LINE_LIMIT,
    onTrace: (direction, text, method, _sent, length) => (direction === 'received' ? trace : sentTrace).push({ text, method, length }),
  });
  /**
   * The tool answers request `id` with the result these pieces of text make, in the 64 KiB pieces a
   * pipe gives. Each is made bytes alone: joined first, they would make a string as long as the data.
   */
  const answer = (id: MessageId, ...result: string[]) => {
    const line = Buffer.concat([`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, ...result, '}\n'].map((piece) => Buffer.from(piece)));
    for (let at = 0; at < line.length; at += 65_536) link.tool.output.write(line.subarray(at, at + 65_536));
  };
  return { link, peer, trace, sentTrace, answer };
}

describe('a long answer', () => {
  it('brings its data as bytes to a request that takes them, never as text', async () => {
    const { peer, trace, answer } = setup();
    const heapBefore = process.memoryUsage().heapUsed;
    const { answer: result } = peer.send('convert', {}, { dataAsBytes: true });
    answer(1, '{"name":"a.png","data":"', base64, '"}');
    const got = (await result) as { name: string; data: string };
    // Held here: a string of the data would be on the heap now, 16 MB of it.
    const grown = process.memoryUsage().heapUsed - heapBefore;
    expect(grown).toBeLessThan(base64.length / 4);
    expect(got).toEqual({ name: 'a.png', data: '' });
    expect(decodedDataOf(got)?.bytes.equals(picture)).toBe(true);
    const whole = `{"jsonrpc":"2.0","id":1,"result":{"name":"a.png","data":"${base64}"}}`;
    expect(trace).toEqual([{ text: whole.slice(0, TRACE_TEXT_MAX_CHARS), method: 'convert', length: whole.length }]);
    decodedDataOf(got)?.letGo();
    expect(decodedDataOf(got)?.bytes.length).toBe(0);
    peer.dispose();
  });

  it('is parsed whole for a request that does not take bytes, and for a late answer', async () => {
    const { peer, trace, answer } = setup();
    const { answer: result } = peer.send('convert', {});
    answer(1, '{"name":"a.png","data":"', base64, '"}');
    const got = await result;
    expect(got).toEqual({ name: 'a.png', data: base64 });
    expect(decodedDataOf(got)).toBeUndefined();
    expect(trace[0]?.length).toBeUndefined();
    const { id, answer: abandoned } = peer.send('convert', {}, { dataAsBytes: true });
    peer.abandon(id);
    await expect(abandoned).rejects.toThrow();
    const { answer: next } = peer.send('convert', {}, { dataAsBytes: true });
    answer(id, '{"name":"late.png","data":"', base64, '"}');
    answer(3, '{"name":"b.png","data":"AAEC"}');
    expect(await next).toEqual({ name: 'b.png', data: 'AAEC' });
    peer.dispose();
  });

  it('given as bytes (a read answered), is written as the line it makes, in pieces, and traced by its start and length', async () => {
    const { link, peer, sentTrace } = setup();
    peer.onRequest('read', () => new JsonText(Buffer.concat([Buffer.from('{"data":"'), Buffer.from(base64), Buffer.from('"}')])));
    const written: Buffer[] = [];
    link.app.output.on('data', (chunk: Buffer) => written.push(chunk));
    link.tool.output.write('{"jsonrpc":"2.0","id":"r1","method":"read","params":{}}\n');
    const whole = `{"jsonrpc":"2.0","id":"r1","result":{"data":"${base64}"}}`;
    await expect.poll(() => written.reduce((sum, chunk) => sum + chunk.length, 0)).toBe(whole.length + 1);
    expect(Buffer.concat(written).toString('latin1')).toBe(`${whole}\n`);
    const head = '{"jsonrpc":"2.0","id":"r1","result":';
    expect(sentTrace).toEqual([{ text: whole.slice(0, head.length + TRACE_TEXT_MAX_CHARS), method: 'read', length: whole.length }]);
    peer.dispose();
  });
});
