// A HostApi for the Electron side's tests: records calls, answers fixed results, fires events.
import { Emitter } from '../../src-shared/lifecycle';
import type { HostApi, HostEvent, ToolSummary, ToolSummaryFields } from '../../src-shared/host-api';

export interface RecordingHost extends HostApi {
  calls: { name: string; args: unknown[] }[];
  tools: ToolSummary[];
  fire(event: HostEvent): void;
  readonly listening: boolean;
}

const noPlugin = { ok: false as const, outcome: 'unavailable' as const, message: 'no plugin here' };

export function recordingHost(tools: ToolSummary[] = []): RecordingHost {
  const events = new Emitter<HostEvent>();
  const calls: { name: string; args: unknown[] }[] = [];
  const record = <T>(name: string, answer: T) => async (...args: unknown[]) => {
    calls.push({ name, args });
    return answer;
  };
  const host: RecordingHost = {
    calls,
    tools,
    info: record('info', { language: 'en', services: 'system' as const, platform: 'darwin', version: '0.1.0' }),
    listTools: async () => {
      calls.push({ name: 'listTools', args: [] });
      return host.tools;
    },
    installFolder: record('installFolder', { ok: false as const, problems: ['not a tool'] }),
    uninstall: record('uninstall', { ok: true as const }),
    runCommand: record('runCommand', { outcome: 'done' as const }),
    setPreference: record('setPreference', { ok: true as const }),
    readLog: record('readLog', []),
    clearLog: record('clearLog', { ok: true as const }),
    readTrace: record('readTrace', []),
    clearTrace: record('clearTrace', { ok: true as const }),
    readServiceCalls: record('readServiceCalls', []),
    restart: record('restart', { ok: true as const }),
    stop: record('stop', { ok: true as const }),
    setLanguage: record('setLanguage', { ok: true as const }),
    setSimulatedClipboard: record('setSimulatedClipboard', { ok: true as const }),
    askField: record('askField', noPlugin),
    askThumbnail: record('askThumbnail', noPlugin),
    inspect: record('inspect', noPlugin),
    convert: record('convert', noPlugin),
    page: record('page', noPlugin),
    runPluginCommand: record('runPluginCommand', noPlugin),
    applyPlan: record('applyPlan', { ok: false as const, problem: 'no plan', steps: [] }),
    cancelCall: record('cancelCall', { ok: true as const }),
    subscribe: (listener) => events.event(listener),
    fire: (event) => events.fire(event),
    get listening() {
      return events.hasListeners;
    },
  };
  return host;
}

export function toolSummary(overrides: Partial<ToolSummaryFields> & { id: string }): ToolSummary {
  return {
    kind: 'tool',
    name: { en: overrides.id },
    version: '1.0.0',
    publisher: { en: 'Acme' },
    uses: [],
    commands: [],
    preferences: [],
    values: {},
    secretsSet: [],
    state: 'running',
    runnable: [],
    folder: `/tools/${overrides.id}`,
    loadedInPlace: false,
    start: 'launch',
    ...overrides,
  };
}
