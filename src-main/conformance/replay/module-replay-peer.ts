// What a replay plays a module plugin against: a component runs inside the host (in a worker), not
// over a program's input and output, so its session is played through a host of its own. Each call
// the recording holds is sent again as a message by hand, its files by the paths the recording
// names (their reads are served from the files as they are now: a changed file is a warning before
// the replay starts); the lines the host traces for the component, the JSON-RPC lines a program
// would have sent, are what the replay compares. The host answers the component's reads itself, so
// the recorded answers to them are not sent.
import { problemLines } from '../../../src-shared/protocol/problem-reasons';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCallMethod, skwirMethodInfo } from '../../../src-shared/skwir/methods';
import { createHost, type Host } from '../../host/host';
import { SimulatedPlatform } from '../../platform/simulated';
import { ReceivedLines, type Received, type ReplayPeer } from './replay-link';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths a call's params name, and its params without them (the host writes a call's files itself). */
function callFiles(method: string, params: Json): { files: string[]; rest: Json } {
  const { file, entries, ...rest } = params;
  const named = skwirMethodInfo(method)?.files === 'entries' ? entries : [file];
  const files = Array.isArray(named) ? named.flatMap((entry) => (isObject(entry) && typeof entry.path === 'string' ? [entry.path] : [])) : [];
  return { files, rest };
}

export class ModuleReplayPeer implements ReplayPeer {
  readonly said: readonly string[] = [];
  private readonly lines = new ReceivedLines();
  private sending: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly host: Host,
    private readonly pluginId: string,
    readonly dataFolder: string,
  ) {}

  /** A host of its own on a fresh folder, the plugin's folder loaded in place. */
  static async start(folder: string, pluginId: string): Promise<ModuleReplayPeer> {
    const dataFolder = await mkdtemp(join(tmpdir(), 'vitruvian-replay-'));
    // The host's wire hook is given before the peer exists; it reaches the peer through this.
    const made: { peer?: ModuleReplayPeer } = {};
    const host = await createHost({
      dataFolder,
      platform: new SimulatedPlatform(),
      services: 'simulated',
      onWire: (id, direction, text) => {
        if (id === pluginId && direction === 'fromTool') made.peer?.lines.take({ kind: 'line', text });
      },
    });
    const peer = new ModuleReplayPeer(host, pluginId, dataFolder);
    made.peer = peer;
    const loaded = await host.loadInPlace(folder);
    if (!loaded.ok) {
      await peer.dispose();
      throw new Error(`${folder} could not be loaded: ${problemLines(loaded.problems).join('; ')}`);
    }
    return peer;
  }

  write(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    // Only the calls are the host's own to send; it answers the component's reads itself.
    if (!isObject(message) || typeof message.method !== 'string' || message.id === undefined) return;
    const { method } = message;
    const params = isObject(message.params) ? message.params : {};
    const { files, rest } = isCallMethod(method) ? callFiles(method, params) : { files: [], rest: params };
    // In order, each in its turn, as the calls went.
    this.sending = this.host.sendMessage(this.pluginId, { method, params: rest, ...(files.length > 0 ? { files } : {}) }, true);
  }

  closeInput(): void {
    void this.sending.then(() => this.host.stop(this.pluginId)).then(() => this.lines.end('was stopped'));
  }

  next(ms: number): Promise<Received | undefined> {
    return this.lines.next(ms);
  }

  async dispose(): Promise<void> {
    await this.host.dispose();
    await rm(this.dataFolder, { recursive: true, force: true });
  }
}
