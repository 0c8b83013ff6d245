// Lines <-> JSON-RPC 2.0: ids, the pending map, timeouts, dispatch, and the app's answers to
// whatever is not a message. Protocol-neutral: it knows JSON-RPC, not either dialect's methods or
// rules; a dialect screens what comes (protocol 1 takes nothing before initialize's answer) and holds
// what goes. What it is given and what it reports: peer-contract.ts.
import { Emitter, type Disposable } from '../../../src-shared/lifecycle';
import { isPromise } from '../../../src-shared/maybe-promise';
import { quote } from '../../../src-shared/protocol/problem-words';
import { ConnectionError, JSON_RPC_REFUSALS, ResponseError, type RefusalCodes } from './errors';
import { liftedAnswer } from './answer-data';
import type { LongLine } from './long-line';
import { describe, shapeOf, type MessageId } from './message-shape';
import { Outbox } from './outbox';
import { PendingRequests } from './pending-requests';
import { lineContentBytes, lineLimitWords, PROTOCOL1_LINE_LIMIT, type LineLimit } from '../../../src-shared/limits';
import type { LineReader, LineRefusal, LineWriter } from './transport';
import type { NoticeHandler, PeerOptions, ProtocolProblemKind, RequestHandler, Screen, SendOptions } from './peer-contract';

type PauseReason = 'handlers' | 'writer';

export class Peer implements Disposable {
  private readonly _onClose = new Emitter<void>();
  /** The link closed: every pending request was rejected, nothing more is read or sent. */
  readonly onClose = this._onClose.event;

  private readonly requestHandlers = new Map<string, RequestHandler>();
  private readonly noticeHandlers = new Map<string, NoticeHandler>();
  private readonly pending = new PendingRequests();
  private readonly outbox: Outbox;
  private readonly subscriptions: Disposable[] = [];
  private readonly pauses = new Set<PauseReason>();
  private readonly maxConcurrent: number;
  private readonly lineLimit: LineLimit;
  private readonly codes: RefusalCodes;
  private nextId = 1;
  private screening: Screen | undefined;
  private handling = 0;
  private closed = false;

  constructor(
    private readonly reader: LineReader,
    private readonly writer: LineWriter,
    private readonly options: PeerOptions = {},
  ) {
    this.maxConcurrent = options.maxConcurrentRequests ?? 64;
    this.lineLimit = options.lineLimit ?? PROTOCOL1_LINE_LIMIT;
    this.codes = options.refusalCodes ?? JSON_RPC_REFUSALS;
    this.outbox = new Outbox(writer, {
      maxLineBytes: lineContentBytes(this.lineLimit),
      onTrace: (text, method, message, length) => options.onTrace?.('sent', text, method, message, length),
      onProblem: (kind, message) => this.problem(kind, message),
      // The other side is not reading its input: stop reading its output until it does, so
      // answers to a flood of requests cannot pile up in memory.
      onCongested: () => this.pause('writer'),
    });
    this.subscriptions.push(
      reader.onLine((line) => this.receive(line)),
      reader.takeLongLines((line) => this.receiveLong(line)),
      reader.onRefusal((refusal) => this.refused(refusal)),
      // Only the end of the input closes the link: after the output ends (the app closed the
      // tool's stdin to stop it) the tool may still write, and that is read to the end.
      reader.onClose(() => this.dispose()),
      reader.onError((error) => this.problem('linkFailed', `reading the link failed: ${error.message}; it is closed`)),
      writer.onDrain(() => this.unpause('writer')),
    );
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Resolves with the result; rejects with ResponseError (the other side's failure) or ConnectionError. */
  request(method: string, params?: object, options: { timeoutMs?: number } = {}): Promise<unknown> {
    return this.send(method, params, options).answer;
  }

  /** request(), giving also the id the request went with: for abandon() and a cancel notice naming it. */
  send(method: string, params?: object, options: SendOptions = {}): { id: MessageId; answer: Promise<unknown> } {
    const id = this.nextId++;
    if (this.closed) return { id, answer: Promise.reject(new ConnectionError('closed', `the link is closed; ${method} not sent`)) };
    const answer = this.pending.add(id, method, options.timeoutMs, options.settled, options.dataAsBytes);
    const message = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
    // A write that fails at once (too large, the link known closed) fails the request in the next
    // microtask: its caller has its id by then, and `settled` is never told from within send().
    this.outbox.send(message, method, (error) => queueMicrotask(() => this.pending.fail(id, error)));
    return { id, answer };
  }

  /**
   * Stops waiting for request `id`: it rejects at once with ConnectionError 'cancelled', and an
   * answer that still comes is dropped and reported as late. False when it was not waiting.
   */
  abandon(id: MessageId): boolean {
    return this.pending.abandon(id);
  }

  notify(method: string, params?: object): void {
    if (this.closed) return;
    this.outbox.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }, method);
  }

  onRequest(method: string, handler: RequestHandler): Disposable {
    this.requestHandlers.set(method, handler);
    return { dispose: () => this.requestHandlers.get(method) === handler && this.requestHandlers.delete(method) };
  }

  onNotice(method: string, handler: NoticeHandler): Disposable {
    this.noticeHandlers.set(method, handler);
    return { dispose: () => this.noticeHandlers.get(method) === handler && this.noticeHandlers.delete(method) };
  }

  /**
   * Holds every later message, answers and notices included, until releaseOutput(); `awaited`, what
   * the output waits for, names it when too much waits. Lines already sent stay sent.
   */
  holdOutput(awaited: string): void {
    this.outbox.hold(awaited);
  }

  /** Every request and notice that comes goes past `screen` first, until disposed. */
  screen(screen: Screen): Disposable {
    this.screening = screen;
    return { dispose: () => this.screening === screen && (this.screening = undefined) };
  }

  releaseOutput(): void {
    this.outbox.release();
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const subscription of this.subscriptions) subscription.dispose();
    this.outbox.close();
    this.pending.failAll((method) => new ConnectionError('closed', `the link closed before ${method} was answered`));
    this._onClose.fire();
    this._onClose.dispose();
  }

  private receive(line: string): void {
    if (this.closed) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.options.onTrace?.('received', line);
      this.answerProblem(null, this.codes.notJson, 'not JSON', 'notJson', `a line is not JSON: ${quote(line)}`);
      return;
    }
    const message = shapeOf(value);
    let method: string | undefined;
    if (message.kind === 'request' || message.kind === 'notice') method = message.method;
    else if ((message.kind === 'result' || message.kind === 'failure') && message.id !== null) {
      method = this.pending.methodOf(message.id);
    }
    this.options.onTrace?.('received', line, method);
    switch (message.kind) {
      case 'request': {
        const turnedAway = this.screening?.({ kind: 'request', id: message.id, method: message.method });
        if (turnedAway) {
          this.problem('screenedOut', turnedAway.problem, turnedAway.refusal.code);
          this.sendFailure(message.id, message.method, turnedAway.refusal);
        } else this.handleRequest(message.id, message.method, message.params);
        return;
      }
      case 'notice': {
        const turnedAway = this.screening?.({ kind: 'notice', method: message.method });
        if (turnedAway) this.problem('screenedOut', turnedAway.problem);
        else this.handleNotice(message.method, message.params);
        return;
      }
      case 'result':
        this.answered(message.id, { result: message.result }, line);
        return;
      case 'failure': {
        const { code, message: text, data } = message.error;
        if (message.id === null) this.problem('unknownAnswer', `a failure with id null was dropped: ${code} ${quote(text)}`);
        else this.answered(message.id, { error: new ResponseError(code, text, data) }, line);
        return;
      }
      case 'invalid':
        this.answerProblem(message.id, this.codes.notMessage, 'not a message', 'notMessage', `a line is not a message (${message.problem}): ${quote(line)}`);
    }
  }

  /** A long line: an answer whose data its request takes as bytes is taken from them; any other is made text. */
  private receiveLong(line: LongLine): void {
    if (this.closed) return line.letGo();
    const lifted = liftedAnswer(line, (id) => this.pending.takesDataAsBytes(id));
    if (!lifted) {
      const text = line.text();
      if (typeof text === 'string') this.receive(text);
      else this.refused(text);
      return;
    }
    this.options.onTrace?.('received', lifted.head, this.pending.methodOf(lifted.id), undefined, lifted.length);
    this.answered(lifted.id, { result: lifted.result }, lifted.head);
  }

  private refused(refusal: LineRefusal): void {
    if (this.closed) return;
    switch (refusal.reason) {
      case 'oversize':
        this.options.onTrace?.('received', `(a line of ${refusal.bytesSeen}+ bytes, over the limit: refused unread)`);
        this.answerProblem(
          null,
          this.codes.notMessage,
          'line too long',
          'oversize',
          `a line is over ${lineLimitWords(this.lineLimit)}; its bytes were discarded`,
        );
        return;
      case 'notUtf8':
        this.options.onTrace?.('received', refusal.text);
        this.answerProblem(null, this.codes.notJson, 'not JSON', 'notJson', `a line is not UTF-8, so not JSON: ${quote(refusal.text)}`);
        return;
      case 'unterminated':
        this.problem('unterminated', `the output ended inside a line: ${refusal.bytes} bytes with no line break were dropped`);
    }
  }

  /**
   * A handler's value is answered at once, in the turn the request came; a promise when it settles
   * (as vscode-jsonrpc does). Only those waiting count toward maxConcurrentRequests.
   */
  private handleRequest(id: MessageId, method: string, params: unknown): void {
    const handler = this.requestHandlers.get(method) ?? this.options.fallbackRequestHandler;
    if (!handler) {
      this.sendFailure(id, method, new ResponseError(this.codes.unknownMethod, `unknown method: ${method}`));
      return;
    }
    let result: unknown;
    try {
      result = handler(params, method);
    } catch (error) {
      this.requestFailed(id, method, error);
      return;
    }
    if (!isPromise(result)) {
      this.sendResult(id, method, result);
      return;
    }
    if (++this.handling >= this.maxConcurrent) this.pause('handlers');
    const settled = () => {
      if (--this.handling < this.maxConcurrent) this.unpause('handlers');
    };
    void result.then(
      (value: unknown) => {
        this.sendResult(id, method, value);
        settled();
      },
      (error: unknown) => {
        this.requestFailed(id, method, error);
        settled();
      },
    );
  }

  private sendResult(id: MessageId, method: string, result: unknown): void {
    this.outbox.send({ jsonrpc: '2.0', id, result: result === undefined ? {} : result }, method, (error) => {
      // The other side's input closed (it is being stopped, or exited): nobody is left to answer.
      if (error.code === 'closed') return;
      this.problem('tooLarge', `the answer to ${method} would not fit in one line; answered ${this.codes.internal} instead`);
      this.sendFailure(id, method, new ResponseError(this.codes.internal, 'answer too large'));
    });
  }

  private requestFailed(id: MessageId, method: string, error: unknown): void {
    if (error instanceof ResponseError) {
      this.sendFailure(id, method, error);
    } else {
      // The stack stays here: the other side learns only that something broke inside.
      this.problem('handlerFailed', `${method} failed inside the app: ${String(error)}`, this.codes.internal);
      this.sendFailure(id, method, new ResponseError(this.codes.internal, 'internal error'));
    }
  }

  private handleNotice(method: string, params: unknown): void {
    const handler = this.noticeHandlers.get(method);
    if (!handler) return; // unknown notices are ignored
    try {
      handler(params, method);
    } catch (error) {
      this.problem('handlerFailed', `the notice ${method} failed inside the app: ${String(error)}`);
    }
  }

  private answered(id: MessageId, outcome: { result: unknown } | { error: Error }, line: string): void {
    const match = this.pending.answer(id, outcome, line);
    if (match.matched) return;
    if (match.answeredBefore) {
      const { method, text } = match.answeredBefore;
      this.problem('answeredTwice', `answered twice: ${method} (id ${describe(id)}) was answered already by ${text}; this second answer was dropped`);
    } else if (match.lateFor !== undefined) {
      const after = match.gaveUp === 'cancelled' ? 'it was cancelled' : 'its time limit';
      this.problem('lateAnswer', `a late answer to ${match.lateFor} (id ${describe(id)}) came after ${after}; dropped`);
    } else {
      this.problem('unknownAnswer', `an answer with id ${describe(id)} matches no request waiting for one; dropped`);
    }
  }

  private answerProblem(id: MessageId | null, code: number, text: string, kind: ProtocolProblemKind, log: string): void {
    this.problem(kind, `${log} (answered ${code})`, code);
    this.outbox.send({ jsonrpc: '2.0', id, error: { code, message: text } });
  }

  private sendFailure(id: MessageId, method: string, error: ResponseError): void {
    this.outbox.send({ jsonrpc: '2.0', id, error: error.toWire() }, method);
  }

  private pause(reason: PauseReason): void {
    if (this.closed || this.pauses.has(reason)) return;
    this.pauses.add(reason);
    if (this.pauses.size === 1) this.reader.pause();
  }

  private unpause(reason: PauseReason): void {
    if (!this.pauses.delete(reason) || this.closed) return;
    if (this.pauses.size === 0) this.reader.resume();
  }

  private problem(kind: ProtocolProblemKind, message: string, answered?: number): void {
    this.options.onProtocolError?.(answered === undefined ? { kind, message } : { kind, message, answered });
  }
}
