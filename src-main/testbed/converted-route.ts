// The test bed's route for converted files (docs/design/skwir.md, "Converted files by URL"):
// GET or HEAD `/converted/<token>` answers the bytes of the file the host serves under that token, a
// range of them when asked, or 404. The token is the whole of what the page names: never a path.
// Only this test bed's own pages may draw them (Cross-Origin-Resource-Policy).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { convertedFilePath } from '../../src-shared/host-wire';
import { answerConverted } from '../host/plugins/converted-answer';
import type { ConvertedFiles } from '../host/plugins/converted-files';

export const isConvertedPath = (pathname: string): boolean => pathname.startsWith(`${convertedFilePath}/`);

export async function serveConverted(files: ConvertedFiles, pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const answer = await answerConverted(
    files,
    { method: request.method ?? 'GET', token: pathname.slice(convertedFilePath.length + 1), range: request.headers.range },
    { 'Cross-Origin-Resource-Policy': 'same-origin' },
  );
  response.writeHead(answer.status, answer.headers);
  if (!answer.body) {
    response.end(answer.text === undefined ? undefined : `${answer.text}\n`);
    return;
  }
  // The stream closes the file's handle when it ends or is destroyed (a window that stopped reading).
  const bytes = answer.body.handle.createReadStream({ start: answer.body.start, end: answer.body.end });
  response.on('close', () => bytes.destroy());
  bytes.on('error', () => response.destroy()).pipe(response);
}
