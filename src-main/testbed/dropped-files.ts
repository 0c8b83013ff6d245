// Files dropped on a plugin in the test bed's window. A browser never learns a dropped file's path,
// so the window posts the file's bytes here and is answered the path of a copy in the test bed's
// data folder, which the plugin is then asked about. Each copy keeps its name (a plugin goes by its
// extension) in a folder of its own, so nothing is ever overwritten; a copy is at most
// maxDroppedFileBytes; all of them go when the test bed stops.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { droppedFileNameParam, droppedNameProblem, maxDroppedFileBytes } from '../../src-shared/host-wire';

export interface DroppedFiles {
  /**
   * Takes one POST: answers the copy's path as JSON, or why not. `refusal`: what the server found
   * wrong with the request's token or Origin, answered before anything else.
   */
  receive(request: IncomingMessage, response: ServerResponse, url: URL, refusal?: { status: number; text: string }): Promise<void>;
  /** Removes every copy. */
  dispose(): Promise<void>;
}

const answer = (response: ServerResponse, status: number, text: string): void => {
  if (response.headersSent) return void response.destroy();
  // The body of a refused upload is not read: close the connection rather than drain it.
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
  response.end(`${text}\n`);
};

class TooBig extends Error {}

/** Passes bytes on, failing once more than `limit` went by (a body sent without its length). */
const bounded = (limit: number): Transform => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new TooBig() : null, chunk);
    },
  });
};

export function droppedFiles(folder: string, limit = maxDroppedFileBytes): DroppedFiles {
  let disposed = false;
  const tooBig = `the file is over the ${limit.toLocaleString('en-US')} bytes a dropped file may have`;
  return {
    async receive(request, response, url, refusal) {
      if (refusal) return answer(response, refusal.status, refusal.text);
      if (request.method !== 'POST') {
        response.setHeader('Allow', 'POST');
        return answer(response, 405, `${request.method ?? 'this method'} is not taken here; POST the file's bytes`);
      }
      const name = url.searchParams.get(droppedFileNameParam);
      const problem = name === null ? `no ${droppedFileNameParam} given` : droppedNameProblem(name);
      if (problem !== undefined || name === null) return answer(response, 400, `${droppedFileNameParam}: ${problem}`);
      const length = Number(request.headers['content-length'] ?? NaN);
      if (length > limit) return answer(response, 413, tooBig);
      if (disposed) return answer(response, 503, 'the test bed is stopping');
      await mkdir(folder, { recursive: true });
      const into = await mkdtemp(join(folder, 'drop-'));
      const path = join(into, name);
      try {
        await pipeline(request, bounded(limit), createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await rm(into, { recursive: true, force: true });
        if (error instanceof TooBig) return answer(response, 413, tooBig);
        return answer(response, 400, `the file could not be kept: ${error instanceof Error ? error.message : String(error)}`);
      }
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify({ path }));
    },
    async dispose() {
      disposed = true;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
