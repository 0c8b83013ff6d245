// The checks judged once a plugin's declarations were asked, by the program and the module run
// alike: a call cancelled as soon as it is sent is survived (the next call is answered), and every
// read it made kept the rules.
import { duration, failed, passed, skipped, type CheckName, type CheckResult } from '../../check-result';
import type { CallRequest } from '../../../host/plugins/plugin-calls';
import { pluginChecks } from '../../plugin/plan-calls';
import type { CallAsker } from './asked-calls';

/** A call to cancel, and the check's name of its declaration. */
export interface Cancellable {
  request: CallRequest;
  name: string;
}

export async function checkCancel(
  asker: CallAsker,
  which: CheckName,
  cancellable: Cancellable | undefined,
  stderr: () => string[] = () => [],
): Promise<CheckResult> {
  if (!cancellable) return skipped(which, 'no call was answered in time, so none could be cancelled and followed');
  const cancel = new AbortController();
  const first = asker.call({ ...cancellable.request, signal: cancel.signal });
  // At once: the plugin is told before it read anything of the call.
  cancel.abort();
  await first;
  const after = await asker.call(cancellable.request);
  if (after.outcome === 'answered' || after.outcome === 'failed') {
    return passed(which, `${cancellable.name} cancelled at once; the next call was answered in ${duration(after.ms)}`);
  }
  return failed(which, `after the cancel, ${after.outcome === 'cancelled' ? 'the next call got no answer' : after.message}`, stderr());
}

/** A read refused only because its call was cancelled first is the protocol working, not a fault. */
export function checkReads(refused: readonly string[], served: number): CheckResult {
  const which = pluginChecks.reads;
  const faults = refused.filter((read) => !read.includes('was cancelled; its reads are refused'));
  if (faults.length > 0) return failed(which, `${faults.length} refused; the first: ${faults[0]}`);
  return passed(which, served === 0 ? 'it read nothing' : 'each read was served (how many depends on when the cancel came)');
}
