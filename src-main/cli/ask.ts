// vitruvian-tool ask <folder> <method> --file <path>... [--params <json>] [--timeout <s>] [--out <dir>]
//   [--trace] [--capability <name>]... [--record <file>]
// A headless Skwir host for one plugin, as the app runs it (loaded in place, started on its first
// call, stopped by its stop sequence). field, thumbnail, inspect, convert and page are asked once for
// each --file, all queued at once (as Skwir does when it lists a folder); a command gets every file as
// its entries. stdout: one JSON line a call, in file order; stderr: the plugin's log and the host's
// words (and --trace's lines). Plans are printed, never applied. Exit 1 when a call failed, or when
// --out could not write a file an answer carried.
import { resolve } from 'node:path';
import { askProblems } from '../../src-shared/skwir/asking';
import { isCallMethod, type CallMethod } from '../../src-shared/skwir/methods';
import type { PluginManifest } from '../../src-shared/skwir/plugin-manifest';
import type { Capability } from '../../src-shared/skwir/types';
import type { CallOutcome } from '../host/plugins/plugin-supervisor';
import { writeAnswerFiles } from './ask-out';
import { judgedFolder, runHeadless, simulatedPlatform, traceOption } from './headless-host';
import { CLI_RECORDING_CHARS, recordedBy, writeRecordingFile } from './record-file';
import { ExitCodes, type CliIo } from './io';
import { readArgs, usageError } from './options';

/** When --params leave them out: a thumbnail of 256 pixels, the first page drawn at 1024. */
const paramDefaults: Partial<Record<CallMethod, Record<string, unknown>>> = {
  thumbnail: { size: 256 },
  page: { page: 1, side: 1024 },
};

interface AskArgs {
  folder: string;
  method: CallMethod;
  files: string[];
  params: Record<string, unknown>;
  timeoutMs?: number;
  out?: string;
  trace: boolean;
  capabilities?: string[];
  record?: string;
}

type Reading = { ok: true; args: AskArgs } | { ok: false; problem: string };

function readAskArgs(argv: string[]): Reading {
  const reading = readArgs('ask', argv);
  if (!reading.ok) return reading;
  const { options, operands } = reading;
  const method = operands[1]!;
  if (!isCallMethod(method)) return { ok: false, problem: `<method>: ${JSON.stringify(method)} is not a call` };
  const files = options.file.map((file) => resolve(file));
  if (files.length === 0 && method !== 'command') return { ok: false, problem: `--file: ${method} is asked about files; give one or more --file <path>` };
  let params: Record<string, unknown> = { ...paramDefaults[method] };
  if (options.params !== undefined) {
    let given: unknown;
    try {
      given = JSON.parse(options.params);
    } catch {
      return { ok: false, problem: `--params: ${JSON.stringify(options.params)} is not JSON (an object, such as '{"key":"word-count.words"}')` };
    }
    if (given === null || typeof given !== 'object' || Array.isArray(given)) {
      return { ok: false, problem: `--params: expected a JSON object, such as '{"key":"word-count.words"}', got ${options.params}` };
    }
    params = { ...params, ...(given as Record<string, unknown>) };
  }
  const args: AskArgs = { folder: resolve(operands[0]!), method, files, params, trace: options.trace };
  if (options.timeout !== undefined) {
    const seconds = Number(options.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0)
      return { ok: false, problem: `--timeout: expected seconds above 0, such as 5 or 0.5, got ${JSON.stringify(options.timeout)}` };
    args.timeoutMs = Math.round(seconds * 1000);
  }
  if (options.out !== undefined) args.out = resolve(options.out);
  if (options.capability.length > 0) args.capabilities = options.capability;
  if (options.record !== undefined) args.record = options.record;
  return { ok: true, args };
}

/**
 * --capability grants less than the manifest asks (`none`: nothing at all); naming one it does not
 * ask for is a mistake.
 */
function grantProblem(manifest: PluginManifest, wanted: string[] | undefined): string | undefined {
  if (wanted?.includes('none')) return wanted.length > 1 ? '--capability none grants nothing; give it alone' : undefined;
  for (const name of wanted ?? []) {
    if (!(manifest.capabilities as string[]).includes(name)) {
      const asks = manifest.capabilities.length === 0 ? 'asks for none' : `asks for ${manifest.capabilities.join(', ')}`;
      return `--capability ${name}: the plugin does not ask for it (it ${asks}); --capability grants less than the manifest asks, never more`;
    }
  }
  return undefined;
}

export async function command(argv: string[], io: CliIo): Promise<number> {
  const reading = readAskArgs(argv);
  if (!reading.ok) return usageError(io, 'ask', reading.problem);
  const { args } = reading;
  const verdict = await judgedFolder('ask', args.folder, io, 'plugin');
  if (!verdict) return ExitCodes.failed;
  if (verdict.kind !== 'plugin') return usageError(io, 'ask', `${args.folder} is a tool, not a Skwir plugin: run its commands with vitruvian-tool run`);
  const { manifest } = verdict;
  const grant = grantProblem(manifest, args.capabilities);
  if (grant) return usageError(io, 'ask', grant);
  // Each call's params judged before anything starts: an undeclared key is the asker's mistake.
  const calls = args.method === 'command' ? [args.files] : args.files.map((file) => [file]);
  const asked = calls.map((files) => ({ files, params: structuredClone(args.params) }));
  for (const call of asked) {
    const problems = askProblems(
      manifest,
      args.method,
      call.params,
      call.files.map((file) => ({ name: file })),
    );
    if (problems.length > 0) {
      for (const problem of problems.slice(0, -1)) io.err(`ask: ${problem}`);
      return usageError(io, 'ask', problems[problems.length - 1]!);
    }
  }
  return runHeadless({
    command: 'ask',
    noun: 'plugin',
    io,
    host: {
      platform: await simulatedPlatform(),
      services: 'simulated',
      ...traceOption(args.trace, (line) => io.err(line)),
      ...(args.timeoutMs ? { pluginLimits: { callMs: args.timeoutMs } } : {}),
      ...(args.capabilities ? { grants: () => args.capabilities!.filter((name) => name !== 'none') as Capability[] } : {}),
      ...(args.record === undefined ? {} : { recordingChars: CLI_RECORDING_CHARS, recordedBy: recordedBy('ask') }),
    },
    // Kept to the end: the plugin's stop (and a stop that needed a signal) is said too.
    watch: (host) =>
      host.subscribe((event) => {
        if (event.type === 'log' && event.toolId === manifest.id) io.err(`${event.line.level} ${event.line.source}: ${event.line.message}`);
      }),
    work: async (host) => {
      const loaded = await host.loadInPlace(args.folder);
      if (!loaded.ok) {
        for (const problem of loaded.problems) io.err(problem.text);
        return ExitCodes.failed;
      }
      const outcomes = asked.map((call) => host.callPlugin(manifest.id, { method: args.method, params: call.params, files: call.files }));
      const code = await printAnswers(
        outcomes,
        asked.map((call) => call.files),
        args,
        io,
      );
      if (args.record !== undefined && !(await writeRecordingFile(host, 'ask', manifest.id, args.record, io))) return ExitCodes.failed;
      return code;
    },
  });
}

/** One JSON line a call, in file order, as each comes; the exit code. */
async function printAnswers(outcomes: Promise<CallOutcome>[], files: string[][], args: AskArgs, io: CliIo): Promise<number> {
  let failed = false;
  for (const [index, outcome] of outcomes.entries()) {
    const result = await outcome;
    const where = args.method === 'command' ? { files: files[index] } : { file: files[index]![0] };
    if (result.outcome !== 'answered') {
      failed = true;
      io.out(JSON.stringify({ ...where, error: result.message }));
      continue;
    }
    const printed = printable({ ...where, answer: result.answer });
    if (printed === undefined) {
      failed = true;
      io.out(JSON.stringify({ ...where, error: 'the answer could not be written as JSON' }));
      continue;
    }
    io.out(printed);
    if (args.out) {
      const written = await writeAnswerFiles(args.out, args.method, files[index]!, args.params, result.answer);
      for (const line of written.lines) io.err(`ask: ${line}`);
      if (!written.allWritten) failed = true;
    }
    if (isPlan(result.answer)) io.err('ask: the plan is printed, never applied; the window applies a plan once a person confirms it');
  }
  return failed ? ExitCodes.failed : ExitCodes.ok;
}

/** A line of JSON, or undefined when it cannot be one: whatever an answer holds, it ends only its own line. */
function printable(line: object): string | undefined {
  try {
    return JSON.stringify(line);
  } catch {
    return undefined;
  }
}

const isPlan = (answer: unknown): boolean => typeof answer === 'object' && answer !== null && (answer as { answer?: unknown }).answer === 'plan';
