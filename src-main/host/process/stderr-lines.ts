// A tool's standard error, cut into lines for its log. Unlike stdout this is text for people:
// bytes that are not UTF-8 are shown as replacement characters, a long line is cut (its head
// kept, the rest skipped up to the next line break, never held), and a last line with no line
// break is still logged when the stream ends.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Disposable } from '../../../src-shared/lifecycle';
import { MAX_LOG_LINE_CHARS } from '../../../src-shared/limits';
import { detached } from '../wire/detached';

export function readStderrLines(stream: Readable, onLine: (line: string) => void, maxChars = MAX_LOG_LINE_CHARS): Disposable {
  const decoder = new StringDecoder('utf8');
  let current = '';
  let cut = 0; // characters skipped from the current line

  const finish = () => {
    const line = current.endsWith('\r') ? current.slice(0, -1) : current;
    // A copy: the line is often a slice of the chunk's text, which would stay alive with it in the log.
    if (line !== '' || cut > 0) onLine(cut > 0 ? `${detached(line)}... (${cut}+ more characters cut)` : detached(line));
    current = '';
    cut = 0;
  };
  const add = (text: string) => {
    const room = maxChars - current.length;
    if (text.length <= room) current += text;
    else {
      current += text.slice(0, Math.max(0, room));
      cut += text.length - Math.max(0, room);
    }
  };
  const take = (text: string) => {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      add(text.slice(start, newline));
      finish();
      start = newline + 1;
    }
    add(text.slice(start));
  };
  const onData = (chunk: Buffer | string) => take(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  const onEnd = () => {
    take(decoder.end());
    finish();
    stop();
  };
  const stop = () => {
    stream.off('data', onData);
    stream.off('end', onEnd);
  };
  stream.on('data', onData);
  stream.on('end', onEnd);
  stream.on('error', () => undefined); // a broken pipe from a dead tool is not the host's crash
  return { dispose: stop };
}
