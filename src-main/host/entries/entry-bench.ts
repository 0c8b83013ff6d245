// What the author's bench asks of an entry (docs/recordings.md): a message sent by hand, judged
// against its protocol and what it declares unless sent anyway, and the recording of its latest
// session. The facade's HostApi.sendMessage and HostApi.readRecording, for any kind of entry.
import type { HandAnswer, HandCheck, HandMessage, RecordingAnswer } from '../../../src-shared/host-api';
import { handKind, handMessageProblems, handShapeProblem, type HandTarget } from '../../../src-shared/hand-message';
import { reasonText } from '../process/reasons';
import type { HandSending } from '../process/hand-sent';
import type { Hosted } from './entry-list';
import type { HostedPlugin } from './hosted-plugin';
import type { HostedTool } from './hosted-tool';

/** What a message is judged against: protocol 1 and the tool's commands, or Skwir and what the plugin declares. */
const targetOf = (entry: HostedTool | HostedPlugin): HandTarget =>
  entry.kind === 'tool'
    ? { dialect: 'protocol1', commands: entry.summary().commands.map((command) => command.id) }
    : { dialect: 'skwir', declarations: entry.manifest };

/** Where the message would not fit, as the host judges it before sending; nothing is sent. */
export function handCheck(entry: Hosted | undefined, entryId: string, message: HandMessage): HandCheck {
  const shape = handShapeProblem(message);
  if (shape) return { problems: [shape] };
  if (!entry) return { problems: [reasonText({ code: 'notInstalled', toolId: entryId })] };
  if (entry.kind === 'refused') return { problems: [entry.stateReason] };
  return { problems: handMessageProblems(targetOf(entry), message) };
}

/** Sends a message by hand to the entry an id names; `anyway`: even one that does not fit its protocol. Never rejects. */
export async function sendByHand(entry: Hosted | undefined, entryId: string, message: HandMessage, anyway: boolean): Promise<HandAnswer> {
  const shape = handShapeProblem(message);
  if (shape) return { outcome: 'refused', problems: [shape] };
  if (!entry) return { outcome: 'unavailable', message: reasonText({ code: 'notInstalled', toolId: entryId }) };
  if (entry.kind === 'refused') return { outcome: 'unavailable', message: entry.stateReason };
  const target = targetOf(entry);
  if (!anyway) {
    const problems = handMessageProblems(target, message);
    if (problems.length > 0) return { outcome: 'refused', problems };
  }
  const sending: HandSending = { method: message.method, kind: handKind(target.dialect, message) };
  if (message.params !== undefined) sending.params = message.params as object;
  return entry.kind === 'tool' ? entry.sendByHand(sending) : entry.sendByHand(sending, message.files ?? []);
}

/** The recording of the entry's latest session so far, or why there is none. */
export async function recordingOf(entry: Hosted | undefined, entryId: string, recordedBy: string): Promise<RecordingAnswer> {
  if (!entry) return { ok: false, problem: reasonText({ code: 'notInstalled', toolId: entryId }) };
  if (entry.kind === 'refused') return { ok: false, problem: entry.stateReason };
  const lines = await entry.recordingLines(recordedBy);
  const noun = entry.kind === 'tool' ? 'tool' : 'plugin';
  return lines ? { ok: true, lines } : { ok: false, problem: `the ${noun} has not run yet: there is no session to save` };
}
