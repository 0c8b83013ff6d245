// Two ends of a link in memory, each a LineReader + LineWriter over the real transport, so a
// peer (or the broker behind one) is tested without a process.
import { PassThrough } from 'node:stream';
import type { LineLimit } from '../../src-shared/limits';
import { StreamLineReader, StreamLineWriter, type LineReader, type LineWriter } from '../host/wire/transport';

export interface LinkEnd {
  reader: LineReader;
  writer: LineWriter;
  /** The raw bytes this end writes, for writing malformed input on purpose. */
  output: PassThrough;
}

/** `lineLimit` is the app's reader's (the limit under test); the tool's end reads any line. */
export function createMemoryLink(options: { lineLimit?: LineLimit } = {}): { app: LinkEnd; tool: LinkEnd } {
  const toTool = new PassThrough();
  const toApp = new PassThrough();
  return {
    app: { reader: new StreamLineReader(toApp, options), writer: new StreamLineWriter(toTool), output: toTool },
    tool: { reader: new StreamLineReader(toTool), writer: new StreamLineWriter(toApp), output: toApp },
  };
}
