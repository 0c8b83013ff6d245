// The app's services as the check answers them: the host's own broker (uses, params, -32001 for a
// service not declared) over the simulated platform and a preference store in the run's temporary
// folder. Every request is kept with its line, so the checks can name the ones that broke a rule.
import type { PreferenceInfo, PreferenceValue } from '../../src-shared/host-api';
import type { Disposable } from '../../src-shared/lifecycle';
import type { Manifest, PreferenceChange } from '../../src-shared/protocol/types';
import { ServiceBroker, type BrokerTool } from '../host/tools/broker';
import { ErrorCodes, ResponseError } from '../host/wire/errors';
import { PreferenceStore } from '../host/tools/storage';
import { SimulatedPlatform } from '../platform/simulated';
import type { ReceivedLine, WireRecord } from './wire-record';

export interface ServiceRequest {
  method: string;
  line?: ReceivedLine;
  /** The refusal answered, when one was. */
  refusal?: { code: number; message: string };
}

const REQUESTS_KEPT = 1_000;

/** What the clipboard holds during a check: text, so a tool that reads it is judged on its success path. */
export const CHECK_CLIPBOARD_TEXT = 'Text on the clipboard, put there by vitruvian-tool check';

export class SimulatedServices implements Disposable {
  readonly requests: ServiceRequest[] = [];
  readonly platform = new SimulatedPlatform({ clipboard: CHECK_CLIPBOARD_TEXT });
  private readonly store: PreferenceStore;
  private readonly broker: ServiceBroker;
  private readonly tool: BrokerTool;

  constructor(
    manifest: Manifest,
    appFolder: string,
    /** Where a request refused for params that do not fit is kept, among the messages that break the schema. */
    private readonly record: WireRecord,
  ) {
    this.store = new PreferenceStore(appFolder);
    this.broker = new ServiceBroker({ platform: this.platform, preferencesOf: (id) => this.store.open(id) });
    this.tool = {
      id: manifest.id,
      uses: manifest.uses ?? [],
      preferences: preferenceInfos(manifest),
      installed: true,
    };
  }

  /** Answers one request of the tool as the host would; keeps it and its answer. */
  async answer(method: string, params: unknown, line: ReceivedLine | undefined): Promise<unknown> {
    const request: ServiceRequest = { method, ...(line ? { line } : {}) };
    if (this.requests.length < REQUESTS_KEPT) this.requests.push(request);
    try {
      return await this.broker.handle(this.tool, method, params);
    } catch (error) {
      if (error instanceof ResponseError) {
        request.refusal = { code: error.code, message: error.message };
        if (error.code === ErrorCodes.InvalidParams) this.record.refusedParams(line, error.message);
      }
      throw error;
    }
  }

  /**
   * Changes each preference the person could change in Settings (those with a title) to another
   * value that fits it, stores it as the app would, and returns the changes to announce.
   */
  async changePreferences(): Promise<PreferenceChange[]> {
    const values = await this.store.open(this.tool.id);
    const changes: PreferenceChange[] = [];
    for (const pref of this.tool.preferences) {
      if (!pref.title) continue;
      const value = anotherValue(pref, values.get(pref));
      try {
        await values.set(this.tool.preferences, pref.id, value);
        changes.push({ id: pref.id, value });
      } catch {
        // A value the store refuses is one the app would never announce.
      }
    }
    return changes;
  }

  dispose(): void {
    this.broker.dispose();
    this.platform.dispose();
  }
}

export const isRefusalOfUses = (code: number): boolean => code === ErrorCodes.ServiceNotDeclared || code === ErrorCodes.MethodNotFound;

function preferenceInfos(manifest: Manifest): PreferenceInfo[] {
  return (manifest.preferences ?? []).map((pref) => ({
    id: pref.id,
    kind: pref.kind,
    ...(pref.title ? { title: pref.title } : {}),
    ...(pref.default !== undefined ? { default: pref.default } : {}),
    ...(pref.options ? { options: pref.options } : {}),
  }));
}

function anotherValue(pref: PreferenceInfo, current: PreferenceValue): PreferenceValue {
  switch (pref.kind) {
    case 'boolean':
      return current !== true;
    case 'number':
      return typeof current === 'number' ? current + 1 : 1;
    case 'choice':
      return (pref.options ?? []).find((option) => option.value !== current)?.value ?? current;
    case 'secret':
      return 'a secret set by vitruvian-tool check';
    case 'text':
      return 'text set by vitruvian-tool check';
  }
}
