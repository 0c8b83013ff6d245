// vitruvian-tool validate <folder>...: the installer's judgement of each folder, as lines. For one
// folder, `valid: <id> <version>` or one line per problem; for several, the same lines, each after
// its folder. Exit 0 when every folder is valid, 1 when one is not, 2 for a usage error.
import { checkToolFolder } from '../host/tool-folder';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';

export async function command(args: string[], io: CliIo): Promise<number> {
  const reading = readArgs('validate', args);
  if (!reading.ok) return usageError(io, 'validate', reading.problem);
  const { operands: folders } = reading;
  let failed = false;
  for (const folder of folders) {
    const verdict = await checkToolFolder(folder);
    const lines = verdict.ok ? [`valid: ${verdict.manifest.id} ${verdict.manifest.version}`] : verdict.problems;
    for (const line of lines) io.out(folders.length > 1 ? `${folder}: ${line}` : line);
    if (!verdict.ok) failed = true;
  }
  return failed ? ExitCodes.failed : ExitCodes.ok;
}
