// PLACEHOLDER, to be overwritten by the engineer who builds `vitruvian-tool new`.
// It exists so main.ts's lazy import typechecks meanwhile.
import { ExitCodes, type CliIo } from './io';

export async function command(_args: string[], io: CliIo): Promise<number> {
  io.err('new: not built yet');
  return ExitCodes.usage;
}
