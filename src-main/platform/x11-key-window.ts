// A bare X11 window that takes the input focus and records the keys it receives, written against
// the X protocol itself (no toolkit, no library) so the linux platform's xdotool keystrokes can be
// checked under Xvfb on any machine that has Xvfb. Used by linux.integration.test.ts only.
import { createConnection, type Socket } from 'node:net';

export interface KeyPress {
  keycode: number;
  keysym: number;
  /** The character the key gives with the shift state it was pressed with; null for other keys. */
  char: string | null;
  /** X modifier state: 1 shift, 4 control, 8 alt (mod1). */
  state: number;
}

export const KeyState = { shift: 1, control: 4, alt: 8 } as const;

const pad4 = (n: number) => (n + 3) & ~3;

const keysymChar = (keysym: number): string | null => {
  if ((keysym >= 0x20 && keysym <= 0x7e) || (keysym >= 0xa0 && keysym <= 0xff)) return String.fromCharCode(keysym);
  if (keysym >= 0x01000100 && keysym <= 0x0110ffff) return String.fromCodePoint(keysym - 0x01000000);
  return null;
};

export class X11KeyWindow {
  readonly presses: KeyPress[] = [];
  private buffer = Buffer.alloc(0);
  private setupDone = false;
  private window = 0;
  private minKeycode = 8;
  private keysymsPerKeycode = 0;
  private keysyms: number[] = [];
  private readonly waiters = new Set<() => void>();
  private failure: Error | undefined;
  private mapped = false;
  private focused = false;
  private haveKeymap = false;

  private constructor(private readonly socket: Socket) {}

  /** Opens a window on `display` (":99") and resolves once it has the focus and the keymap. */
  static open(display: string, timeoutMs = 10_000): Promise<X11KeyWindow> {
    const number = /^:(\d+)/.exec(display)?.[1];
    if (number === undefined) return Promise.reject(new Error(`display ${JSON.stringify(display)} is not ":<number>"`));
    const socket = createConnection(`/tmp/.X11-unix/X${number}`);
    const window = new X11KeyWindow(socket);
    socket.on('data', (chunk) => window.receive(chunk));
    socket.on('error', (error) => window.fail(error));
    socket.on('connect', () => {
      // Setup: little-endian, protocol 11.0, no authorization (Xvfb started without -auth).
      const setup = Buffer.alloc(12);
      setup.write('l', 0, 'latin1');
      setup.writeUInt16LE(11, 2);
      socket.write(setup);
    });
    return window
      .until(() => window.mapped && window.focused && window.haveKeymap, timeoutMs, 'the window to get the focus')
      .then(
        () => window,
        (error: unknown) => {
          window.close();
          throw error;
        },
      );
  }

  /** The characters typed, leaving out keys pressed with control or alt. */
  text(): string {
    return this.presses
      .filter((press) => press.char !== null && (press.state & (KeyState.control | KeyState.alt)) === 0)
      .map((press) => press.char)
      .join('');
  }

  until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.failure) finish(this.failure);
        else if (done()) finish();
      };
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => finish(new Error(`X11 window: gave up waiting for ${what} after ${timeoutMs} ms`)), timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.notify();
  }

  private notify() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private receive(chunk: Buffer) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    if (!this.setupDone) {
      if (this.buffer.length < 8) return;
      const total = 8 + this.buffer.readUInt16LE(6) * 4;
      if (this.buffer.length < total) return;
      const reply = this.buffer.subarray(0, total);
      this.buffer = this.buffer.subarray(total);
      this.setupDone = true;
      if (reply[0] !== 1) {
        const reason = reply.subarray(8, 8 + (reply[1] ?? 0)).toString('latin1');
        this.fail(new Error(`X11 connection refused: ${reason}`));
        return;
      }
      this.start(reply);
    }
    while (this.buffer.length >= 32) {
      const kind = this.buffer[0]! & 0x7f;
      const total = kind === 1 ? 32 + this.buffer.readUInt32LE(4) * 4 : 32;
      if (this.buffer.length < total) break;
      const message = this.buffer.subarray(0, total);
      this.buffer = this.buffer.subarray(total);
      this.handle(kind, message);
    }
    this.notify();
  }

  private start(setup: Buffer) {
    const idBase = setup.readUInt32LE(12);
    const vendorLength = setup.readUInt16LE(24);
    const formats = setup[29]!;
    this.minKeycode = setup[34]!;
    const maxKeycode = setup[35]!;
    const screen = 40 + pad4(vendorLength) + 8 * formats;
    const root = setup.readUInt32LE(screen);
    this.window = idBase | 1;

    const create = Buffer.alloc(40);
    create.writeUInt8(1, 0); // CreateWindow
    create.writeUInt16LE(10, 2);
    create.writeUInt32LE(this.window, 4);
    create.writeUInt32LE(root, 8);
    create.writeUInt16LE(400, 16); // width
    create.writeUInt16LE(200, 18); // height
    create.writeUInt16LE(1, 22); // InputOutput
    create.writeUInt32LE(0x2 | 0x800, 28); // background-pixel, event-mask
    create.writeUInt32LE(0xffffff, 32);
    create.writeUInt32LE(0x1 | 0x20000 | 0x200000, 36); // KeyPress, StructureNotify, FocusChange

    const keymap = Buffer.alloc(8);
    keymap.writeUInt8(101, 0); // GetKeyboardMapping
    keymap.writeUInt16LE(2, 2);
    keymap.writeUInt8(this.minKeycode, 4);
    keymap.writeUInt8(maxKeycode - this.minKeycode + 1, 5);

    const map = Buffer.alloc(8);
    map.writeUInt8(8, 0); // MapWindow
    map.writeUInt16LE(2, 2);
    map.writeUInt32LE(this.window, 4);

    this.socket.write(Buffer.concat([create, keymap, map]));
  }

  private focus() {
    const request = Buffer.alloc(12);
    request.writeUInt8(42, 0); // SetInputFocus
    request.writeUInt8(1, 1); // revert to PointerRoot
    request.writeUInt16LE(3, 2);
    request.writeUInt32LE(this.window, 4);
    this.socket.write(request);
  }

  private handle(kind: number, message: Buffer) {
    switch (kind) {
      case 0: // error
        this.fail(new Error(`X11 error ${message[1]} for request ${message[10]}`));
        break;
      case 1: // the GetKeyboardMapping reply
        this.keysymsPerKeycode = message[1]!;
        this.keysyms = [];
        for (let offset = 32; offset < message.length; offset += 4) this.keysyms.push(message.readUInt32LE(offset));
        this.haveKeymap = true;
        break;
      case 2: {
        // KeyPress
        const keycode = message[1]!;
        const state = message.readUInt16LE(28);
        const base = (keycode - this.minKeycode) * this.keysymsPerKeycode;
        const plain = this.keysyms[base] ?? 0;
        const shifted = this.keysyms[base + 1] ?? 0;
        let keysym = plain;
        if (state & KeyState.shift) keysym = shifted !== 0 ? shifted : plain;
        let char = keysymChar(keysym);
        if (char && state & KeyState.shift && shifted === 0) char = char.toUpperCase();
        this.presses.push({ keycode, keysym, char, state });
        break;
      }
      case 9: // FocusIn
        this.focused = true;
        break;
      case 19: // MapNotify
        if (!this.mapped) {
          this.mapped = true;
          this.focus();
        }
        break;
      default:
        break;
    }
  }
}
