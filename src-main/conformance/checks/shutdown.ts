// After shutdown and the end of its input, the tool exits by itself with code 0 within the limit,
// and leaves nothing of its process group running.
import { check, duration, failed, passed, skipped, type CheckResult } from '../check-result';
import { describeExit, endReason } from '../session';
import type { ToolSession } from '../tool-session';

const CHECK = check('shutdown');

export async function checkShutdown(session: ToolSession): Promise<CheckResult> {
  if (!session.alive) return skipped(CHECK, session.notRunReason('tool'));
  const limit = duration(session.limits.shutdownMs);
  const { exit, exitedInMs, signal } = await session.shutdown();
  if (exitedInMs === undefined) {
    const ended = signal ? `; ended with ${signal}` : '';
    return failed(CHECK, `still running ${limit} after shutdown and the end of its input${ended}`);
  }
  if (!exit || exit.code !== 0 || exit.signal) {
    const end = await session.howItEnded();
    return failed(CHECK, endReason(end, `after shutdown, expected exit code 0 within ${limit}`));
  }
  if (signal) {
    return failed(CHECK, `${describeExit(exit)}, but processes it started still ran ${limit} after shutdown; ended with ${signal}`);
  }
  return passed(CHECK, `exited with code 0 in ${duration(exitedInMs)}`);
}
