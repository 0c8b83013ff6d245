// The checks judged from the record of the whole run, once it is over: what the tool wrote on its
// stdout, when, and what it asked the app for.
import { paramsProblems } from '../../../src-shared/protocol/check-message';
import { check, failed, passed, quoteLine, warned, type CheckName, type CheckResult } from '../check-result';
import type { ToolSession } from '../tool-session';
import { isRefusalOfUses } from '../simulated-services';
import type { ReceivedLine, WireFault, WireRecord } from '../wire-record';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const at = (line: ReceivedLine | undefined): string => (line ? `line ${line.number}, ${quoteLine(line.text)}` : '');

/** "the first: line 3, "Hello" (not JSON)" */
function first(faults: readonly WireFault[]): string {
  const [fault] = faults;
  if (!fault) return '';
  return fault.line ? `${at(fault.line)}: ${fault.problem}` : fault.problem;
}

export function checkStdout({ record }: ToolSession): CheckResult {
  return stdoutResult(check('stdout'), record, record.notMessages);
}

/** The stdout check of either dialect: the faults given (the lines that were no message, ...), the first quoted. */
export function stdoutResult(which: CheckName, record: WireRecord, faults: readonly WireFault[]): CheckResult {
  if (faults.length === 0) return passed(which, `${plural(record.lineCount, 'line')}, each a message`);
  const more = faults.length > 1 ? ` (and ${plural(faults.length - 1, 'more line')})` : '';
  return failed(which, `${first(faults)}${more}; print to stderr instead`);
}

/**
 * A line written with \r\n keeps its \r: JSON reads it as whitespace, so the app takes the
 * message, but the protocol's lines end with \n alone and another reader may not be as lenient.
 */
export function checkLineEndings({ record }: ToolSession): CheckResult {
  const which = check('line-endings');
  const { count, first } = record.crLines;
  if (count === 0) return passed(which, record.lineCount === 0 ? 'no line was written' : 'no line ends with \\r\\n');
  const total = record.lineCount;
  const of =
    count === total ? (total === 1 ? 'its one line ends' : `all ${total} lines end`) : `${count} of ${plural(total, 'line')} ${count === 1 ? 'ends' : 'end'}`;
  return warned(which, `${of} with \\r\\n (the first: ${at(first)}); the \\r stays in the line, where JSON takes it for whitespace: write \\n alone`);
}

export function checkQuietBeforeInitialize({ record }: ToolSession): CheckResult {
  const which = check('quiet-before-initialize');
  const before = record.linesBeforeInitializeAnswer();
  if (before.length === 0) {
    return passed(which, record.initializeAnswerLine === undefined ? 'nothing was sent' : 'the answer came first');
  }
  const more = before.length > 1 ? ` (and ${plural(before.length - 1, 'more line')})` : '';
  const when = record.initializeAnswerLine === undefined ? 'while initialize waited for its answer' : 'before the answer';
  return failed(which, `sent ${at(before[0])} ${when}${more}`);
}

export function checkCommandsState(session: ToolSession): CheckResult {
  const which = check('commands-state');
  const declared = new Set((session.manifest.commands ?? []).map((command) => command.id));
  const notices = session.commandsStates;
  for (const notice of notices) {
    const problems = paramsProblems('commands/state', notice.params);
    if (problems.length > 0) return failed(which, `${problems.join('; ')}: ${at(notice.line)}`);
    const runnable = (notice.params as { runnable: string[] }).runnable;
    const unknown = runnable.filter((command) => !declared.has(command));
    if (unknown.length > 0) {
      const names = unknown.map((command) => JSON.stringify(command)).join(', ');
      return failed(which, `names ${names}, not a command of the manifest: ${at(notice.line)}`);
    }
  }
  if (notices.length === 0) return passed(which, 'none sent, so every command stays runnable');
  return passed(which, `${plural(notices.length, 'notice')}, each naming only declared commands`);
}

export function checkServices(session: ToolSession): CheckResult {
  const which = check('services');
  const { requests } = session.services;
  const fault = requests.find((request) => request.refusal && isRefusalOfUses(request.refusal.code));
  if (fault) {
    const why =
      fault.refusal?.code === -32601
        ? `${JSON.stringify(fault.method)} is not a request a tool sends in protocol 1 (answered -32601)`
        : `asked for ${fault.method}, whose service is not in uses (answered -32001)`;
    return failed(which, `${why}: ${at(fault.line)}`);
  }
  if (requests.length === 0) return passed(which, 'no service requested');
  const methods = [...new Set(requests.map((request) => request.method))].join(', ');
  return passed(which, `${plural(requests.length, 'request')} (${methods}), each for a service in uses`);
}

export function checkMessagesFit({ record }: ToolSession): CheckResult {
  const which = check('messages-fit');
  const faults = [...record.schemaFaults, ...record.strayAnswers, ...record.twiceAnswered].sort((a, b) => (a.line?.number ?? 0) - (b.line?.number ?? 0));
  if (faults.length === 0) return passed(which, "every message fits protocol 1's schema, every answer a request the app sent");
  const others = messagesIn(faults) - 1;
  const more = others > 0 ? ` (and ${plural(others, 'more message')})` : '';
  return failed(which, `${first(faults)}${more}`);
}

/** How many messages the faults are about: one line can break the schema and be refused -32602 too. */
function messagesIn(faults: readonly WireFault[]): number {
  const lines = new Set<number>();
  let unnumbered = 0;
  for (const fault of faults) {
    if (fault.line) lines.add(fault.line.number);
    else unnumbered++;
  }
  return lines.size + unnumbered;
}
