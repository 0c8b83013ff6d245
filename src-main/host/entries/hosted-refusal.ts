// A folder loaded in place that was refused at its first load and never valid since, as the host
// lists it: under what could be read of its manifest, refused with its problems, with a log of its
// own and nothing to start, run or ask. A reload that finds it valid puts the tool (or plugin) in
// its place, which takes over its log and trace.
import type { Problem } from '../../../src-shared/protocol/problem-reasons';
import type { CommandOutcome, EntrySummary, PluginDetails, StateReasonCode, ToolState } from '../../../src-shared/host-api';
import { Emitter } from '../../../src-shared/lifecycle';
import type { ToolLog } from '../records/logs';
import { reasonText, unavailable } from '../process/reasons';
import type { RefusedFolder } from '../installs/refused-folder';
import type { ToolTrace } from '../records/trace';
import { commonSummary, logRefusal, refusal, type HostedEntry } from './hosted-entry';

/** What a refused plugin's folder declares, as far as the window is told: nothing was read. */
const nothingDeclared: PluginDetails = { api: 1, transport: 'program', capabilities: [], fields: [], previews: [], commands: [] };

export class HostedRefusal implements HostedEntry {
  readonly kind = 'refused';
  private readonly _onDidChange = new Emitter<void>();
  readonly onDidChange = this._onDidChange.event;
  installed = true;
  readonly processes: readonly number[] = [];

  constructor(
    private folderRead: RefusedFolder,
    private problems: Problem[],
    readonly log: ToolLog,
    readonly trace: ToolTrace,
  ) {}

  get id(): string {
    return this.folderRead.id;
  }
  /** The folder this stands for, as read. */
  get refusedFolder(): RefusedFolder {
    return this.folderRead;
  }
  get folder(): string {
    return this.folderRead.folder;
  }
  get loadedInPlace(): true {
    return true;
  }
  get state(): ToolState {
    return 'refused';
  }
  get stateReasonCode(): StateReasonCode {
    return refusal(this.problems);
  }
  get stateReason(): string {
    return reasonText(this.stateReasonCode, this.folderRead.kind);
  }

  // Nothing runs: there is nothing to start, stop, restart or tell.
  async start(): Promise<void> {}
  async restart(): Promise<void> {}
  async stop(): Promise<void> {}
  startIfLaunch(): void {}
  languageChanged(): void {}
  async runCommand(): Promise<CommandOutcome> {
    return unavailable(this.stateReasonCode);
  }

  /** Refused again (a reload that still fails), with what can now be read of it. */
  async refuse(problems: Problem[], folderRead?: RefusedFolder): Promise<void> {
    this.problems = problems;
    if (folderRead) this.folderRead = folderRead;
    logRefusal(this.log, problems);
    this.changed();
  }

  /** A plugin's folder as a plugin that declares nothing; a tool's with what could be read of its publisher and start, and nothing to run. */
  summary(): EntrySummary {
    const read = this.folderRead;
    const common = commonSummary(this, { name: read.name, version: read.version, description: read.description, problems: this.problems });
    if (read.kind === 'plugin') return { kind: 'plugin', ...common, plugin: nothingDeclared };
    return {
      kind: 'tool',
      ...common,
      publisher: read.publisher,
      uses: [],
      commands: [],
      preferences: [],
      values: {},
      secretsSet: [],
      runnable: [],
      start: read.start,
    };
  }

  changed(): void {
    this._onDidChange.fire();
  }

  async dispose(): Promise<void> {
    this._onDidChange.dispose();
  }
}
