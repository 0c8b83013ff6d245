// What the fake host holds, made in one line by a test: a tool or a Skwir plugin as the host lists it,
// and log lines. Test-only, beside fake-host.ts, and as pure as src-shared (see there why it lives here).
import type { EntrySummaryFields, LogLine, PluginDetails, PluginSummary, ToolSummary } from '../host-api';

type Fields<Summary> = Partial<Omit<Summary, 'kind'>> & { id: string };

/** What every entry has, from its id: its name is the id's last part. */
const entryFields = (id: string): EntrySummaryFields => ({
  id,
  name: { en: id.split('.').pop() ?? id },
  version: '1.0.0',
  state: 'running',
  folder: `/tools/${id}`,
  loadedInPlace: false,
});

/** A running tool with the given fields, and every command runnable. */
export function makeTool(fields: Fields<ToolSummary>): ToolSummary {
  return {
    kind: 'tool',
    ...entryFields(fields.id),
    publisher: { en: 'Acme' },
    uses: [],
    commands: [],
    preferences: [],
    values: {},
    secretsSet: [],
    runnable: (fields.commands ?? []).map((command) => command.id),
    start: 'launch',
    ...fields,
  };
}

/** A Skwir plugin as the host lists it, idle until its first call. */
export function makePlugin(fields: Omit<Fields<PluginSummary>, 'plugin'>, plugin: Partial<PluginDetails> = {}): PluginSummary {
  return {
    kind: 'plugin',
    ...entryFields(fields.id),
    state: 'idle',
    ...fields,
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
