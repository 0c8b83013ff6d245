// One window's session with the host over the test bed's WebSocket: reads its request frames,
// calls the HostApi, answers, and forwards host events in batches. The frames of one turn of the
// event loop leave as one message (readServerFrames): a folder of files answered one by one sent
// the events before each answer and the answer apart, two messages a file for the window, the
// browser and the socket to carry. Nothing a window sends can throw out of here: a bad frame gets a
// failure frame and the session goes on.
import type { HostCoreApi, HostEvent, HostRequestName, HostRequests } from '../../src-shared/host-api';
import { maxRequestsInFlight, readClientFrames, type ClientFrame, type FrameReading, type ServerFrame, type WireRequest } from '../../src-shared/host-wire';
import { DisposableStore, toDisposable, type Disposable } from '../../src-shared/lifecycle';

/** The socket as the session sees it. */
export interface FrameChannel {
  send(text: string): void;
  /** Bytes queued for the window and not yet sent. */
  readonly bufferedAmount: number;
  close(code: number, reason: string): void;
}

/** Events wait this long to travel together (a flood of log lines becomes a few frames). */
const eventBatchMs = 15;
const eventBatchMax = 2_000;
/** A window that lets this much pile up unread is cut off; it reconnects and reads afresh. */
const maxBufferedBytes = 64 * 1024 * 1024;
/** Frames gathered past this many characters leave at once, not at the end of the turn; a longer frame leaves alone. */
const gatheredMost = 1024 * 1024;

export const problemText = (error: unknown): string => (error instanceof Error ? error.message : `the host failed: ${String(error)}`);

type HostRequestMethods = {
  [N in HostRequestName]: (...args: HostRequests[N]['args']) => Promise<HostRequests[N]['result']>;
};

async function callHost<K extends HostRequestName>(host: HostCoreApi, request: WireRequest<K>): Promise<HostRequests[K]['result']> {
  const requests: HostRequestMethods = host;
  const method = requests[request.method];
  return method.apply(host, request.args);
}

export class HostSession implements Disposable {
  private readonly store = new DisposableStore();
  private pendingEvents: HostEvent[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = 0;
  private closed = false;
  /** The frames of this turn, as text, and how long they are together. */
  private gathered: string[] = [];
  private gatheredLength = 0;
  private sendTimer: ReturnType<typeof setImmediate> | undefined;

  constructor(
    private readonly host: HostCoreApi,
    private readonly channel: FrameChannel,
  ) {
    this.store.add(host.subscribe((event) => this.queueEvent(event)));
    this.store.add(toDisposable(() => clearTimeout(this.flushTimer)));
    this.store.add(toDisposable(() => this.sendTimer && clearImmediate(this.sendTimer)));
  }

  /** Answers a frame that could not be read at all (binary, too big) and goes on. */
  refuseFrame(problem: string): void {
    this.send({ kind: 'failure', id: null, problem });
  }

  /** Handles one text message from the window: a frame, or a list of them. */
  receive(data: string): void {
    if (this.closed) return;
    for (const reading of readClientFrames(data)) this.take(reading);
  }

  private take(reading: FrameReading<ClientFrame>): void {
    if (this.closed) return;
    if (!reading.ok) {
      this.send({ kind: 'failure', id: reading.id, problem: reading.problem });
      return;
    }
    const request = reading.frame;
    if (this.inFlight >= maxRequestsInFlight) {
      this.send({
        kind: 'failure',
        id: request.id,
        problem: `${request.method}: refused, ${maxRequestsInFlight} requests are already waiting for the host`,
      });
      return;
    }
    void this.answer(request);
  }

  private async answer(request: WireRequest): Promise<void> {
    this.inFlight++;
    let frame: ServerFrame;
    try {
      const result = await callHost(this.host, request);
      frame = { kind: 'answer', id: request.id, result } as ServerFrame;
    } catch (error) {
      frame = { kind: 'failure', id: request.id, problem: `${request.method}: ${problemText(error)}` };
    } finally {
      this.inFlight--;
    }
    // Events that happened before the answer reach the window before it.
    this.flushEvents();
    this.send(frame, request);
  }

  private queueEvent(event: HostEvent): void {
    if (this.closed) return;
    this.pendingEvents.push(event);
    if (this.pendingEvents.length >= eventBatchMax) this.flushEvents();
    else this.flushTimer ??= setTimeout(() => this.flushEvents(), eventBatchMs);
  }

  private flushEvents(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pendingEvents.length === 0) return;
    const events = this.pendingEvents;
    this.pendingEvents = [];
    this.send({ kind: 'events', events });
  }

  /** `request`: the one this frame answers, which fails alone when its answer cannot be written. */
  private send(frame: ServerFrame, request?: WireRequest): void {
    if (this.closed) return;
    if (this.channel.bufferedAmount > maxBufferedBytes) {
      this.channel.close(1013, 'the window reads too slowly; reconnect to read afresh');
      this.dispose();
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (error) {
      if (!request) return;
      text = JSON.stringify({ kind: 'failure', id: request.id, problem: `${request.method}: the answer could not be sent (${problemText(error)})` });
    }
    // A long frame (a page of a file, a big answer) is never copied into a list: what was gathered
    // before it leaves first, then it leaves alone.
    if (this.gatheredLength + text.length > gatheredMost) this.sendGathered();
    this.gathered.push(text);
    this.gatheredLength += text.length;
    if (this.gatheredLength > gatheredMost) this.sendGathered();
    else this.sendTimer ??= setImmediate(() => this.sendGathered());
  }

  /** One message: a frame alone as it is, several as a JSON list in the order they were made. */
  private sendGathered(): void {
    if (this.sendTimer) clearImmediate(this.sendTimer);
    this.sendTimer = undefined;
    const texts = this.gathered;
    this.gathered = [];
    this.gatheredLength = 0;
    if (this.closed || texts.length === 0) return;
    this.channel.send(texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`);
  }

  dispose(): void {
    this.closed = true;
    this.pendingEvents = [];
    this.gathered = [];
    this.store.dispose();
  }
}
