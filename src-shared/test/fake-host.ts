// The one in-memory HostApi for tests, with no tool process behind it: the window's store and UI
// (src-renderer), the Electron layer (src-main/electron) and the test bed's transport (src-main/testbed)
// all use it. It answers like the host (tools, preferences, logs, traces, the clipboard; a plugin call
// with what the test gives), records every request with its arguments, and lets a test fire any event.
//
// Why src-shared/test: src-main's tests (tsconfig.main.json) and src-renderer's (tsconfig.tests.json,
// and tsconfig.renderer.json for the render helpers in src-renderer/test) may all import src-shared,
// while src-main must not reach into src-renderer nor the window into src-main. tsconfig.shared.json
// compiles this folder too, so it holds to src-shared's rule: it imports only src-shared (no vitest,
// no Node, no DOM). Nothing the app is built from imports it (fake-host.test.ts checks), and a `test`
// folder is not counted as a source of the built window (src-main/testbed/renderer-build.ts).
import { isPaletteShortcut } from '../app-commands';
import { acceleratorProblem } from '../accelerator';
import type {
  CommandShortcut,
  CommandUse,
  HostApi,
  HostEvent,
  HostInfo,
  HostRequestName,
  HostRequests,
  LogLine,
  ProblemCode,
  ReasonCode,
  Result,
  ServiceCall,
  EntrySummary,
  EntrySummaryFields,
  TraceLine,
} from '../host-api';
import { handMessageProblems, type HandTarget } from '../hand-message';
import { problemLine } from '../protocol/problem-reasons';
import type { RecordLine } from '../recording/record-lines';
import { givenFileEn, reasonEn, type Noun } from '../reasons-en';
import { makeTool } from './tool-summaries';

export { makeLogLines, makePlugin, makeTool } from './tool-summaries';

type Answer<K extends HostRequestName> = (...args: HostRequests[K]['args']) => HostRequests[K]['result'] | Promise<HostRequests[K]['result']>;

/** A test's own answer to a request, given in place of the fake's (and without its effects). */
export type FakeHostAnswers = { [K in HostRequestName]?: Answer<K> };

/** One request as the fake received it. */
export type FakeRequest = { [K in HostRequestName]: { name: K; args: HostRequests[K]['args'] } }[HostRequestName];

export interface FakeHost {
  /** The HostApi to give the code under test; a test may replace one of its requests outright. */
  host: HostApi;
  /** Every request, in the order it came, with its arguments (recorded when called, before any answer). */
  requests: FakeRequest[];
  /** The arguments of each request of that name, in order. */
  requestsNamed<K extends HostRequestName>(name: K): HostRequests[K]['args'][];
  /** Fires a host event to every subscriber, as the host would. */
  emit(event: HostEvent): void;
  listenerCount(): number;
  /** A line the tool wrote: added to its log and fired, as the host does. */
  log(toolId: string, message: string, level?: LogLine['level']): LogLine;
  info: HostInfo;
  tools: Map<string, EntrySummary>;
  logs: Map<string, LogLine[]>;
  traces: Map<string, TraceLine[]>;
  serviceCalls: ServiceCall[];
  /** What the simulated clipboard was last set to. */
  clipboard?: string;
  /** The commands run, as the host keeps them (runCommand and runPluginCommand add to it). */
  usage: CommandUse[];
  shortcuts: CommandShortcut[];
  /** Shortcuts held by "another app": setCommandShortcut refuses them as taken. */
  takenShortcuts: Set<string>;
  /** The simulated selection of files. */
  selection: string[];
  /** What readRecording answers for an entry (none: it has not run). */
  recordings: Map<string, RecordLine[]>;
  answers: FakeHostAnswers;
}

export function createFakeHost(seed: { tools?: EntrySummary[]; info?: Partial<HostInfo>; clipboard?: string } = {}): FakeHost {
  const listeners = new Set<(event: HostEvent) => void>();
  let seq = 0;
  const fake: FakeHost = {
    host: undefined as unknown as HostApi,
    requests: [],
    requestsNamed: <K extends HostRequestName>(name: K) =>
      fake.requests.filter((request) => request.name === name).map((request) => request.args as HostRequests[K]['args']),
    emit: (event) => [...listeners].forEach((listener) => listener(event)),
    listenerCount: () => listeners.size,
    log(toolId, message, level = 'info') {
      const line: LogLine = { seq: ++seq, time: Date.now(), level, source: 'tool', message };
      fake.logs.set(toolId, [...(fake.logs.get(toolId) ?? []), line]);
      fake.emit({ type: 'log', toolId, line });
      return line;
    },
    info: { language: 'en', services: 'simulated', platform: 'fake', version: '0.1.0', ...seed.info },
    tools: new Map((seed.tools ?? []).map((tool) => [tool.id, tool])),
    logs: new Map(),
    traces: new Map(),
    serviceCalls: [],
    ...(seed.clipboard !== undefined ? { clipboard: seed.clipboard } : {}),
    usage: [],
    shortcuts: [],
    takenShortcuts: new Set(),
    selection: [],
    recordings: new Map(),
    answers: {},
  };

  const ok: Result = { ok: true };
  // Refusals carry the host's code and its English, as the host's do.
  const words = (reason: ReasonCode, noun: Noun = 'tool') => reasonEn(reason, noun) ?? reason.code;
  const refused = (problemCode: ProblemCode): Result => ({ ok: false, problem: words(problemCode), problemCode });
  const notInstalled = (toolId: string) => refused({ code: 'notInstalled', toolId });
  const put = (next: EntrySummary): Result => {
    fake.tools.set(next.id, next);
    fake.emit({ type: 'tool', tool: next });
    return ok;
  };
  const changeEntry = (toolId: string, change: Partial<EntrySummaryFields>): Result => {
    const entry = fake.tools.get(toolId);
    return entry ? put({ ...entry, ...change }) : notInstalled(toolId);
  };
  // A plugin call the test gave no answer for: the fake has no plugin process to ask.
  const noPlugin = (pluginId: string) => {
    const reasonCode = { code: 'notInstalled', toolId: pluginId } as const;
    const message = fake.tools.has(pluginId) ? 'the fake host was given no answer for this call' : words(reasonCode, 'plugin');
    return { ok: false as const, outcome: 'unavailable' as const, message, reasonCode };
  };

  const noteUse = (entryId: string, command: string) => {
    const before = fake.usage.find((use) => use.entryId === entryId && use.command === command);
    fake.usage = [...fake.usage.filter((use) => use !== before), { entryId, command, count: (before?.count ?? 0) + 1, last: Date.now() }];
  };

  // The host's own answers: one for every request, so a request added to HostRequests breaks the build here.
  const own: { [K in HostRequestName]: Answer<K> } = {
    info: () => fake.info,
    listTools: () => [...fake.tools.values()],
    installFolder(folder) {
      if (!folder.startsWith('/')) return { ok: false, problems: [problemLine(`folder: ${JSON.stringify(folder)} is not an absolute path`)] };
      const tool = makeTool({ id: `com.example.${folder.split('/').pop() || 'tool'}`, folder });
      fake.tools.set(tool.id, tool);
      fake.emit({ type: 'tool', tool });
      return { ok: true, tool };
    },
    installReplaces(folder) {
      const installed = fake.tools.get(`com.example.${folder.split('/').pop() || 'tool'}`);
      return installed && !installed.loadedInPlace ? { id: installed.id, installedVersion: installed.version, version: installed.version } : null;
    },
    uninstall(toolId) {
      if (!fake.tools.delete(toolId)) return notInstalled(toolId);
      fake.usage = fake.usage.filter((use) => use.entryId !== toolId);
      fake.shortcuts = fake.shortcuts.filter((shortcut) => shortcut.entryId !== toolId);
      fake.emit({ type: 'toolRemoved', toolId });
      return ok;
    },
    runCommand(toolId, commandId) {
      const tool = fake.tools.get(toolId);
      const why = !tool
        ? ({ code: 'notInstalled', toolId } as const)
        : tool.kind === 'plugin' || !tool.commands.some((command) => command.id === commandId)
          ? ({ code: 'unknownCommand', command: commandId } as const)
          : !tool.runnable.includes(commandId)
            ? ({ code: 'notRunnable', command: commandId } as const)
            : undefined;
      if (!why || why.code === 'notRunnable') noteUse(toolId, commandId);
      return why ? { outcome: 'unavailable', message: words(why), reasonCode: why } : { outcome: 'done' };
    },
    setPreference(toolId, preferenceId, value) {
      const tool = fake.tools.get(toolId);
      if (!tool) return notInstalled(toolId);
      if (tool.kind === 'plugin')
        return { ok: false, problem: `"${toolId}" is a Skwir plugin: it has no preferences`, problemCode: { code: 'unknownPreference', id: preferenceId } };
      const kind = tool.preferences.find((preference) => preference.id === preferenceId)?.kind;
      if (kind === 'secret') {
        // A secret's value is never sent back: only whether it holds one.
        const others = tool.secretsSet.filter((id) => id !== preferenceId);
        return put({ ...tool, secretsSet: value === null || value === '' ? others : [...others, preferenceId] });
      }
      return put({ ...tool, values: { ...tool.values, [preferenceId]: value } });
    },
    readLog: (toolId) => fake.logs.get(toolId) ?? [],
    clearLog(toolId) {
      if (!fake.tools.has(toolId)) return notInstalled(toolId);
      fake.logs.set(toolId, []);
      fake.emit({ type: 'logCleared', toolId });
      return ok;
    },
    readTrace: (toolId) => ({ lines: fake.traces.get(toolId) ?? [], dropped: 0 }),
    clearTrace(toolId) {
      if (!fake.tools.has(toolId)) return notInstalled(toolId);
      fake.traces.set(toolId, []);
      return ok;
    },
    readServiceCalls: () => fake.serviceCalls,
    restart: (toolId) => changeEntry(toolId, { state: 'running', stateReason: undefined, stateReasonCode: undefined }),
    stop: (toolId) => changeEntry(toolId, { state: 'stopped' }),
    setLanguage(language) {
      fake.info = { ...fake.info, language };
      fake.emit({ type: 'language', language });
      return ok;
    },
    setSimulatedClipboard(text) {
      if (fake.info.services !== 'simulated') return { ok: false, problem: "the services are the system's: the clipboard is the real one" };
      fake.clipboard = text;
      fake.emit({ type: 'clipboard', text });
      return ok;
    },
    readSimulatedClipboard() {
      if (fake.info.services !== 'simulated') return { ok: false, problem: "the services are the system's: the clipboard is the real one" };
      return { ok: true, text: fake.clipboard ?? null };
    },
    // The fake has no disk: a path from the root is a file, one ending in a slash a folder.
    judgeFile(path) {
      if (!path.startsWith('/')) return { ok: false, problem: givenFileEn({ code: 'relativePath' }), problemCode: { code: 'relativePath' } };
      if (path.endsWith('/')) return { ok: false, problem: givenFileEn({ code: 'folder' }), problemCode: { code: 'folder' } };
      return ok;
    },
    askField: (pluginId) => noPlugin(pluginId),
    askThumbnail: (pluginId) => noPlugin(pluginId),
    inspect: (pluginId) => noPlugin(pluginId),
    convert: (pluginId) => noPlugin(pluginId),
    releaseConverted: () => ok,
    page: (pluginId) => noPlugin(pluginId),
    runPluginCommand(pluginId, _callId, command) {
      if (fake.tools.has(pluginId)) noteUse(pluginId, command);
      return noPlugin(pluginId);
    },
    commandUsage: () => fake.usage.map((use) => ({ ...use })),
    commandShortcuts: () => fake.shortcuts.map((shortcut) => ({ ...shortcut })),
    setCommandShortcut(entryId, command, accelerator) {
      const own = isPaletteShortcut(entryId, command);
      if (!own && !fake.tools.has(entryId)) return { ok: false, problem: `"${entryId}" is not installed`, refusal: { code: 'notInstalled', entryId } };
      if (own && accelerator === null) return { ok: false, problem: 'the palette keeps a shortcut', refusal: { code: 'needed' } };
      const others = fake.shortcuts.filter((s) => !(s.entryId === entryId && s.command === command));
      if (accelerator === null) {
        fake.shortcuts = others;
        return ok;
      }
      if (acceleratorProblem(accelerator)) return { ok: false, problem: `${accelerator} is not a shortcut`, refusal: { code: 'invalid', accelerator } };
      if (fake.takenShortcuts.has(accelerator)) return { ok: false, problem: `${accelerator} is taken`, refusal: { code: 'taken', accelerator } };
      fake.shortcuts = [...others, { entryId, command, accelerator, registered: true }];
      return ok;
    },
    fileSelection: () => ({ ok: true, paths: [...fake.selection] }),
    setSimulatedSelection(paths) {
      if (fake.info.services !== 'simulated') return { ok: false, problem: "the services are the system's: the selection is the Finder's" };
      fake.selection = [...paths];
      return ok;
    },
    applyPlan: (planId) => ({ ok: false, problem: `no plan "${planId}": the fake host gave none`, steps: [] }),
    cancelCall: (callId) => ({ ok: false, problem: `no call "${callId}" is waiting` }),
    callProgress: () => null,
    forgetAnswers: (pluginId) => (fake.tools.has(pluginId) ? ok : notInstalled(pluginId)),
    // Judged as the host judges it; sent, it would need a process, so the test gives the answer.
    sendMessage(entryId, message, anyway) {
      const entry = fake.tools.get(entryId);
      if (!entry) return { outcome: 'unavailable', message: words({ code: 'notInstalled', toolId: entryId }) };
      const target: HandTarget =
        entry.kind === 'tool'
          ? { dialect: 'protocol1', commands: entry.commands.map((command) => command.id) }
          : { dialect: 'skwir', declarations: entry.plugin };
      const problems = anyway ? [] : handMessageProblems(target, message);
      if (problems.length > 0) return { outcome: 'refused', problems };
      return { outcome: 'unavailable', message: 'the fake host was given no answer for this message' };
    },
    checkMessage(entryId, message) {
      const entry = fake.tools.get(entryId);
      if (!entry) return { problems: [words({ code: 'notInstalled', toolId: entryId })] };
      const target: HandTarget =
        entry.kind === 'tool'
          ? { dialect: 'protocol1', commands: entry.commands.map((command) => command.id) }
          : { dialect: 'skwir', declarations: entry.plugin };
      return { problems: handMessageProblems(target, message) };
    },
    readRecording(entryId) {
      const lines = fake.recordings.get(entryId);
      if (lines) return { ok: true, lines };
      return {
        ok: false,
        problem: fake.tools.has(entryId) ? 'the tool has not run yet: there is no session to save' : words({ code: 'notInstalled', toolId: entryId }),
      };
    },
  };

  const request =
    <K extends HostRequestName>(name: K) =>
    async (...args: HostRequests[K]['args']): Promise<HostRequests[K]['result']> => {
      fake.requests.push({ name, args } as FakeRequest);
      const answer = fake.answers[name] ?? own[name];
      return answer(...args);
    };
  fake.host = {
    // Every request `own` answers, which the compiler holds to be every request of HostRequests.
    ...(Object.fromEntries((Object.keys(own) as HostRequestName[]).map((name) => [name, request(name)])) as Omit<HostApi, 'subscribe' | 'convertedUrl'>),
    subscribe(listener) {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
    // The fake serves no bytes: a test that draws a converted file serves it itself under this address.
    convertedUrl: (token) => `/converted/${encodeURIComponent(token)}`,
  };
  return fake;
}
