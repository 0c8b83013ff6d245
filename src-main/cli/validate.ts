// vitruvian-tool validate <folder>...: the installer's judgement of each folder (a tool or a Skwir
// plugin), as lines. For one folder, `valid: <id> <version>` or one line per problem; for several,
// the same lines, each after its folder. Exit 0 when every folder is valid, 1 when one is not, 2 for
// a usage error.
import { checkFolder, type FolderVerdict } from '../host/tool-folder';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';

export async function command(args: string[], io: CliIo): Promise<number> {
  const reading = readArgs('validate', args);
  if (!reading.ok) return usageError(io, 'validate', reading.problem);
  const { operands: folders } = reading;
  let failed = false;
  for (const folder of folders) {
    const verdict = await checkFolder(folder);
    for (const line of verdictLines(verdict)) io.out(folders.length > 1 ? `${folder}: ${line}` : line);
    if (!verdict.ok) failed = true;
  }
  return failed ? ExitCodes.failed : ExitCodes.ok;
}

/** `valid: <id> <version>` (a plugin's line says what it is), or one line per problem. */
export function verdictLines(verdict: FolderVerdict): string[] {
  if (!verdict.ok) return verdict.problems;
  const kind = verdict.kind === 'plugin' ? ` (Skwir plugin, ${verdict.manifest.transport.kind})` : '';
  return [`valid: ${verdict.manifest.id} ${verdict.manifest.version}${kind}`];
}
