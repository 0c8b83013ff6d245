// vitruvian-tool run <folder> [--command <id>]... [--pref <id>=<json>]... [--send <json>]... [--record <file>] and the options of usage.ts.
// A headless host for one tool (docs/design/cli.md): validate, start it as the app would, run the
// commands in order (each waiting to be runnable, then for its answer), send the --send messages,
// stop it by the stop sequence. stdout carries only --trace's JSON lines and the answers to --send;
// everything for the person goes to stderr.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CommandOutcome, PreferenceValue, ToolSummary } from '../../src-shared/host-api';
import { describePreferenceValueFault, preferenceValueFault } from '../../src-shared/manifest/preference-value';
import type { Manifest } from '../../src-shared/protocol/types';
import type { Host } from '../host/host';
import { isToolFault } from '../host/records/host-log';
import { PreferenceStore } from '../host/tools/storage';
import { choosePlatform, judgedFolder, runHeadless, traceOption } from './headless-host';
import { CLI_RECORDING_CHARS, recordedBy, writeRecordingFile } from './record-file';
import { readSends, sendAll } from './run-send';
import { ExitCodes, type CliIo } from './io';
import { languageProblem, readArgs, usageError } from './options';
import { NAME } from './usage';

type ManifestPreference = NonNullable<Manifest['preferences']>[number];

/** How long a command may take to become runnable before the run gives up on it. */
export const runnableWaitMs = 60_000;

export interface RunArgs {
  folder: string;
  commands: string[];
  prefs: { id: string; value: PreferenceValue }[];
  language?: string;
  dataFolder?: string;
  services: 'simulated' | 'system';
  /** What the simulated clipboard holds when the tool starts. */
  clipboard?: string;
  trace: boolean;
  /** Every protocol problem fails the run (exit 1), so a script catches a misbehaving tool. */
  strict: boolean;
  /** The --send texts, read against the manifest once it is known. */
  sends: string[];
  anyway: boolean;
  record?: string;
}

export type RunArgsReading = { ok: true; args: RunArgs } | { ok: false; problem: string };

export function readRunArgs(argv: string[]): RunArgsReading {
  const reading = readArgs('run', argv);
  if (!reading.ok) return reading;
  const { command: commands, pref, language, data, services, clipboard, trace, strict, send, anyway, record } = reading.options;
  const args: RunArgs = {
    folder: reading.operands[0]!,
    commands,
    prefs: [],
    services: (services ?? 'simulated') as RunArgs['services'],
    trace,
    strict,
    sends: send,
    anyway,
  };
  if (anyway && send.length === 0) return { ok: false, problem: '--anyway sends the --send messages even when they do not fit; give a --send' };
  if (record !== undefined) args.record = record;
  for (const text of pref) {
    const eq = text.indexOf('=');
    if (eq <= 0) return { ok: false, problem: `--pref: expected <id>=<json>, got ${JSON.stringify(text)}; for example --pref 'greeting="Hi there"'` };
    const id = text.slice(0, eq);
    const json = text.slice(eq + 1);
    try {
      args.prefs.push({ id, value: JSON.parse(json) as PreferenceValue });
    } catch {
      return {
        ok: false,
        problem: `--pref ${id}: ${JSON.stringify(json)} is not JSON; text is written in double quotes: --pref '${id}=${JSON.stringify(json)}'`,
      };
    }
  }
  if (language !== undefined) {
    const problem = languageProblem(language);
    if (problem) return { ok: false, problem };
    args.language = language;
  }
  if (data !== undefined) args.dataFolder = data;
  if (clipboard !== undefined) {
    if (args.services !== 'simulated')
      return { ok: false, problem: '--clipboard fills the simulated clipboard: it goes with --services simulated, not system' };
    args.clipboard = clipboard;
  }
  return { ok: true, args };
}

/** Problems of the commands and preferences asked for, against the tool's manifest. */
export function argsProblems(args: RunArgs, manifest: Manifest): string[] {
  const problems: string[] = [];
  const commands = (manifest.commands ?? []).map((c) => c.id);
  for (const id of args.commands) {
    if (!commands.includes(id))
      problems.push(`--command: unknown command ${JSON.stringify(id)} (the manifest declares ${commands.map((c) => `"${c}"`).join(', ') || 'none'})`);
  }
  for (const { id, value } of args.prefs) {
    const problem = prefProblem(manifest.preferences ?? [], id, value);
    if (problem) problems.push(`--pref ${id}: ${problem}`);
  }
  return problems;
}

/** Why `--pref id=value` does not fit the manifest, with a value that would, as it is typed. */
function prefProblem(preferences: readonly ManifestPreference[], id: string, value: PreferenceValue): string | undefined {
  const pref = preferences.find((p) => p.id === id);
  if (!pref) {
    return `unknown preference ${JSON.stringify(id)} (the manifest declares ${preferences.map((p) => JSON.stringify(p.id)).join(', ') || 'none'})`;
  }
  const fault = preferenceValueFault(pref, value);
  if (!fault) return undefined;
  const fits: Record<string, PreferenceValue> = { text: 'Hi there', secret: 'my secret', boolean: true, number: 3 };
  const example = pref.kind === 'choice' ? (pref.options?.[0]?.value ?? null) : (fits[pref.kind] ?? null);
  const typed = typeof example === 'string' ? `'${id}=${JSON.stringify(example)}'` : `${id}=${JSON.stringify(example)}`;
  return `${describePreferenceValueFault(fault, value)}; for example --pref ${typed}`;
}

const describeOutcome = (outcome: CommandOutcome): string =>
  outcome.outcome === 'done' ? 'done' : outcome.outcome === 'timeout' ? 'no answer within 60 s' : `${outcome.outcome}: ${outcome.message}`;

export async function command(argv: string[], io: CliIo): Promise<number> {
  const reading = readRunArgs(argv);
  if (!reading.ok) return usageError(io, 'run', reading.problem);
  const args = reading.args;
  const folder = resolve(args.folder);
  const verdict = await judgedFolder('run', folder, io, 'tool');
  if (!verdict) return ExitCodes.failed;
  if (verdict.kind === 'plugin') {
    io.err(`run: ${folder} is a Skwir plugin, not a tool: ask it about files with ${NAME} ask <folder> <method> --file <path>`);
    return ExitCodes.usage;
  }
  const sends = readSends(args.sends, verdict.manifest, args.anyway);
  const problems = [...argsProblems(args, verdict.manifest), ...(sends.ok ? [] : sends.problems)];
  if (problems.length > 0) {
    for (const problem of problems.slice(0, -1)) io.err(`run: ${problem}`);
    return usageError(io, 'run', problems[problems.length - 1]!);
  }
  const platform = await choosePlatform(args.services, args.clipboard === undefined ? {} : { clipboard: args.clipboard });
  if (typeof platform === 'string') {
    io.err(`run: ${platform}`);
    return ExitCodes.usage;
  }

  const toolData = args.dataFolder === undefined ? await mkdtemp(join(tmpdir(), 'vitruvian-run-data-')) : resolve(args.dataFolder);
  await mkdir(toolData, { recursive: true });
  const { manifest } = verdict;
  let watch: ToolWatch | undefined;
  let code: number;
  try {
    code = await runHeadless({
      command: 'run',
      noun: 'tool',
      io,
      host: {
        platform,
        services: args.services,
        ...(args.language ? { language: args.language } : {}),
        toolDataFolder: () => toolData,
        ...traceOption(args.trace, (line) => io.out(line)),
        ...(args.record === undefined ? {} : { recordingChars: CLI_RECORDING_CHARS, recordedBy: recordedBy('run') }),
      },
      prepare: async (hostData) => {
        const preferences = await new PreferenceStore(hostData).open(manifest.id);
        for (const { id, value } of args.prefs) await preferences.set(manifest.preferences ?? [], id, value);
      },
      // The stop sequence is watched too: a tool that needed a signal is told so.
      watch: (host) => (watch = new ToolWatch(host, manifest.id, io)),
      work: async (host) => {
        let code = await runTool(host, watch!, folder, manifest.id, args.commands, args.sends.length > 0, io);
        if (code === ExitCodes.ok && sends.ok && !(await sendAll(host, manifest.id, sends.messages, args.anyway, io))) code = ExitCodes.failed;
        if (args.record !== undefined && !(await writeRecordingFile(host, 'run', manifest.id, args.record, io))) code = ExitCodes.failed;
        return code;
      },
    });
  } finally {
    if (args.dataFolder === undefined) await rm(toolData, { recursive: true, force: true });
  }
  const faults = watch?.protocolProblems ?? [];
  if (args.strict && faults.length > 0) {
    const count = faults.length === 1 ? '1 protocol problem' : `${faults.length} protocol problems`;
    io.err(`run: --strict: ${count}, so the run failed; the first: ${faults[0]}`);
    return ExitCodes.failed;
  }
  return code;
}

/** What the run sees of its tool: the latest summary, and every event written for the person. */
export class ToolWatch {
  tool: ToolSummary | undefined;
  readonly changed = new Set<() => void>();
  /** The tool's protocol problems, for --strict: the peer's findings, and the host's lines that name a fault of the tool. */
  readonly protocolProblems: string[] = [];
  private readonly subscription;

  constructor(host: Host, id: string, io: CliIo) {
    this.subscription = host.subscribe((event) => {
      if (event.type === 'log' && event.toolId === id) {
        const { level, source, message, code } = event.line;
        io.err(`${level} ${source}: ${message}`);
        if (source === 'protocol' || (code && isToolFault(code))) this.protocolProblems.push(message);
      } else if (event.type === 'serviceCall') {
        io.err(`service ${event.call.method} ${JSON.stringify(event.call.params)}`);
      } else if (event.type === 'tool' && event.tool.id === id && event.tool.kind !== 'plugin') {
        const { state, stateReason } = event.tool;
        if (this.tool?.state !== state && state !== 'idle') io.err(`tool ${state}${stateReason ? `: ${stateReason}` : ''}`);
        this.tool = event.tool;
        for (const wake of [...this.changed]) wake();
      }
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

async function runTool(host: Host, watch: ToolWatch, folder: string, id: string, commands: string[], sending: boolean, io: CliIo): Promise<number> {
  const loaded = await host.loadInPlace(folder);
  if (!loaded.ok) {
    for (const problem of loaded.problems) io.err(problem.text);
    return ExitCodes.failed;
  }
  // As in the app (docs/design/cli.md: it starts the tool as the app would): a launch tool now, a
  // demand tool on its first command, so with no command at all it is not started.
  const onDemand = loaded.tool.kind === 'plugin' || loaded.tool.start === 'demand';
  if (onDemand && commands.length === 0 && !sending) {
    io.err(`run: ${id} starts on demand, as in the app: on its first command, and no --command or --send was given, so it was not started`);
    return ExitCodes.ok;
  }
  if (!onDemand) {
    const started = await host.start(id);
    if (!started.ok) {
      io.err(`run: the tool did not start: ${started.problem}`);
      return ExitCodes.failed;
    }
  }
  let failed = false;
  for (const commandId of commands) {
    const outcome = await runWhenRunnable(host, watch, id, commandId);
    io.err(`command ${commandId}: ${outcome}`);
    if (outcome !== 'done') failed = true;
  }
  return failed ? ExitCodes.failed : ExitCodes.ok;
}

/**
 * Waits for the command to be runnable, then runs it. A demand tool not running yet is started by
 * the command, as in the app; when the tool it started does not offer the command at once, the run
 * waits for it to, as for any other.
 */
async function runWhenRunnable(host: Host, watch: ToolWatch, id: string, commandId: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const runnable = await until(watch.changed, runnableWaitMs, () => {
      const tool = watch.tool;
      if (!tool || tool.state === 'failed' || tool.state === 'refused') return false;
      if (tool.start === 'demand' && (tool.state === 'idle' || tool.state === 'stopped')) return 'startsIt';
      if (tool.state === 'stopped') return false;
      return tool.state === 'running' && tool.runnable.includes(commandId) ? true : undefined;
    });
    if (runnable === false) return `the tool is ${watch.tool?.state}`;
    if (runnable === undefined) return `not runnable within ${runnableWaitMs / 1000} s`;
    const outcome = await host.runCommand(id, commandId);
    const startedNotRunnable =
      runnable === 'startsIt' && outcome.outcome === 'unavailable' && watch.tool?.state === 'running' && !watch.tool.runnable.includes(commandId);
    if (!startedNotRunnable || attempt > 1) return describeOutcome(outcome);
  }
}

/** Resolves with what `check` answers once it answers (not undefined), or undefined after `ms`. */
function until<T>(changed: Set<() => void>, ms: number, check: () => T | undefined): Promise<T | undefined> {
  return new Promise((done) => {
    const wake = () => {
      const answer = check();
      if (answer === undefined) return;
      finish(answer);
    };
    const timer = setTimeout(() => finish(undefined), ms);
    const finish = (answer: T | undefined) => {
      clearTimeout(timer);
      changed.delete(wake);
      done(answer);
    };
    changed.add(wake);
    wake();
  });
}
