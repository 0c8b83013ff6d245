// What the window is shown of the services: the record of calls the simulated services answered
// (and the plan steps they recorded), the simulated clipboard and the selection, and a plugin's text
// answer put on the clipboard. A tool's secret is hidden in each, as in its trace and its log.
import type { FileSelection, HostEvent, HostRequests, Result, ServiceCall } from '../../src-shared/host-api';
import { noFileSelection, type FileSelectionSource, type Platform } from '../platform/platform';
import { SimulatedPlatform } from '../platform/simulated';
import type { EntryList } from './entries/entry-list';
import { maskSecretValues } from './records/secret-text';
import { ServiceCalls } from './records/service-calls';

export interface ServicesShownOptions {
  platform: Platform;
  services: 'simulated' | 'system';
  /** The files the person selected; by default the simulated platform's, or none. */
  fileSelection?: FileSelectionSource;
}

/** What a request about the simulated clipboard or selection answers with the system's services. */
const systemClipboard = "the services are the system's: the clipboard is the real one, which the app never fills by itself";

export class ServicesShown {
  private readonly calls = new ServiceCalls();
  private readonly selection: FileSelectionSource;
  /** The test bed's platform, when the services are simulated. */
  private readonly simulated: SimulatedPlatform | undefined;

  constructor(
    private readonly options: ServicesShownOptions,
    private readonly entries: EntryList,
    tell: (event: HostEvent) => void,
  ) {
    const simulatedPlatform = options.platform instanceof SimulatedPlatform ? options.platform : undefined;
    this.simulated = options.services === 'simulated' ? simulatedPlatform : undefined;
    this.selection = options.fileSelection ?? simulatedPlatform ?? noFileSelection;
    this.calls.onDidRecord((call) => tell({ type: 'serviceCall', call }));
    simulatedPlatform?.onDidChangeClipboard((text) => tell({ type: 'clipboard', text: this.shownClipboard(text) }));
  }

  list(): ServiceCall[] {
    return this.calls.list();
  }

  /** A call the simulated services answered (or a plan step they recorded), for the test bed's panel. */
  record(toolId: string, method: string, params: Record<string, unknown>, result: Record<string, unknown>): void {
    // A secret the tool read and pastes is hidden there, as in its trace and its log.
    const secrets = this.secretsOf(toolId);
    this.calls.record(toolId, method, maskSecretValues(params, secrets), maskSecretValues(result, secrets));
  }

  /** A plugin's text answer, put on the clipboard through the platform as a tool's clipboard/writeText is, and recorded the same way. */
  async putOnClipboard(pluginId: string, text: string): Promise<string | undefined> {
    try {
      await this.options.platform.clipboardWriteText(text);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    if (this.options.services === 'simulated') this.record(pluginId, 'clipboard/writeText', { text }, {});
    return undefined;
  }

  setSimulatedClipboard(text: string): Result {
    if (!this.simulated) return { ok: false, problem: systemClipboard };
    this.simulated.setClipboardText(text);
    for (const entry of this.entries.all()) if (entry.kind === 'tool') entry.recording.clipboard(text);
    return { ok: true };
  }

  readSimulatedClipboard(): HostRequests['readSimulatedClipboard']['result'] {
    if (!this.simulated) return { ok: false, problem: "the services are the system's: the clipboard is the real one, which the window does not read" };
    return { ok: true, text: this.shownClipboard(this.simulated.clipboardText) };
  }

  async fileSelection(): Promise<FileSelection> {
    try {
      return await this.selection.fileSelection();
    } catch (error) {
      return { ok: false, reason: 'failed', problem: `the selection could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  setSimulatedSelection(paths: string[]): Result {
    if (!this.simulated) return { ok: false, problem: "the services are the system's: the selection is the Finder's, which the app never sets" };
    this.simulated.setFileSelection(paths);
    return { ok: true };
  }

  dispose(): void {
    this.calls.dispose();
  }

  /** The simulated clipboard as the window shows it: a tool's secret put there is hidden, as in the services panel. */
  private shownClipboard(text: string | null): string | null {
    if (text === null) return null;
    const secrets = this.entries.all().flatMap((tool) => (tool.kind === 'tool' ? tool.secretTexts() : []));
    return maskSecretValues(text, secrets);
  }

  private secretsOf(toolId: string): readonly string[] {
    const tool = this.entries.get(toolId);
    return tool?.kind === 'tool' ? tool.secretTexts() : [];
  }
}
