// An in-memory HostApi for testing the test bed's transport without tool processes.
// It keeps tools, logs and traces in maps and fires the events the real host would.
import type {
  CommandOutcome,
  HostApi,
  HostEvent,
  HostInfo,
  InstallVerdict,
  LogLine,
  PreferenceValue,
  Result,
  ServiceCall,
  ToolSummary,
  ToolSummaryFields,
  TraceLine,
  HostRequests,
} from '../../src-shared/host-api';
import type { PlanResult } from '../../src-shared/plugin-api';
import { Emitter, type Disposable } from '../../src-shared/lifecycle';

export const fakeTool = (id: string, changes: Partial<ToolSummaryFields> = {}): ToolSummary => ({
  kind: 'tool',
  id,
  name: { en: id.split('.').pop() ?? id },
  version: '1.0.0',
  publisher: { en: 'Fake' },
  uses: [],
  commands: [{ id: 'hello', title: { en: 'Say hello' }, surfaces: ['window'] }],
  preferences: [],
  values: {},
  secretsSet: [],
  state: 'running',
  runnable: ['hello'],
  folder: `/fake/${id}`,
  loadedInPlace: false,
  start: 'launch',
  ...changes,
});

export class FakeHost implements HostApi {
  private readonly _onEvent = new Emitter<HostEvent>();
  private readonly tools = new Map<string, ToolSummary>();
  private readonly logs = new Map<string, LogLine[]>();
  private readonly traces = new Map<string, TraceLine[]>();
  private readonly serviceCalls: ServiceCall[] = [];
  private language = 'en';
  private seq = 0;
  /** Every request received, in order, as [method, ...args]. */
  readonly received: unknown[][] = [];

  constructor(tools: ToolSummary[] = [fakeTool('com.example.fake')]) {
    for (const tool of tools) this.tools.set(tool.id, tool);
  }

  subscribe(listener: (event: HostEvent) => void): Disposable {
    return this._onEvent.event(listener);
  }

  get listenerCount(): number {
    return this._onEvent.hasListeners ? 1 : 0;
  }

  /** Fires an event as the host would (tests use it to check delivery). */
  fire(event: HostEvent): void {
    this._onEvent.fire(event);
  }

  /** Adds a log line to a tool and fires its event. */
  log(toolId: string, message: string, level: LogLine['level'] = 'info'): LogLine {
    const line: LogLine = { seq: ++this.seq, time: Date.now(), level, source: 'tool', message };
    const lines = this.logs.get(toolId) ?? [];
    lines.push(line);
    this.logs.set(toolId, lines);
    this.fire({ type: 'log', toolId, line });
    return line;
  }

  async info(): Promise<HostInfo> {
    this.received.push(['info']);
    return { language: this.language, services: 'simulated', platform: 'fake', version: '0.0.0' };
  }

  async listTools(): Promise<ToolSummary[]> {
    this.received.push(['listTools']);
    return [...this.tools.values()];
  }

  async installFolder(folder: string): Promise<InstallVerdict> {
    this.received.push(['installFolder', folder]);
    if (!folder.startsWith('/')) return { ok: false, problems: [`folder: ${JSON.stringify(folder)} is not an absolute path`] };
    const tool = fakeTool(`com.example.${folder.split('/').pop() ?? 'tool'}`, { folder });
    this.tools.set(tool.id, tool);
    this.fire({ type: 'tool', tool });
    return { ok: true, tool };
  }

  async uninstall(toolId: string): Promise<Result> {
    this.received.push(['uninstall', toolId]);
    if (!this.tools.delete(toolId)) return this.unknown(toolId);
    this.fire({ type: 'toolRemoved', toolId });
    return { ok: true };
  }

  async runCommand(toolId: string, commandId: string): Promise<CommandOutcome> {
    this.received.push(['runCommand', toolId, commandId]);
    const tool = this.tools.get(toolId);
    if (!tool?.runnable.includes(commandId)) return { outcome: 'unavailable', message: `${commandId} is not runnable` };
    this.log(toolId, `ran ${commandId}`);
    return { outcome: 'done' };
  }

  async setPreference(toolId: string, preferenceId: string, value: PreferenceValue): Promise<Result> {
    this.received.push(['setPreference', toolId, preferenceId, value]);
    const tool = this.tools.get(toolId);
    if (!tool) return this.unknown(toolId);
    const changed = { ...tool, values: { ...tool.values, [preferenceId]: value } };
    this.tools.set(toolId, changed);
    this.fire({ type: 'tool', tool: changed });
    return { ok: true };
  }

  async readLog(toolId: string): Promise<LogLine[]> {
    this.received.push(['readLog', toolId]);
    return this.logs.get(toolId) ?? [];
  }

  async clearLog(toolId: string): Promise<Result> {
    this.received.push(['clearLog', toolId]);
    this.logs.delete(toolId);
    this.fire({ type: 'logCleared', toolId });
    return { ok: true };
  }

  async readTrace(toolId: string): Promise<TraceLine[]> {
    this.received.push(['readTrace', toolId]);
    return this.traces.get(toolId) ?? [];
  }

  async clearTrace(toolId: string): Promise<Result> {
    this.received.push(['clearTrace', toolId]);
    this.traces.delete(toolId);
    return { ok: true };
  }

  async readServiceCalls(): Promise<ServiceCall[]> {
    this.received.push(['readServiceCalls']);
    return this.serviceCalls;
  }

  async setSimulatedClipboard(text: string): Promise<Result> {
    this.received.push(['setSimulatedClipboard', text]);
    return { ok: true };
  }

  // The plugin calls: recorded, and answered as a host with no plugin would.
  askField(...args: HostRequests['askField']['args']) {
    return this.noPlugin('askField', args);
  }
  askThumbnail(...args: HostRequests['askThumbnail']['args']) {
    return this.noPlugin('askThumbnail', args);
  }
  inspect(...args: HostRequests['inspect']['args']) {
    return this.noPlugin('inspect', args);
  }
  convert(...args: HostRequests['convert']['args']) {
    return this.noPlugin('convert', args);
  }
  page(...args: HostRequests['page']['args']) {
    return this.noPlugin('page', args);
  }
  runPluginCommand(...args: HostRequests['runPluginCommand']['args']) {
    return this.noPlugin('runPluginCommand', args);
  }
  async applyPlan(planId: string): Promise<PlanResult> {
    this.received.push(['applyPlan', planId]);
    return { ok: false, problem: `no plan "${planId}"`, steps: [] };
  }
  async cancelCall(callId: string): Promise<Result> {
    this.received.push(['cancelCall', callId]);
    return { ok: false, problem: `no call "${callId}"` };
  }

  private async noPlugin(name: string, args: unknown[]): Promise<{ ok: false; outcome: 'unavailable'; message: string }> {
    this.received.push([name, ...args]);
    return { ok: false, outcome: 'unavailable', message: `no plugin "${String(args[0])}" is installed` };
  }

  async restart(toolId: string): Promise<Result> {
    this.received.push(['restart', toolId]);
    return this.tools.has(toolId) ? { ok: true } : this.unknown(toolId);
  }

  async stop(toolId: string): Promise<Result> {
    this.received.push(['stop', toolId]);
    return this.tools.has(toolId) ? { ok: true } : this.unknown(toolId);
  }

  async setLanguage(language: string): Promise<Result> {
    this.received.push(['setLanguage', language]);
    this.language = language;
    this.fire({ type: 'language', language });
    return { ok: true };
  }

  private unknown(toolId: string): Result {
    return { ok: false, problem: `toolId: no tool ${JSON.stringify(toolId)} is installed` };
  }
}
