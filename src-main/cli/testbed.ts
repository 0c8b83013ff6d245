// vitruvian-tool testbed [<folder>...] [--port <n>] [--services simulated|system] [--data <dir>]
// [--language <tag>] [--trace]: the browser test bed with these tool and plugin folders loaded in
// place, on the headless host run and ask share. Prints the address to open on a line of its own;
// runs until SIGINT or SIGTERM, then stops every tool (a second signal ends it at once).
import { stat } from 'node:fs/promises';
import { ensureRenderer } from '../testbed/renderer-build';
import { startTestbed } from '../testbed/testbed';
import { choosePlatform, traceOption, untilStopSignal, type Services } from './headless-host';
import { ExitCodes, type CliIo } from './io';
import { languageProblem, readArgs, usageError } from './options';

/** The port when none is given; --port 0 picks a free one. */
export const defaultTestbedPort = 7470;

export interface TestbedArgs {
  folders: string[];
  port: number;
  services: Services;
  dataFolder?: string;
  language?: string;
  trace: boolean;
}

export type ArgsReading = { ok: true; args: TestbedArgs } | { ok: false; problem: string };

export function readTestbedArgs(args: string[]): ArgsReading {
  const reading = readArgs('testbed', args);
  if (!reading.ok) return reading;
  const { port, services, data, language, trace } = reading.options;
  const read: TestbedArgs = { folders: reading.operands, port: defaultTestbedPort, services: (services ?? 'simulated') as Services, trace };
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

export async function command(args: string[], io: CliIo, stopped?: Promise<unknown>): Promise<number> {
  const reading = readTestbedArgs(args);
  if (!reading.ok) return usageError(io, 'testbed', reading.problem);
  const options = reading.args;
  for (const folder of options.folders) {
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory()) {
      return usageError(io, 'testbed', `${JSON.stringify(folder)} is not a folder`);
    }
  }
  const platform = await choosePlatform(options.services);
  if (typeof platform === 'string') return usageError(io, 'testbed', platform);

  const stopAsked = untilStopSignal();
  try {
    await ensureRenderer((line) => io.err(line));
    const { createHost } = await import('../host/host');
    const testbed = await startTestbed({
      ...options,
      report: (line) => io.out(line),
      createHost: (hostOptions) => createHost({ ...hostOptions, ...traceOption(options.trace, (line) => io.err(line)) }),
      createPlatform: () => Promise.resolve(platform),
    });
    io.out(`open the test bed (services: ${options.services}, data: ${testbed.dataFolder}):`);
    io.out(testbed.url);
    io.err('press Ctrl+C to stop it and every tool');
    await (stopped ? Promise.race([stopped, stopAsked.signal]) : stopAsked.signal);
    io.err('stopping every tool...');
    await testbed.close();
  } finally {
    stopAsked.dispose();
  }
  io.err('stopped');
  return ExitCodes.ok;
}
