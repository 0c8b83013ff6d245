// The HostApi's plugin calls (docs/design/architecture.md): each judged against the plugin's manifest, sent
// through its queue under the id the window gave it (so cancelCall reaches it), answered from the
// plugin's cache where a conversion or a page is kept, and a command's plan kept under an id so that
// applyPlan applies that plan, as the plugin gave it, once a person confirmed it.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Result } from '../../../src-shared/host-api';
import type {
  CallBytes,
  CheckedAnswers,
  InspectRequest,
  PageRequest,
  PlanResult,
  PluginAnswer,
  ShownCommandAnswer,
  ShownPlan,
  ShownConversion,
  ShownText,
} from '../../../src-shared/plugin-api';
import { askProblems } from '../../../src-shared/skwir/asking';
import { mimeOf } from '../../../src-shared/skwir/file-types';
import type { CallMethod } from '../../../src-shared/skwir/methods';
import type { PluginManifest } from '../../../src-shared/skwir/plugin-manifest';
import type { Capability, PlanStep } from '../../../src-shared/skwir/types';
import type { Platform } from '../../platform/platform';
import type { PlanSight } from './plan-sight';
import { applyPlanSteps, lookAtPlan, type ResolvedStep } from './plan-steps';
import type { CallOutcome, CallRequest } from './plugin-supervisor';
import type { CacheEntry, PluginCache } from './plugin-cache';
import type { ConvertedFiles } from './converted-files';
import { decodedDataOf } from '../wire/answer-data';

/** What the plugin calls need of a plugin the host holds. */
export interface AskedPlugin {
  readonly id: string;
  readonly manifest: PluginManifest;
  readonly granted: readonly Capability[];
  /** A digest of its installed folder: what the cache keys its answers on; undefined, nothing is kept. */
  copyDigest(): Promise<string | undefined>;
  call<M extends CallMethod>(request: CallRequest<M>): Promise<CallOutcome<M>>;
}

export interface PluginRequestsContext {
  /** The plugin by id, or why there is none to ask. */
  plugin(pluginId: string): AskedPlugin | string;
  cache: PluginCache;
  /** The converted files the window is shown by URL. */
  converted: ConvertedFiles;
  platform: Platform;
  simulated: boolean;
  /** A plan step recorded instead of done (simulated services): for the services panel. */
  recordStep(pluginId: string, step: ResolvedStep): void;
  /**
   * Puts a command's text answer on the clipboard as a tool's clipboard/writeText does (the
   * platform's, recorded as a service call when simulated); why not, when it could not.
   */
  putOnClipboard(pluginId: string, text: string): Promise<string | undefined>;
}

/** Plans kept for applyPlan; the oldest go first. */
const PLANS_KEPT = 100;
/** Calls in flight at once, by their window's ids. */
const CALLS_IN_FLIGHT = 10_000;

const unavailable = (message: string): PluginAnswer<never> => ({ ok: false, outcome: 'unavailable', message });

/**
 * A plan as the window gets it names its files by their place among the call's (from 1), as
 * ShownPlan.files lists them: the handles the plugin named them by run on from its earlier calls.
 */
function filesByPlace<A>(answer: A, first: number): A {
  // Most answers are no plan, and some are null (nothing to show for the file).
  const plan = answer as { answer?: unknown; steps?: PlanStep[] } | null;
  if (first === 1 || plan === null || plan.answer !== 'plan' || !plan.steps) return answer;
  return { ...answer, steps: plan.steps.map((step) => ('file' in step ? { ...step, file: step.file - first + 1 } : step)) };
}

function shown<M extends CallMethod>(outcome: CallOutcome<M>): PluginAnswer<CheckedAnswers[M]> {
  if (outcome.outcome === 'answered') return { ok: true, answer: outcome.answer, ms: outcome.ms, cached: false };
  return {
    ok: false,
    outcome: outcome.outcome,
    message: outcome.message,
    ...('malformed' in outcome && outcome.malformed ? { malformed: true as const } : {}),
    ...('reasonCode' in outcome && outcome.reasonCode ? { reasonCode: outcome.reasonCode } : {}),
  };
}

export class PluginRequests {
  private readonly inFlight = new Map<string, { controller: AbortController; bytes: CallBytes }>();
  private readonly plans = new Map<string, { pluginId: string; plan: ShownPlan; sight: PlanSight }>();

  constructor(private readonly context: PluginRequestsContext) {}

  field(pluginId: string, callId: string, path: string, key: string) {
    return this.call(pluginId, callId, 'field', { key }, [path]);
  }

  thumbnail(pluginId: string, callId: string, path: string, size: number) {
    return this.call(pluginId, callId, 'thumbnail', { size }, [path]);
  }

  inspect(pluginId: string, callId: string, path: string, request: InspectRequest) {
    const params: Record<string, unknown> = {};
    for (const key of ['offset', 'query', 'source', 'target'] as const) if (request[key] !== undefined) params[key] = request[key];
    return this.call(pluginId, callId, 'inspect', params, [path]);
  }

  /**
   * A conversion, served by URL (converted-files.ts): the plugin's base64 is decoded once, into the
   * cache (or a loose copy when nothing is cached), and the window gets a token for those bytes.
   */
  async convert(pluginId: string, callId: string, path: string): Promise<PluginAnswer<ShownConversion | null>> {
    const plugin = this.context.plugin(pluginId);
    if (typeof plugin === 'string') return unavailable(plugin);
    const entry = await this.cacheEntry(plugin, path);
    const kept = await entry?.convert();
    if (kept) {
      const shown = kept.answer && (await this.context.converted.offer(kept.answer.file, kept.answer.name));
      // A kept file gone between the look and the offer is asked again, below.
      if (shown !== undefined) return { ok: true, answer: shown, ms: 0, cached: true };
    }
    // A long answer's base64 is decoded from the line's bytes, never made text (docs/design/wire.md).
    const answer = await this.call(pluginId, callId, 'convert', {}, [path], { dataAsBytes: true });
    if (!answer.ok) return answer;
    if (answer.answer === null) {
      await entry?.keepConvert(null);
      return { ...answer, answer: null };
    }
    const decoded = decodedDataOf(answer.answer);
    const { name } = answer.answer;
    const data = decoded?.bytes ?? answer.answer.data;
    try {
      const file = await entry?.keepConvert({ name, data });
      const shown = (file && (await this.context.converted.offer(file.file, name))) ?? (await this.context.converted.offerLoose(data, name));
      if (!shown) return { ok: false, outcome: 'failed', message: `the converted file "${name}" could not be kept to be shown` };
      return { ...answer, answer: shown };
    } finally {
      decoded?.letGo();
    }
  }

  /** The window no longer shows a converted file. */
  async releaseConverted(token: string): Promise<Result> {
    return (await this.context.converted.release(token)) ? { ok: true } : { ok: false, problem: 'no converted file is served under this token' };
  }

  async page(pluginId: string, callId: string, path: string, request: PageRequest): Promise<PluginAnswer<CheckedAnswers['page']>> {
    const plugin = this.context.plugin(pluginId);
    if (typeof plugin === 'string') return unavailable(plugin);
    const text = request.text ?? false;
    const entry = await this.cacheEntry(plugin, path);
    const kept = await entry?.page(request.page, request.side, text);
    if (kept && 'answer' in kept) return { ok: true, answer: kept.answer, ms: 0, cached: true };
    // Only what is missing is asked: a picture kept at this side is not drawn again, nor text read again.
    const asked = kept ? kept.ask : { side: request.side, text };
    const answer = await this.call(pluginId, callId, 'page', { page: request.page, side: asked.side, text: asked.text }, [path]);
    if (!answer.ok || !entry) return answer;
    await entry.keepPage(request.page, asked, answer.answer);
    const whole = await entry.page(request.page, request.side, text);
    return 'answer' in whole ? { ...answer, answer: whole.answer } : answer;
  }

  async command(pluginId: string, callId: string, command: string, args: unknown, paths: string[]): Promise<PluginAnswer<ShownCommandAnswer>> {
    const answer = await this.call(pluginId, callId, 'command', args === undefined ? { command } : { command, args }, paths);
    if (!answer.ok) return answer;
    if (answer.answer.answer === 'text') {
      const problem = await this.context.putOnClipboard(pluginId, answer.answer.text);
      const text: ShownText =
        problem === undefined ? { ...answer.answer, onClipboard: true } : { ...answer.answer, onClipboard: false, clipboardProblem: problem };
      return { ...answer, answer: text };
    }
    if (answer.answer.answer !== 'plan') return { ...answer, answer: answer.answer };
    const plan: ShownPlan = { ...answer.answer, planId: randomUUID(), files: [...paths] };
    // Kept apart from what the window is given, with the files and folders as they are now: Apply
    // acts on the steps shown, on what was shown.
    const kept: ShownPlan = { ...plan, steps: structuredClone(plan.steps), files: [...paths] };
    this.plans.set(plan.planId, { pluginId, plan: kept, sight: await lookAtPlan(kept.steps, kept.files) });
    if (this.plans.size > PLANS_KEPT) this.plans.delete(this.plans.keys().next().value as string);
    return { ...answer, answer: plan };
  }

  async applyPlan(planId: string): Promise<PlanResult> {
    const kept = this.plans.get(planId);
    if (!kept) return { ok: false, problem: `no plan "${planId.slice(0, 100)}" is waiting to be applied (it was applied already, or is too old)`, steps: [] };
    this.plans.delete(planId);
    const plugin = this.context.plugin(kept.pluginId);
    if (typeof plugin === 'string') return { ok: false, problem: plugin, steps: [] };
    if (!plugin.granted.includes('write')) return { ok: false, problem: `the plugin "${kept.pluginId}" is not granted write, which a plan needs`, steps: [] };
    return applyPlanSteps({
      steps: kept.plan.steps,
      files: kept.plan.files,
      sight: kept.sight,
      platform: this.context.platform,
      simulated: this.context.simulated,
      record: (step) => this.context.recordStep(kept.pluginId, step),
    });
  }

  cancel(callId: string): Result {
    const call = this.inFlight.get(callId);
    if (!call) return { ok: false, problem: `no call "${callId.slice(0, 100)}" is waiting for its answer` };
    call.controller.abort();
    return { ok: true };
  }

  /** How far a call waiting for its answer has read its files (a plugin may read a byte twice: never past their size). */
  /** Drops what the cache keeps of the file as it is now for this copy of the plugin: the next view asks the plugin. */
  async forget(pluginId: string, path: string): Promise<Result> {
    const plugin = this.context.plugin(pluginId);
    if (typeof plugin === 'string') return { ok: false, problem: plugin };
    await (await this.cacheEntry(plugin, path))?.drop();
    return { ok: true };
  }

  progress(callId: string): CallBytes | null {
    const bytes = this.inFlight.get(callId)?.bytes;
    return bytes ? { read: Math.min(bytes.read, bytes.size), size: bytes.size } : null;
  }

  /** The cache's entry for this file and this installed copy of the plugin; none when the copy has no digest. */
  private async cacheEntry(plugin: AskedPlugin, path: string): Promise<CacheEntry | undefined> {
    const copy = await plugin.copyDigest();
    return copy === undefined ? undefined : this.context.cache.entry(plugin.id, copy, path);
  }

  private async call<M extends CallMethod>(
    pluginId: string,
    callId: string,
    method: M,
    params: Record<string, unknown>,
    paths: string[],
    asked: Pick<CallRequest, 'dataAsBytes'> = {},
  ): Promise<PluginAnswer<CheckedAnswers[M]>> {
    const plugin = this.context.plugin(pluginId);
    if (typeof plugin === 'string') return unavailable(plugin);
    if (callId === '') return { ok: false, outcome: 'failed', message: 'callId: empty; give each call an id of its own' };
    if (this.inFlight.has(callId))
      return { ok: false, outcome: 'failed', message: `callId: "${callId.slice(0, 100)}" is the id of a call still waiting for its answer` };
    if (this.inFlight.size >= CALLS_IN_FLIGHT) return { ok: false, outcome: 'failed', message: `${CALLS_IN_FLIGHT} calls are waiting already` };
    const files = paths.map((path) => {
      const mime = mimeOf(basename(path));
      return { name: basename(path), ...(mime ? { mime } : {}) };
    });
    const problems = askProblems(plugin.manifest, method, params, files);
    if (problems.length > 0) return { ok: false, outcome: 'failed', message: problems.join('; ') };
    const controller = new AbortController();
    const bytes: CallBytes = { read: 0, size: 0 };
    this.inFlight.set(callId, { controller, bytes });
    try {
      const outcome = await plugin.call({ method, params, files: paths, signal: controller.signal, bytes, ...asked });
      return shown(outcome.outcome === 'answered' ? { ...outcome, answer: filesByPlace(outcome.answer, outcome.files.first) } : outcome);
    } finally {
      this.inFlight.delete(callId);
    }
  }
}
