// PLACEHOLDER, to be overwritten by the engineer who builds `vitruvian-tool check`.
// It exists so main.ts's lazy import typechecks meanwhile.
import { ExitCodes, type CliIo } from './io';

export async function command(_args: string[], io: CliIo): Promise<number> {
  io.err('check: not built yet');
  return ExitCodes.usage;
}
