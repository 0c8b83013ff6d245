// The window's end of the test bed's WebSocket: numbered requests with a pending map, host events,
// and reconnection with growing pauses after the link drops. The requests of one turn leave as one
// message (a JSON list), as the test bed's frames of a turn come (a folder's next asks, made as its
// answers come, a message each, cost the page, the browser and the test bed a message per file).
// Requests made while the link is down wait for it (up to queuedRequestTimeoutMs); requests in
// flight when it drops fail, since nobody can tell whether the host did them.
import type { HostEvent, HostRequestName, HostRequests } from '../../src-shared/host-api';
import { maxClientFrameBytes, readServerFrames, type ClientFrame, type FrameReading, type ServerFrame } from '../../src-shared/host-wire';
import { Emitter, type Disposable } from '../../src-shared/lifecycle';
import type { OpenSocket, SocketHandle } from './socket';

export type ConnectionState = 'connected' | 'reconnecting' | 'closed';

const reconnectDelaysMs = [250, 500, 1_000, 2_000, 4_000, 5_000];
const queuedRequestTimeoutMs = 30_000;
/** The requests of a turn leave at once past this many characters: a message stays under maxClientFrameBytes. */
const gatheredMost = maxClientFrameBytes / 4;

interface Pending {
  method: HostRequestName;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Queued {
  frame: ClientFrame;
  timer: ReturnType<typeof setTimeout>;
}

export class HostConnection implements Disposable {
  private readonly _onEvent = new Emitter<HostEvent>();
  readonly onEvent = this._onEvent.event;
  private readonly _onDidChangeState = new Emitter<ConnectionState>();
  readonly onDidChangeState = this._onDidChangeState.event;
  /** Fires after the link came back, before queued requests are sent. */
  private readonly _onDidReconnect = new Emitter<void>();
  readonly onDidReconnect = this._onDidReconnect.event;

  private socket: SocketHandle | undefined;
  private open = false;
  private disposed = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly queued = new Map<number, Queued>();
  private state: ConnectionState = 'reconnecting';
  /** Requests of this turn not sent yet, as text, and how long they are together. */
  private gathered: string[] = [];
  private gatheredLength = 0;

  private constructor(
    private readonly url: string,
    private readonly openSocket: OpenSocket,
  ) {}

  /** Opens the link; fails when the first attempt does not open. */
  static connect(url: string, openSocket: OpenSocket): Promise<HostConnection> {
    const connection = new HostConnection(url, openSocket);
    return new Promise((resolve, reject) => {
      connection.dial(
        () => resolve(connection),
        (code) => {
          connection.dispose();
          reject(
            new Error(
              `Could not reach the test bed (closed with code ${code}). Is vitruvian-tool testbed still ` +
                'running, and is this the exact address it printed, token included?',
            ),
          );
        },
      );
    });
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  request<K extends HostRequestName>(method: K, args: HostRequests[K]['args']): Promise<HostRequests[K]['result']> {
    if (this.disposed) return Promise.reject(new Error(`${method}: the connection to the test bed is closed`));
    const id = this.nextId++;
    const frame = { kind: 'request', id, method, args } as ClientFrame;
    return new Promise<HostRequests[K]['result']>((resolve, reject) => {
      // The answer to request `id` is the result of `method`: the server answers each id once.
      this.pending.set(id, { method, resolve, reject });
      if (this.open && this.socket) this.gather(JSON.stringify(frame));
      else {
        const timer = setTimeout(() => {
          this.queued.delete(id);
          this.settle(id, new Error(`${method}: the test bed did not come back within ${queuedRequestTimeoutMs / 1000} s`));
        }, queuedRequestTimeoutMs);
        this.queued.set(id, { frame, timer });
      }
    });
  }

  private gather(text: string): void {
    if (this.gatheredLength + text.length > gatheredMost) this.sendGathered();
    this.gathered.push(text);
    this.gatheredLength += text.length;
    if (this.gathered.length === 1) queueMicrotask(() => this.sendGathered());
  }

  /** One message: a request alone as it is, several as a JSON list in the order they were made. */
  private sendGathered(): void {
    const texts = this.gathered;
    if (texts.length === 0) return;
    this.gathered = [];
    this.gatheredLength = 0;
    // The link dropped meanwhile: failInFlight has failed these requests already.
    if (!this.open || !this.socket) return;
    this.socket.send(texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`);
  }

  private dial(onFirstOpen?: () => void, onFirstFailure?: (code: number) => void): void {
    let opened = false;
    const socket = this.openSocket(this.url, {
      opened: () => {
        if (this.disposed || socket !== this.socket) return socket.close();
        opened = true;
        this.open = true;
        this.attempt = 0;
        this.setState('connected');
        if (onFirstOpen) onFirstOpen();
        else this._onDidReconnect.fire();
        for (const [id, queued] of this.queued) {
          clearTimeout(queued.timer);
          this.queued.delete(id);
          socket.send(JSON.stringify(queued.frame));
        }
      },
      received: (text) => {
        if (socket === this.socket) this.receive(text);
      },
      closed: (code) => {
        if (socket !== this.socket) return;
        this.socket = undefined;
        this.open = false;
        this.gathered = [];
        this.gatheredLength = 0;
        this.failInFlight();
        if (!opened && onFirstFailure) return onFirstFailure(code);
        if (this.disposed) return;
        this.setState('reconnecting');
        const delay = reconnectDelaysMs[Math.min(this.attempt, reconnectDelaysMs.length - 1)] ?? 5_000;
        this.attempt++;
        this.retryTimer = setTimeout(() => this.dial(), delay);
      },
    });
    this.socket = socket;
  }

  /** A message holds one frame or the frames of one turn of the test bed, taken in order. */
  private receive(text: string): void {
    for (const reading of readServerFrames(text)) this.take(reading);
  }

  private take(reading: FrameReading<ServerFrame>): void {
    if (!reading.ok) {
      if (reading.id !== null) this.settle(reading.id, new Error(`the test bed sent a broken answer: ${reading.problem}`));
      return;
    }
    const frame = reading.frame;
    if (frame.kind === 'events') {
      for (const event of frame.events) this._onEvent.fire(event);
    } else if (frame.kind === 'answer') {
      const pending = this.pending.get(frame.id);
      this.pending.delete(frame.id);
      pending?.resolve(frame.result);
    } else if (frame.id !== null) {
      this.settle(frame.id, new Error(frame.problem));
    }
  }

  private settle(id: number, error: Error): void {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    pending?.reject(error);
  }

  private failInFlight(): void {
    for (const id of [...this.pending.keys()]) {
      if (this.queued.has(id)) continue;
      const method = this.pending.get(id)?.method ?? 'request';
      this.settle(id, new Error(`${method}: the link to the test bed dropped before the answer came`));
    }
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    this._onDidChangeState.fire(state);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.retryTimer);
    for (const queued of this.queued.values()) clearTimeout(queued.timer);
    this.queued.clear();
    for (const id of [...this.pending.keys()]) this.settle(id, new Error('the connection to the test bed is closed'));
    const socket = this.socket;
    this.socket = undefined;
    this.open = false;
    socket?.close();
    this.setState('closed');
    this._onEvent.dispose();
    this._onDidReconnect.dispose();
    this._onDidChangeState.dispose();
  }
}
