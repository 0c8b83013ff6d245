// The service broker: answers a tool's requests through one table,
//   method -> `uses` entry (methods.json) -> params check (messages.schema.json) -> platform call.
// The checks run once, here, before any service: a tool no longer installed gets -32002, a service
// missing from its `uses` -32001 (data.service), params that do not fit -32602. A platform's
// PlatformRefusal becomes -32003/-32004 with its data; anything else a service throws becomes -32603
// for the tool and a line in its log.
import type { PreferenceInfo } from '../../../src-shared/host-api';
import { Emitter } from '../../../src-shared/lifecycle';
import { paramsProblems } from '../../../src-shared/protocol/check-message';
import { methodInfo } from '../../../src-shared/protocol/methods';
import type {
  ClipboardWriteTextParams,
  KeystrokesPasteParams,
  KeystrokesPressMenuItemParams,
  NotifyHudParams,
  OpenUrlParams,
  ProcessesTerminateParams,
  StorageGetParams,
  StorageSetParams,
} from '../../../src-shared/protocol/types';
import { afterward, isPromise, type MaybePromise } from '../../../src-shared/maybe-promise';
import { PlatformRefusal, type Platform } from '../../platform/platform';
import { ErrorCodes, ResponseError } from '../wire/errors';
import { PreferenceRefusal, type ToolPreferences } from './storage';
import { holdsSecret } from '../records/trace';

/** What the broker needs to know of the tool asking. */
export interface BrokerTool {
  readonly id: string;
  readonly uses: readonly string[];
  readonly preferences: readonly PreferenceInfo[];
  /** False once the tool was uninstalled (it may still be stopping): its requests get -32002. */
  readonly installed: boolean;
}

/** A service call that reached the platform (the test bed shows these for the simulated one). */
export interface PlatformCallRecord {
  toolId: string;
  method: string;
  params: Record<string, unknown>;
  /** What the service answered: `{}` for most, `{text}` for clipboard/readText. */
  result: Record<string, unknown>;
}

export interface ServiceFailure {
  toolId: string;
  method: string;
  error: unknown;
}

/** A service's context; its methods are called on it (it is a class: never destructure them). */
interface ServiceContext {
  tool: BrokerTool;
  platform: Platform;
  preferences(): Promise<ToolPreferences>;
  toolOfProcess(pid: number): string | undefined;
}

type Service = (context: ServiceContext, params: never) => MaybePromise<Record<string, unknown>>;

const answered = (): Record<string, unknown> => ({});

/** mailto parameters that name a file for the mail program to attach (attach, attachment, ...). */
const attachesFile = /^attach/i;

const refuseParams = (message: string): ResponseError => new ResponseError(ErrorCodes.InvalidParams, message, { problems: [message] });

const declared = (tool: BrokerTool, id: string): PreferenceInfo => {
  const pref = tool.preferences.find((p) => p.id === id);
  if (pref) return pref;
  const known = tool.preferences.map((p) => `"${p.id}"`).join(', ') || 'none';
  throw refuseParams(`id: unknown preference ${JSON.stringify(id)} (the manifest declares ${known})`);
};

/** The one table: every request a tool may send the app, and what answers it. */
export const services = {
  'notify/hud': ({ platform }, { text, symbol }: NotifyHudParams) => afterward(platform.showHud(text, symbol), answered),
  'notify/beep': ({ platform }) => afterward(platform.beep(), answered),
  'open/url': ({ platform }, { url }: OpenUrlParams) => {
    // The scheme (http, https, mailto) is the schema's rule, checked before any service runs.
    let link: URL;
    try {
      link = new URL(url);
    } catch {
      throw refuseParams(`params.url: ${JSON.stringify(url.slice(0, 200))} is not a link`);
    }
    if (link.protocol === 'mailto:') {
      const attach = [...link.searchParams.keys()].find((name) => attachesFile.test(name));
      if (attach !== undefined) {
        throw refuseParams(`params.url: the mailto parameter ${JSON.stringify(attach.slice(0, 60))} names a file to attach; such links are refused`);
      }
    }
    // The parsed link, never the raw text: no raw newline, tab or space reaches the system's opener.
    return afterward(platform.openUrl(link.href), answered);
  },
  'clipboard/readText': ({ platform }) => afterward(platform.clipboardReadText(), (text) => ({ text })),
  'clipboard/writeText': ({ platform }, { text }: ClipboardWriteTextParams) => afterward(platform.clipboardWriteText(text), answered),
  'keystrokes/paste': ({ platform }, { text }: KeystrokesPasteParams) => afterward(platform.paste(text), answered),
  'keystrokes/pressMenuItem': ({ platform }, { keys }: KeystrokesPressMenuItemParams) => afterward(platform.pressMenuItem(keys), answered),
  'processes/terminate': (context, { pid }: ProcessesTerminateParams) => {
    const { tool, platform } = context;
    // The platform guards the app itself; the tools' processes only the host knows.
    const owner = context.toolOfProcess(pid);
    if (owner !== undefined && owner !== tool.id) {
      throw new PlatformRefusal(-32004, `process ${pid}: belongs to the tool "${owner}"; a tool cannot end another tool's processes`, { pid });
    }
    return afterward(platform.terminateProcess(pid), answered);
  },
  'storage/get': async (context, { id }: StorageGetParams) => {
    const { tool } = context;
    const pref = declared(tool, id);
    const value = (await context.preferences()).get(pref);
    // The answer says it holds a secret, so the trace masks it whatever the request's id.
    return pref.kind === 'secret' ? { value, [holdsSecret]: true } : { value };
  },
  'storage/set': async (context, { id, value }: StorageSetParams) => {
    const { tool } = context;
    declared(tool, id);
    try {
      await (await context.preferences()).set(tool.preferences, id, value);
    } catch (error) {
      if (error instanceof PreferenceRefusal) throw refuseParams(error.message);
      throw error;
    }
    return {};
  },
} satisfies Record<string, Service>;

export type ServiceMethod = keyof typeof services;

export const isServiceMethod = (method: string): method is ServiceMethod => Object.hasOwn(services, method);

/** The `uses` entry a service method needs, from methods.json. */
export const serviceOf = (method: ServiceMethod): string => {
  const uses = methodInfo(method)?.uses;
  if (!uses) throw new Error(`methods.json gives no uses entry for ${method}`);
  return uses;
};

export interface ServiceBrokerOptions {
  platform: Platform;
  /** A tool's preference values (opened on first use). */
  preferencesOf(toolId: string): Promise<ToolPreferences>;
  /** The id of the tool a process belongs to, if any: processes/terminate spares other tools'. */
  toolOfProcess?(pid: number): string | undefined;
}

/** What a service is given: made per call without a closure (the round trip is a hot path). */
class CallContext implements ServiceContext {
  readonly platform: Platform;
  constructor(
    readonly tool: BrokerTool,
    private readonly options: ServiceBrokerOptions,
  ) {
    this.platform = options.platform;
  }
  preferences(): Promise<ToolPreferences> {
    return this.options.preferencesOf(this.tool.id);
  }
  toolOfProcess(pid: number): string | undefined {
    return this.options.toolOfProcess?.(pid);
  }
}

/** A request the broker refused (not a failure inside the app), for the tool's log. */
export interface ServiceRefusal<Tool extends BrokerTool> {
  tool: Tool;
  method: string;
  error: ResponseError;
}

export class ServiceBroker<Tool extends BrokerTool = BrokerTool> {
  private readonly _onDidCallPlatform = new Emitter<PlatformCallRecord>();
  /** A service reached the platform; told once its answer is on its way (see handle). */
  readonly onDidCallPlatform = this._onDidCallPlatform.event;
  private readonly _onDidStore = new Emitter<{ toolId: string; preferenceId: string }>();
  /** A tool stored a preference value (its summary changed). */
  readonly onDidStore = this._onDidStore.event;
  private readonly _onDidRefuse = new Emitter<ServiceRefusal<Tool>>();
  /** A request was refused: not installed, not in `uses`, params that do not fit, a platform's refusal. */
  readonly onDidRefuse = this._onDidRefuse.event;
  private readonly _onDidFail = new Emitter<ServiceFailure>();
  /** A service broke (not a refusal): the tool got -32603, its log should say why. */
  readonly onDidFail = this._onDidFail.event;

  constructor(private readonly options: ServiceBrokerOptions) {}

  /**
   * Answers one request from a tool: the result, or a promise of it; a refusal is a promise
   * rejected with a ResponseError, never a throw. A service that answers at once (the simulated
   * platform's) is answered at once: the tool's answer leaves in the turn its request came, with no
   * turn of the microtask queue between (the round trip is a hot path).
   */
  handle(tool: Tool, method: string, params: unknown): MaybePromise<Record<string, unknown>> {
    const given = params ?? {};
    let service: string;
    let result: MaybePromise<Record<string, unknown>>;
    try {
      service = this.admit(tool, method, params);
      result = (services[method as ServiceMethod] as Service)(new CallContext(tool, this.options), given as never);
    } catch (error) {
      return Promise.reject(this.failure(tool, method, error));
    }
    if (!isPromise(result)) return this.answered(tool, method, service, given, result);
    return result.then(
      (settled) => this.answered(tool, method, service, given, settled),
      (error: unknown) => {
        throw this.failure(tool, method, error);
      },
    );
  }

  dispose(): void {
    this._onDidCallPlatform.dispose();
    this._onDidStore.dispose();
    this._onDidRefuse.dispose();
    this._onDidFail.dispose();
  }

  /** The checks before any service runs; gives the `uses` entry, or throws the refusal. */
  private admit(tool: Tool, method: string, params: unknown): string {
    if (!isServiceMethod(method)) throw new ResponseError(ErrorCodes.MethodNotFound, `unknown method "${method.slice(0, 100)}"`);
    if (!tool.installed) throw new ResponseError(ErrorCodes.ToolNotInstalled, `tool "${tool.id}" is not installed`);
    const service = serviceOf(method);
    if (!tool.uses.includes(service)) throw new ResponseError(ErrorCodes.ServiceNotDeclared, `service "${service}" is not in the tool's uses`, { service });
    const problems = paramsProblems(method, params);
    if (problems.length > 0) throw new ResponseError(ErrorCodes.InvalidParams, problems.join('; '), { problems });
    return service;
  }

  private answered(tool: Tool, method: string, service: string, given: unknown, result: Record<string, unknown>): Record<string, unknown> {
    if (service !== 'storage' && this._onDidCallPlatform.hasListeners) {
      // Told after this turn's work, the answer's write among it: the record is not the tool's to wait for.
      const call: PlatformCallRecord = { toolId: tool.id, method, params: given as Record<string, unknown>, result };
      process.nextTick(() => this._onDidCallPlatform.fire(call));
    }
    if (method === 'storage/set') this._onDidStore.fire({ toolId: tool.id, preferenceId: (given as StorageSetParams).id });
    return result;
  }

  /** What the tool is answered when a request did not succeed: a refusal as it is, anything else -32603. */
  private failure(tool: Tool, method: string, error: unknown): ResponseError {
    if (error instanceof ResponseError) return this.refused(tool, method, error);
    if (error instanceof PlatformRefusal) return this.refused(tool, method, new ResponseError(error.code, error.message, error.data));
    this._onDidFail.fire({ toolId: tool.id, method, error });
    return new ResponseError(ErrorCodes.InternalError, `the app could not do ${method}`);
  }

  private refused(tool: Tool, method: string, error: ResponseError): ResponseError {
    this._onDidRefuse.fire({ tool, method, error });
    return error;
  }
}
