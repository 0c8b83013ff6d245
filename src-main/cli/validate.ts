// vitruvian-tool validate <folder>: the installer's judgement of a folder, as lines.
// Exit 0 and `valid: <id> <version>`; 1 and one line per problem; 2 for a usage error.
import { checkFolder, type FolderVerdict } from '../host/tool-folder';
import { ExitCodes, type CliIo } from './io';
import { usageLine } from './usage';

const USAGE = usageLine('validate');

export async function command(args: string[], io: CliIo): Promise<number> {
  const folders: string[] = [];
  let optionsDone = false;
  for (const arg of args) {
    if (!optionsDone && arg === '--') optionsDone = true;
    else if (!optionsDone && arg.startsWith('-') && arg !== '-') {
      io.err(`validate: unknown option ${JSON.stringify(arg)}; ${USAGE}`);
      return ExitCodes.usage;
    } else folders.push(arg);
  }
  if (folders.length !== 1) {
    io.err(`validate: ${folders.length === 0 ? 'missing <folder>' : `one folder only, got ${folders.length}`}; ${USAGE}`);
    return ExitCodes.usage;
  }
  const verdict = await checkFolder(folders[0]!);
  verdictLines(verdict).forEach((line) => io.out(line));
  return verdict.ok ? ExitCodes.ok : ExitCodes.failed;
}

/** `valid: <id> <version>` (a plugin's line says what it is), or one line per problem. */
export function verdictLines(verdict: FolderVerdict): string[] {
  if (!verdict.ok) return verdict.problems;
  const kind = verdict.kind === 'plugin' ? ` (Skwir plugin, ${verdict.manifest.transport.kind})` : '';
  return [`valid: ${verdict.manifest.id} ${verdict.manifest.version}${kind}`];
}
