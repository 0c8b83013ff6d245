// vitruvian-tool validate <folder>... [--strict]: the installer's judgement of each folder (a tool or
// a Skwir plugin), as lines. For one folder, `valid: <id> <version>` or one line per problem, then
// one `warning:` line for each key of the manifest its schema does not know; for several, the same
// lines, each after its folder. Exit 0 when every folder is valid, 1 when one is not (or, with
// --strict, has a warning), 2 for a usage error.
import { problemLines } from '../../src-shared/protocol/problem-reasons';
import { checkFolder, type FolderVerdict } from '../host/installs/tool-folder';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';

export async function command(args: string[], io: CliIo): Promise<number> {
  const reading = readArgs('validate', args);
  if (!reading.ok) return usageError(io, 'validate', reading.problem);
  const {
    operands: folders,
    options: { strict },
  } = reading;
  let failed = false;
  for (const folder of folders) {
    const verdict = await checkFolder(folder);
    const lines = verdictLines(verdict);
    const refusedByStrict = strict && verdict.ok && verdict.warnings.length > 0;
    if (refusedByStrict) lines.push(`refused by --strict: ${verdict.warnings.length === 1 ? 'a warning' : `${verdict.warnings.length} warnings`}`);
    for (const line of lines) io.out(folders.length > 1 ? `${folder}: ${line}` : line);
    if (!verdict.ok || refusedByStrict) failed = true;
  }
  return failed ? ExitCodes.failed : ExitCodes.ok;
}

/** `valid: <id> <version>` (a plugin's line says what it is), or one line per problem; then the warnings. */
export function verdictLines(verdict: FolderVerdict): string[] {
  const warnings = (verdict.warnings ?? []).map((warning) => `warning: ${warning}`);
  if (!verdict.ok) return [...problemLines(verdict.problems), ...warnings];
  const kind = verdict.kind === 'plugin' ? ` (Skwir plugin, ${verdict.manifest.transport.kind})` : '';
  return [`valid: ${verdict.manifest.id} ${verdict.manifest.version}${kind}`, ...warnings];
}
