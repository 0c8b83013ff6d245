// Everything the program wrote during the run, as the checks judge it afterwards: each line on its
// stdout (kept up to a bound), the lines that were not messages, the messages that do not fit the
// dialect's schema, and where initialize was answered. Fed by the peer's trace and problem hooks.
import { lineContentBytes, PROTOCOL1_LINE_LIMIT, type LineLimit } from '../../src-shared/limits';
import { formatCount } from '../../src-shared/protocol/problem-words';
import { shapeOf } from '../host/wire/message-shape';
import { hasKeptBytes, showKeptBytes } from '../host/wire/not-utf8';
import type { ProtocolProblem, TraceDirection } from '../host/wire/peer-contract';

export type ReceivedKind = 'request' | 'notice' | 'result' | 'failure' | 'notMessage';

export interface ReceivedLine {
  /** 1 for the first line the tool wrote. */
  number: number;
  text: string;
  kind: ReceivedKind;
  /** A request's or notice's method, or for an answer the method it answers. */
  method?: string;
}

export interface WireFault {
  /** The line that broke the rule, quoted in the reason; absent when there is none to quote. */
  line?: ReceivedLine;
  problem: string;
}

/** Lines kept in full; a tool that floods its stdout is judged on the first ones. */
const LINES_KEPT = 10_000;
const FAULTS_KEPT = 100;

export interface WireRecordOptions {
  /** The problems of one whole message against the dialect's schema (protocol 1's); none judged without it. */
  judge?(message: unknown): string[];
  /** The dialect's line limit, for the words of a line over it; protocol 1's by default. */
  lineLimit?: LineLimit;
}

export class WireRecord {
  readonly lines: ReceivedLine[] = [];
  /** Not messages: not JSON, not JSON-RPC, over the line limit, cut off by the end of the output. */
  readonly notMessages: WireFault[] = [];
  /** Messages that do not fit protocol 1 (and requests the app refused as malformed, -32602). */
  readonly schemaFaults: WireFault[] = [];
  /** Answers to nothing: a notice answered, an id the app never sent. */
  readonly strayAnswers: WireFault[] = [];
  /** Second answers to a request answered already, each naming the line that answered first. */
  readonly twiceAnswered: WireFault[] = [];
  /** Lines that end with \r (written with \r\n): the first one, and how many. */
  readonly crLines: { first?: ReceivedLine; count: number } = { count: 0 };
  /** Answers that came after their request's time limit (the check that waited says so). */
  readonly lateAnswers: WireFault[] = [];
  /** The number of the line that answered initialize. */
  initializeAnswerLine: number | undefined;
  private count = 0;
  private lastLine: ReceivedLine | undefined;
  /** Why the last line is not a message, when it is JSON but not JSON-RPC. */
  private lastShapeProblem: string | undefined;
  private lastNotUtf8 = false;
  private readonly lastAnswers = new Map<string, ReceivedLine>();
  /** The line that first answered each id (the run's ids are few: one per request it sent). */
  private readonly firstAnswers = new Map<unknown, number>();

  constructor(private readonly options: WireRecordOptions = {}) {}

  /** How many lines the tool wrote in all. */
  get lineCount(): number {
    return this.count;
  }

  /** The line being handled right now (handlers run while their line is traced). */
  get current(): ReceivedLine | undefined {
    return this.lastLine;
  }

  /** The latest answer to a request of `method` (the run sends its requests one at a time). */
  lastAnswerTo(method: string): ReceivedLine | undefined {
    return this.lastAnswers.get(method);
  }

  /** The lines written before initialize was answered (all of them, while it is not). */
  linesBeforeInitializeAnswer(): ReceivedLine[] {
    const answer = this.initializeAnswerLine;
    return this.lines.filter((line) => answer === undefined || line.number < answer);
  }

  /** The peer's onTrace. */
  trace(direction: TraceDirection, text: string, method?: string): void {
    if (direction !== 'received') return;
    // A line that was not UTF-8 is quoted with its stray bytes as \xNN, and is no message at all.
    const notUtf8 = (this.lastNotUtf8 = hasKeptBytes(text));
    const shown = notUtf8 ? showKeptBytes(text) : text;
    const line: ReceivedLine = { number: ++this.count, text: shown, kind: 'notMessage', ...(method ? { method } : {}) };
    this.lastLine = line;
    this.lastShapeProblem = undefined;
    if (this.lines.length < LINES_KEPT) this.lines.push(line);
    if (text.endsWith('\r') && this.crLines.count++ === 0) this.crLines.first = line;
    if (notUtf8) return; // the peer reports it as notJson
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return; // the peer reports it as notJson
    }
    const shape = shapeOf(value);
    if (shape.kind === 'invalid') {
      this.lastShapeProblem = shape.problem; // the peer reports it as notMessage
      return;
    }
    line.kind = shape.kind;
    if ((shape.kind === 'result' || shape.kind === 'failure') && !this.firstAnswers.has(shape.id) && this.firstAnswers.size < LINES_KEPT) {
      this.firstAnswers.set(shape.id, line.number);
    }
    if ((shape.kind === 'result' || shape.kind === 'failure') && method) {
      this.lastAnswers.set(method, line);
      if (method === 'initialize' && this.initializeAnswerLine === undefined) this.initializeAnswerLine = line.number;
    }
    const problems = this.options.judge?.(value) ?? [];
    if (problems.length > 0) this.keep(this.schemaFaults, { line, problem: problems.join('; ') });
  }

  /** The peer's onProtocolError. */
  protocolProblem(problem: ProtocolProblem): void {
    const line = this.lastLine;
    switch (problem.kind) {
      case 'notJson':
        this.keep(this.notMessages, { line, problem: this.lastNotUtf8 ? 'not UTF-8, so not JSON' : 'not JSON' });
        return;
      case 'notMessage':
        this.keep(this.notMessages, { line, problem: `not a message (${this.lastShapeProblem ?? 'not JSON-RPC 2.0'})` });
        return;
      case 'oversize':
        this.keep(this.notMessages, {
          problem: `a line over the ${formatCount(lineContentBytes(this.options.lineLimit ?? PROTOCOL1_LINE_LIMIT))} bytes a line may hold`,
        });
        return;
      case 'unterminated':
        this.keep(this.notMessages, { problem: problem.message });
        return;
      case 'unknownAnswer':
        this.keep(this.strayAnswers, { line, problem: 'answers a request the app never sent' });
        return;
      case 'answeredTwice':
        this.keep(this.twiceAnswered, { line, problem: this.answeredTwice(line) });
        return;
      case 'lateAnswer':
        this.keep(this.lateAnswers, { line, problem: problem.message });
        return;
      default:
        return; // the app's own trouble (a handler, an outgoing line), not the tool's
    }
  }

  /** "answered twice: command/run (id 2) was answered first by line 5" */
  private answeredTwice(line: ReceivedLine | undefined): string {
    let id: unknown;
    try {
      id = (JSON.parse(line?.text ?? '') as { id?: unknown }).id;
    } catch {
      // the peer only reports answers it could read
    }
    const first = this.firstAnswers.get(id);
    const which = `${line?.method ?? 'a request'} (id ${JSON.stringify(id)})`;
    return first === undefined ? `answered twice: ${which}` : `answered twice: ${which} was answered first by line ${first}`;
  }

  /** A request the app refused because its params do not fit (-32602). */
  refusedParams(line: ReceivedLine | undefined, reason: string): void {
    this.keep(this.schemaFaults, { line, problem: `refused -32602: ${reason}` });
  }

  private keep(list: WireFault[], fault: WireFault): void {
    if (list.length < FAULTS_KEPT) list.push(fault);
  }
}
