// What the fake host holds, made in one line by a test: a tool or a Skwir plugin as the host lists it,
// and log lines. Test-only, beside fake-host.ts, and as pure as src-shared (see there why it lives here).
import type { LogLine, PluginDetails, ToolSummary, ToolSummaryFields } from '../host-api';

/** A running tool with the given fields; its name is the id's last part, and every command is runnable. */
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
export function makePlugin(fields: Partial<ToolSummaryFields> & { id: string }, plugin: Partial<PluginDetails> = {}): Extract<ToolSummary, { kind: 'plugin' }> {
  const tool = makeTool({ state: 'idle', start: 'demand', publisher: { en: '' }, ...fields });
  return {
    ...tool,
    kind: 'plugin',
    plugin: { api: 1, transport: 'program', capabilities: ['read'], fields: [], previews: [], commands: [], ...plugin },
  };
}

/** `count` log lines of the tool's, numbered from `from`, the four levels in turn. */
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
