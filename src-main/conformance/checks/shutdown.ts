// After shutdown and the end of its input, the tool exits by itself with code 0 within the limit.
import { duration, failed, passed, skipped, type CheckResult } from '../check-result';
import { endReason, type ConformanceSession } from '../session';

const ID = 'shutdown';
const NAME = 'exits 0 after shutdown';

export async function checkShutdown(session: ConformanceSession): Promise<CheckResult> {
  if (!session.alive) return skipped(ID, NAME, session.notRunReason());
  const limit = session.limits.shutdownMs;
  const { exit, ms } = await session.shutdown();
  if (!exit) return failed(ID, NAME, `still running ${duration(limit)} after shutdown and the end of its input`);
  if (exit.code === 0 && !exit.signal) return passed(ID, NAME, `exited with code 0 in ${duration(ms)}`);
  const end = await session.howItEnded();
  return failed(ID, NAME, endReason(end, `after shutdown, expected exit code 0 within ${duration(limit)}`));
}
