// An in-memory HostApi for the window's tests: it answers like the host, records every request,
// and lets a test send any host event.
import type {
  CommandOutcome, HostApi, HostEvent, HostInfo, HostRequestName, InstallVerdict, LogLine, PluginDetails, PreferenceValue,
  HostRequests, Result, ServiceCall, ToolSummary, ToolSummaryFields, TraceLine,
} from '../../src-shared/host-api';

export function makeTool(fields: Partial<ToolSummaryFields> & { id: string }): ToolSummary {
  const name = fields.name ?? { en: fields.id.split('.').pop() ?? fields.id };
  return {
    kind: 'tool',
    name,
    version: '1.0.0',
    publisher: { en: 'Acme' },
    uses: [],
    commands: [],
    preferences: [],
    values: {},
    secretsSet: [],
    state: 'running',
    runnable: (fields.commands ?? []).map((command) => command.id),
    folder: `/tools/${fields.id}`,
    loadedInPlace: false,
    start: 'launch',
    ...fields,
  };
}

/** A Skwir plugin as the host lists it: no tool commands or preferences, started on demand. */
export function makePlugin(
  fields: Partial<ToolSummaryFields> & { id: string },
  plugin: Partial<PluginDetails> = {},
): Extract<ToolSummary, { kind: 'plugin' }> {
  const tool = makeTool({ state: 'idle', start: 'demand', publisher: { en: '' }, ...fields });
  return {
    ...tool,
    kind: 'plugin',
    plugin: { api: 1, transport: 'program', capabilities: ['read'], fields: [], previews: [], commands: [], ...plugin },
  };
}

export function makeLogLines(count: number, from = 1): LogLine[] {
  const levels = ['info', 'debug', 'warn', 'error'] as const;
  return Array.from({ length: count }, (_, index) => ({
    seq: from + index,
    time: 1_700_000_000_000 + index,
    level: levels[index % 4]!,
    source: 'tool' as const,
    message: `line ${from + index}`,
  }));
}

/** The plugin calls, answered by what a test gives (by call name), else "no plugin here". */
export type PluginCallName = 'askField' | 'askThumbnail' | 'inspect' | 'convert' | 'page' | 'runPluginCommand' | 'applyPlan' | 'cancelCall';
type PluginCallAnswers = {
  [K in PluginCallName]?: (...args: HostRequests[K]['args']) => HostRequests[K]['result'] | Promise<HostRequests[K]['result']>;
};

export interface FakeHostAnswers extends PluginCallAnswers {
  installFolder?: (folder: string) => InstallVerdict;
  runCommand?: (toolId: string, commandId: string) => CommandOutcome | Promise<CommandOutcome>;
  setPreference?: (toolId: string, preferenceId: string, value: PreferenceValue) => Result;
  setLanguage?: (language: string) => Result;
}

export interface FakeHost {
  host: HostApi;
  requests: { name: HostRequestName; args: unknown[] }[];
  requestsNamed(name: HostRequestName): unknown[][];
  emit(event: HostEvent): void;
  listenerCount(): number;
  info: HostInfo;
  tools: Map<string, ToolSummary>;
  logs: Map<string, LogLine[]>;
  traces: Map<string, TraceLine[]>;
  serviceCalls: ServiceCall[];
  /** What the simulated clipboard was last set to. */
  clipboard?: string;
  answers: FakeHostAnswers;
}

export function createFakeHost(seed: { tools?: ToolSummary[]; info?: Partial<HostInfo> } = {}): FakeHost {
  const listeners = new Set<(event: HostEvent) => void>();
  const fake: FakeHost = {
    host: undefined as unknown as HostApi,
    requests: [],
    requestsNamed: (name) => fake.requests.filter((request) => request.name === name).map((request) => request.args),
    emit: (event) => [...listeners].forEach((listener) => listener(event)),
    listenerCount: () => listeners.size,
    info: { language: 'en', services: 'simulated', platform: 'linux', version: '0.1.0', ...seed.info },
    tools: new Map((seed.tools ?? []).map((tool) => [tool.id, tool])),
    logs: new Map(),
    traces: new Map(),
    serviceCalls: [],
    answers: {},
  };
  const ok: Result = { ok: true };
  const unknown = (toolId: string): Result => ({ ok: false, problem: `no tool ${toolId}` });
  const record = (name: HostRequestName, args: unknown[]) => fake.requests.push({ name, args });
  const changeTool = (toolId: string, change: Partial<ToolSummaryFields>): Result => {
    const tool = fake.tools.get(toolId);
    if (!tool) return unknown(toolId);
    const next: ToolSummary = { ...tool, ...change };
    fake.tools.set(toolId, next);
    fake.emit({ type: 'tool', tool: next });
    return ok;
  };

  fake.host = {
    async info() { record('info', []); return fake.info; },
    async listTools() { record('listTools', []); return [...fake.tools.values()]; },
    async installFolder(folder) {
      record('installFolder', [folder]);
      const verdict = fake.answers.installFolder?.(folder) ?? {
        ok: true, tool: makeTool({ id: `com.example.${folder.split('/').pop() ?? 'tool'}` }),
      };
      if (verdict.ok) {
        fake.tools.set(verdict.tool.id, verdict.tool);
        fake.emit({ type: 'tool', tool: verdict.tool });
      }
      return verdict;
    },
    async uninstall(toolId) {
      record('uninstall', [toolId]);
      if (!fake.tools.delete(toolId)) return unknown(toolId);
      fake.emit({ type: 'toolRemoved', toolId });
      return ok;
    },
    async runCommand(toolId, commandId) {
      record('runCommand', [toolId, commandId]);
      return (await fake.answers.runCommand?.(toolId, commandId)) ?? { outcome: 'done' };
    },
    async setPreference(toolId, preferenceId, value) {
      record('setPreference', [toolId, preferenceId, value]);
      const answer = fake.answers.setPreference?.(toolId, preferenceId, value);
      if (answer) return answer;
      const tool = fake.tools.get(toolId);
      if (!tool) return unknown(toolId);
      const kind = tool.preferences.find((preference) => preference.id === preferenceId)?.kind;
      if (kind === 'secret') {
        const others = tool.secretsSet.filter((id) => id !== preferenceId);
        return changeTool(toolId, { secretsSet: value === null || value === '' ? others : [...others, preferenceId] });
      }
      return changeTool(toolId, { values: { ...tool.values, [preferenceId]: value } });
    },
    async readLog(toolId) { record('readLog', [toolId]); return fake.logs.get(toolId) ?? []; },
    async clearLog(toolId) {
      record('clearLog', [toolId]);
      fake.logs.set(toolId, []);
      fake.emit({ type: 'logCleared', toolId });
      return ok;
    },
    async readTrace(toolId) { record('readTrace', [toolId]); return fake.traces.get(toolId) ?? []; },
    async clearTrace(toolId) { record('clearTrace', [toolId]); fake.traces.set(toolId, []); return ok; },
    async readServiceCalls() { record('readServiceCalls', []); return fake.serviceCalls; },
    async restart(toolId) { record('restart', [toolId]); return changeTool(toolId, { state: 'running', stateReason: undefined }); },
    async stop(toolId) { record('stop', [toolId]); return changeTool(toolId, { state: 'stopped' }); },
    async setLanguage(language) {
      record('setLanguage', [language]);
      const answer = fake.answers.setLanguage?.(language);
      if (answer) return answer;
      fake.info = { ...fake.info, language };
      fake.emit({ type: 'language', language });
      return ok;
    },
    async setSimulatedClipboard(text) {
      record('setSimulatedClipboard', [text]);
      if (fake.info.services !== 'simulated') return { ok: false, problem: 'the services are the system\'s' };
      fake.clipboard = text;
      return ok;
    },
    askField: (...args) => pluginCall('askField', args),
    askThumbnail: (...args) => pluginCall('askThumbnail', args),
    inspect: (...args) => pluginCall('inspect', args),
    convert: (...args) => pluginCall('convert', args),
    page: (...args) => pluginCall('page', args),
    runPluginCommand: (...args) => pluginCall('runPluginCommand', args),
    applyPlan: (...args) => pluginCall('applyPlan', args),
    cancelCall: (...args) => pluginCall('cancelCall', args),
    subscribe(listener) {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
  };

  async function pluginCall<K extends PluginCallName>(name: K, args: HostRequests[K]['args']): Promise<HostRequests[K]['result']> {
    record(name, args);
    const answer = fake.answers[name] as ((...given: HostRequests[K]['args']) => HostRequests[K]['result']) | undefined;
    if (answer) return answer(...args);
    const none = 'the fake host has no plugin to ask';
    if (name === 'applyPlan') return { ok: false, problem: none, steps: [] } as HostRequests[K]['result'];
    if (name === 'cancelCall') return { ok: false, problem: none } as HostRequests[K]['result'];
    return { ok: false, outcome: 'unavailable', message: none } as HostRequests[K]['result'];
  }
  return fake;
}
