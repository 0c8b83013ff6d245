// The headless host that `run`, `ask` and `testbed` share (docs/design/cli.md): the folder judged
// and its manifest's warnings said first, the platform chosen (simulated by default, the system's
// where the CLI has one), the host core on a fresh data folder, --trace's JSON lines, and the stop
// on a signal: the first SIGINT or SIGTERM ends the work by the stop sequence, a second at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Disposable } from '../../src-shared/lifecycle';
import { createHost, type Host, type HostOptions } from '../host/host';
import { checkFolder, type ValidFolder } from '../host/installs/tool-folder';
import { hasKeptBytes, showKeptBytes } from '../host/wire/not-utf8';
import type { Platform } from '../platform/platform';
import { ExitCodes, type CliIo } from './io';

export type Services = 'simulated' | 'system';

/** The in-memory platform that records every call; `clipboard` is what its clipboard holds at first. */
export async function simulatedPlatform(clipboard?: string): Promise<Platform> {
  const { SimulatedPlatform } = await import('../platform/simulated');
  return new SimulatedPlatform({ clipboard: clipboard ?? null });
}

/** What the host answers services with; the reason in words when the CLI has no such platform here. */
export async function choosePlatform(services: Services, options: { clipboard?: string } = {}): Promise<Platform | string> {
  if (services === 'simulated') return simulatedPlatform(options.clipboard);
  if (process.platform === 'linux') {
    const { createLinuxPlatform } = await import('../platform/linux');
    return createLinuxPlatform();
  }
  return `--services system: the CLI has the system services on Linux only, not on ${process.platform}; use --services simulated, or the desktop app`;
}

/**
 * One --trace line: the message as JSON when it is JSON, else the text as it came; a line that was
 * not UTF-8 (no message, answered -32700) as text with its stray bytes written \xNN.
 */
export function traceJson(direction: 'toTool' | 'fromTool', text: string): string {
  if (hasKeptBytes(text)) return JSON.stringify({ direction, text: showKeptBytes(text), notUtf8: true });
  try {
    return JSON.stringify({ direction, message: JSON.parse(text) as unknown });
  } catch {
    return JSON.stringify({ direction, text });
  }
}

/** The host's --trace hook: every line both ways, one JSON line each, written by `write`; none without --trace. */
export const traceOption = (trace: boolean, write: (line: string) => void): Pick<HostOptions, 'onWire'> =>
  trace ? { onWire: (_id, direction, text) => write(traceJson(direction, text)) } : {};

/**
 * The installer's judgement of the folder, its warnings said first (a typo in a manifest surfaces
 * later as a capability not granted or a method never asked); undefined, the problems said, when
 * the app would refuse it.
 */
export async function judgedFolder(command: string, folder: string, io: CliIo, noun: 'tool' | 'plugin'): Promise<ValidFolder | undefined> {
  const verdict = await checkFolder(folder);
  for (const warning of verdict.warnings ?? []) io.err(`warning: ${warning}`);
  if (verdict.ok) return verdict;
  io.err(`${command}: ${folder} is not a ${noun} this app runs:`);
  for (const problem of verdict.problems) io.err(problem.text);
  return undefined;
}

/**
 * Resolves with the first SIGINT or SIGTERM (the tools run in process groups of their own, so a
 * terminal's Ctrl-C reaches only us); a second one while the stop sequence runs ends the process at once.
 */
export function untilStopSignal(): { signal: Promise<NodeJS.Signals>; dispose(): void } {
  let stop: (signal: NodeJS.Signals) => void = () => {};
  const signal = new Promise<NodeJS.Signals>((resolve) => (stop = resolve));
  const hurry = () => process.exit(ExitCodes.failed);
  const first = (received: NodeJS.Signals) => {
    process.off('SIGINT', first);
    process.off('SIGTERM', first);
    process.once('SIGINT', hurry);
    process.once('SIGTERM', hurry);
    stop(received);
  };
  process.on('SIGINT', first);
  process.on('SIGTERM', first);
  return {
    signal,
    // Without handlers, a signal after the stop sequence ends the process at once too.
    dispose: () => {
      for (const listener of [first, hurry]) {
        process.off('SIGINT', listener);
        process.off('SIGTERM', listener);
      }
    },
  };
}

export interface HeadlessRun {
  /** The subcommand, for its words: `run: SIGINT: stopping the tool`. */
  command: string;
  noun: 'tool' | 'plugin';
  io: CliIo;
  /** The host's options but its data folder, which is a fresh one, removed afterwards. */
  host: Omit<HostOptions, 'dataFolder'>;
  /** Done in the data folder before the host starts (stored preferences). */
  prepare?(dataFolder: string): Promise<void>;
  /** What the person is told while the host runs; kept until it is disposed, so its stop is told too. */
  watch(host: Host): Disposable;
  /** The work; its exit code, unless a stop signal comes first. */
  work(host: Host): Promise<number>;
}

/** Runs the work on a host of its own, and ends the host (its tools by the stop sequence) and its folder whatever happened. */
export async function runHeadless(run: HeadlessRun): Promise<number> {
  const dataFolder = await mkdtemp(join(tmpdir(), `vitruvian-${run.command}-host-`));
  let host: Host | undefined;
  let watching: Disposable | undefined;
  try {
    await run.prepare?.(dataFolder);
    host = await createHost({ ...run.host, dataFolder });
    watching = run.watch(host);
    const stopAsked = untilStopSignal();
    try {
      return await Promise.race([
        run.work(host),
        stopAsked.signal.then((signal) => {
          run.io.err(`${run.command}: ${signal}: stopping the ${run.noun}`);
          return ExitCodes.failed;
        }),
      ]);
    } finally {
      stopAsked.dispose();
    }
  } finally {
    await host?.dispose();
    watching?.dispose();
    await rm(dataFolder, { recursive: true, force: true });
  }
}
