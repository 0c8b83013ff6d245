// The record of service calls the simulated services answered (and the plan steps they recorded),
// for the test bed's panel: the latest SERVICE_CALLS_KEPT, each told as it comes.
import type { ServiceCall } from '../../../src-shared/host-api';
import { Emitter } from '../../../src-shared/lifecycle';
import { previewOfParams, SERVICE_CALLS_KEPT } from '../../../src-shared/service-call-preview';

export class ServiceCalls {
  private readonly calls: ServiceCall[] = [];
  private seq = 0;
  private readonly _onDidRecord = new Emitter<ServiceCall>();
  readonly onDidRecord = this._onDidRecord.event;

  record(toolId: string, method: string, params: Record<string, unknown>, result: Record<string, unknown>): void {
    // A preview of the params, never the params whole: a tool may paste a MB with every request.
    const call: ServiceCall = { seq: ++this.seq, time: Date.now(), toolId, method, params: previewOfParams(params) };
    if (Object.keys(result).length > 0) call.result = result;
    this.calls.push(call);
    if (this.calls.length > SERVICE_CALLS_KEPT) this.calls.shift();
    this._onDidRecord.fire(call);
  }

  list(): ServiceCall[] {
    return [...this.calls];
  }

  dispose(): void {
    this._onDidRecord.dispose();
  }
}
