// `run --send '<json>'`: messages sent by hand to the tool once its commands ran, in order, as the
// Messages tab's composer sends them: each read and judged against protocol 1 and the manifest
// before anything starts (a usage error names the field), unless --anyway; each answer one JSON line
// on stdout with the time it took.
import type { HandAnswer, HandMessage } from '../../src-shared/host-api';
import { handMessageProblems, readHandMessage } from '../../src-shared/hand-message';
import type { Manifest } from '../../src-shared/protocol/types';
import type { Host } from '../host/host';
import type { CliIo } from './io';

export type SendReading = { ok: true; messages: HandMessage[] } | { ok: false; problems: string[] };

/** The --send texts as messages; every problem, each naming the message by its place and the field. */
export function readSends(texts: readonly string[], manifest: Manifest, anyway: boolean): SendReading {
  const messages: HandMessage[] = [];
  const problems: string[] = [];
  const commands = (manifest.commands ?? []).map((command) => command.id);
  for (const [index, text] of texts.entries()) {
    const at = texts.length === 1 ? '--send' : `--send ${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      problems.push(
        `${at}: ${JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text)} is not JSON; for example '{"method":"command/run","params":{"command":"copy"}}'`,
      );
      continue;
    }
    const reading = readHandMessage(value);
    if (!reading.ok) {
      problems.push(`${at}: ${reading.problem}`);
      continue;
    }
    const faults = anyway ? [] : handMessageProblems({ dialect: 'protocol1', commands }, reading.message);
    if (faults.length > 0) problems.push(...faults.map((fault) => `${at}: ${fault} (--anyway sends it all the same)`));
    else messages.push(reading.message);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, messages };
}

/** An answer that came back: a result, a failure (the tool answered), or a notice written. */
const answered = (answer: HandAnswer): boolean => answer.outcome === 'result' || answer.outcome === 'noticeSent';

/** Sends each message in turn, printing its answer; false when one got no result (a failure, a time-out, the tool gone). */
export async function sendAll(host: Host, id: string, messages: readonly HandMessage[], anyway: boolean, io: CliIo): Promise<boolean> {
  let allAnswered = true;
  for (const message of messages) {
    const answer = await host.sendMessage(id, message, anyway);
    io.out(JSON.stringify({ send: message, ...answer }));
    const time = 'ms' in answer ? ` in ${answer.ms} ms` : '';
    io.err(`send ${message.method}: ${answer.outcome}${time}${'message' in answer ? `: ${answer.message}` : ''}`);
    if (answer.outcome === 'result' && answer.problems)
      for (const problem of answer.problems) io.err(`send ${message.method}: the answer does not fit: ${problem}`);
    if (!answered(answer)) allAnswered = false;
  }
  return allAnswered;
}
