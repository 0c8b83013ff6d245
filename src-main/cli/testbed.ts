// vitruvian-tool testbed [<folder>...] [--port <n>] [--services simulated|system] [--data <dir>]
// [--language <tag>]: the browser test bed with these tool folders loaded in place. Prints the
// address to open on a line of its own; runs until SIGINT or SIGTERM, then stops every tool.
import { stat } from 'node:fs/promises';
import type { Platform } from '../platform/platform';
import { ensureRenderer } from '../testbed/renderer-build';
import { startTestbed } from '../testbed/testbed';
import { ExitCodes, type CliIo } from './io';
import { usageLine } from './usage';

const USAGE = usageLine('testbed');
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
  const read: TestbedArgs = { folders: [], port: defaultTestbedPort, services: 'simulated' };
  let optionsDone = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (optionsDone || !arg.startsWith('--')) {
      read.folders.push(arg);
      continue;
    }
    if (arg === '--') {
      optionsDone = true;
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? args[++i];
    if (!['--port', '--services', '--data', '--language'].includes(name)) {
      return { ok: false, problem: `unknown option ${JSON.stringify(name)}` };
    }
    if (value === undefined || value === '') return { ok: false, problem: `${name} needs a value` };
    if (name === '--port') {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port > 65_535) {
        return { ok: false, problem: `--port: expected a port number from 0 to 65535, got ${JSON.stringify(value)}` };
      }
      read.port = port;
    } else if (name === '--services') {
      if (value !== 'simulated' && value !== 'system') {
        return { ok: false, problem: `--services: expected simulated or system, got ${JSON.stringify(value)}` };
      }
      read.services = value;
    } else if (name === '--data') read.dataFolder = value;
    else if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value)) {
      return { ok: false, problem: `--language: expected a language tag such as en or fr, got ${JSON.stringify(value)}` };
    } else read.language = value;
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
  if (!reading.ok) {
    io.err(`testbed: ${reading.problem}; ${USAGE}`);
    return ExitCodes.usage;
  }
  const options = reading.args;
  for (const folder of options.folders) {
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory()) {
      io.err(`testbed: ${JSON.stringify(folder)} is not a folder; ${USAGE}`);
      return ExitCodes.usage;
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
