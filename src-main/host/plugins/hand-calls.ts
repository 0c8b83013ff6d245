// A message sent by hand to a Skwir plugin, whichever its transport: its files described under the
// plugin's next handles and put where its method names its files (`entries` for a method that names
// none), and the answer to a call judged as the host judges a call's, for the person to see where it
// does not fit. It goes in its turn in the plugin's call queue (CallQueue.turn), as any call does.
import type { HandAnswer } from '../../../src-shared/host-api';
import { answerProblems } from '../../../src-shared/skwir/answers';
import { isCallMethod, skwirMethodInfo } from '../../../src-shared/skwir/methods';
import type { Capability } from '../../../src-shared/skwir/types';
import type { HandSending } from '../process/hand-sent';
import type { CallFiles } from './call-files';
import { answerContext } from './plugin-calls';
import type { PluginReads } from './plugin-reads';

/** The outcome of a message that never got its turn. */
export const stoppedBeforeSent: HandAnswer = { outcome: 'unavailable', message: 'the plugin was stopped before the message was sent' };

/** A module plugin is called, never told. */
export const moduleTakesNoNotice: HandAnswer = {
  outcome: 'unavailable',
  message: 'a module plugin is called, never told: a notice has nowhere to go (only a program plugin reads notices)',
};

/** The message's files with their handles, and its params with them in place; or why it cannot go. */
export async function openHandCall(
  sending: HandSending,
  paths: readonly string[],
  reads: PluginReads,
): Promise<{ files: CallFiles; params: object | undefined } | { answer: HandAnswer }> {
  const { method, params } = sending;
  if (paths.length > 0 && Array.isArray(params)) {
    return { answer: { outcome: 'unavailable', message: 'files: the params are a list, so there is no place for files; give params as an object' } };
  }
  let files: CallFiles;
  try {
    files = await reads.describe(paths);
  } catch (error) {
    return { answer: { outcome: 'unavailable', message: `file: ${(error as Error).message}` } };
  }
  if (paths.length === 0 && !isCallMethod(method)) return { files, params };
  const where = skwirMethodInfo(method)?.files === 'file' ? { file: files.callFiles[0] } : { entries: files.callFiles };
  return { files, params: { ...(params as Record<string, unknown> | undefined), ...where } };
}

/** Where a call's result does not fit Skwir (none for a method that is no call): judged on a copy, as it came. */
export function handResultProblems(method: string, result: unknown, files: CallFiles, granted: readonly Capability[]): string[] | undefined {
  if (!isCallMethod(method)) return undefined;
  try {
    const problems = answerProblems(method, structuredClone(result), answerContext(files, granted));
    return problems.length > 0 ? problems : undefined;
  } catch (error) {
    return [`it could not be judged (${error instanceof Error ? error.message : String(error)})`];
  }
}
