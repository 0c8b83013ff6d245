// vitruvian-tool testbed [<folder>...] [--port <n>] [--services simulated|system] [--data <dir>]
// [--language <tag>]: the browser test bed with these tool folders loaded in place. Prints the
// address to open on a line of its own; runs until SIGINT or SIGTERM, then stops every tool.
import { stat } from 'node:fs/promises';
import type { Platform } from '../platform/platform';
import { ensureRenderer } from '../testbed/renderer-build';
import { startTestbed } from '../testbed/testbed';
import { ExitCodes, type CliIo } from './io';
import { languageProblem, readArgs, usageError } from './options';

/** The port when none is given; --port 0 picks a free one. */
export const defaultTestbedPort = 7470;

export interface TestbedArgs {
  folders: string[];
  port: number;
  services: 'simulated' | 'system';
  dataFolder?: string;
  language?: string;
}

export type ArgsReading = { ok: true; args: TestbedArgs } | { ok: false; problem: string };

export function readTestbedArgs(args: string[]): ArgsReading {
  const reading = readArgs('testbed', args);
  if (!reading.ok) return reading;
  const { port, services, data, language } = reading.options;
  const read: TestbedArgs = { folders: reading.operands, port: defaultTestbedPort, services: (services ?? 'simulated') as TestbedArgs['services'] };
  if (port !== undefined) {
    if (!/^\d+$/.test(port) || Number(port) > 65_535) {
      return { ok: false, problem: `--port: expected a port number from 0 to 65535, got ${JSON.stringify(port)}` };
    }
    read.port = Number(port);
  }
  if (data !== undefined) read.dataFolder = data;
  if (language !== undefined) {
    const problem = languageProblem(language);
    if (problem) return { ok: false, problem };
    read.language = language;
  }
  return { ok: true, args: read };
}

async function createPlatform(services: 'simulated' | 'system'): Promise<Platform> {
  if (services === 'simulated') {
    const { SimulatedPlatform } = await import('../platform/simulated');
    return new SimulatedPlatform();
  }
  if (process.platform !== 'linux') {
    throw new Error(`--services system: the test bed has the system services on Linux only, not on ${process.platform}; the desktop app has them everywhere`);
  }
  const { createLinuxPlatform } = await import('../platform/linux');
  return createLinuxPlatform();
}

/** Resolves on the first SIGINT or SIGTERM. */
const untilStopSignal = (): Promise<NodeJS.Signals> =>
  new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

export async function command(args: string[], io: CliIo, stopped: Promise<unknown> = untilStopSignal()): Promise<number> {
  const reading = readTestbedArgs(args);
  if (!reading.ok) return usageError(io, 'testbed', reading.problem);
  const options = reading.args;
  for (const folder of options.folders) {
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory()) {
      return usageError(io, 'testbed', `${JSON.stringify(folder)} is not a folder`);
    }
  }

  await ensureRenderer((line) => io.err(line));
  const { createHost } = await import('../host/host');
  const testbed = await startTestbed({
    ...options,
    report: (line) => io.out(line),
    createHost,
    createPlatform,
  });
  io.out(`open the test bed (services: ${options.services}, data: ${testbed.dataFolder}):`);
  io.out(testbed.url);
  io.err('press Ctrl+C to stop it and every tool');

  // A second signal while the tools are stopping ends the test bed at once.
  const hurry = () => process.exit(ExitCodes.failed);
  await stopped;
  process.once('SIGINT', hurry);
  process.once('SIGTERM', hurry);
  io.err('stopping every tool...');
  try {
    await testbed.close();
  } finally {
    process.off('SIGINT', hurry);
    process.off('SIGTERM', hurry);
  }
  io.err('stopped');
  return ExitCodes.ok;
}
