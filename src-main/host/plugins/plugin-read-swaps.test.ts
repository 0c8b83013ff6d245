// A plugin that puts something else where its call's file was, between the call and its read: a
// FIFO (which, opened the ordinary way, holds one of the four threads Node's file functions share
// with the whole host until a writer comes: four of them stopped the host), a link to another file,
// or another file. Each read is refused naming the file, and the host goes on answering. A call's
// one small file was read whole as the call began: its read gets those bytes, whatever is there now.
import { closeSync, constants, existsSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPlugins, startPlugin } from '../fixtures/plugin-harness';
import { READ_WHOLE_BYTES } from './call-files';

/** A file too big to be read whole as its call begins: it is opened at its first read. */
const opened = `the first bytes${'.'.repeat(READ_WHOLE_BYTES)}`;

const fifos: string[] = [];
afterEach(async () => {
  // Were a host to open a FIFO the ordinary way, it would wait for a writer: one is given, so that
  // a failing run ends rather than hangs.
  for (const path of fifos.splice(0)) {
    try {
      if (existsSync(path)) closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // Nobody was waiting on it.
    }
  }
  await disposeAllPlugins();
});

/** Resolves as `promise` does, or fails naming `what` when it has not after `ms`: a test that fails rather than hangs. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const valueOf = (outcome: { outcome: string }) => (outcome as { answer?: { value?: unknown } }).answer?.value;

describe('a call file swapped before its read', () => {
  it('refuses the read of a FIFO put in its place, naming the file, with five plugins at once; the host goes on', async () => {
    const plugins = Array.from({ length: 5 }, () => startPlugin());
    const paths = plugins.map((h, index) => h.file(`file-${index}.txt`, opened));
    fifos.push(...paths);
    const outcomes = plugins.map((h, index) => h.field('swap:fifo', paths[index]!));
    const settled = await within(Promise.all(outcomes), 20_000, 'the five calls ending');
    settled.forEach((outcome, index) => {
      expect(outcome).toMatchObject({ outcome: 'answered' });
      expect(valueOf(outcome)).toBe(`refused -32000: read refused: ${paths[index]} is not the file the call began with: it is now a FIFO`);
    });
    // The host's own file work (the pool its storage and the test bed's page use) is free...
    expect(await within(readFile(new URL(import.meta.url), 'utf8'), 10_000, "the host's own readFile")).toContain('a call file swapped');
    // ...and every plugin answers its next call.
    for (const h of plugins) {
      const outcome = await within(h.field('read:@1:0:100', h.file('next.txt', 'next')), 10_000, 'the next call');
      expect(valueOf(outcome)).toBe('4 bytes');
    }
  }, 60_000);

  it('refuses the read of a link or of another file put in its place, naming the file', async () => {
    const h = startPlugin();
    const link = h.file('link.txt', opened);
    expect(valueOf(await h.field('swap:link', link))).toBe(
      `refused -32000: read refused: ${link} is not the file the call began with: it is now a symbolic link`,
    );
    const other = h.file('other.txt', opened);
    expect(valueOf(await h.field('swap:file', other))).toBe(
      `refused -32000: read refused: ${other} is not the file the call began with: it is now another file`,
    );
  });

  it('serves a small file swapped after its call began the bytes it had then, never opening what is there now', async () => {
    const h = startPlugin();
    for (const swap of ['fifo', 'link', 'file']) {
      const path = h.file(`small-${swap}.txt`, 'the first bytes');
      if (swap === 'fifo') fifos.push(path);
      expect(valueOf(await within(h.field(`swap:${swap}`, path), 20_000, `the ${swap} swap's call`))).toBe('served the first ');
    }
  });
});
