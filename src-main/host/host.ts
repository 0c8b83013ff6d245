// The host core behind HostApi: registry + supervisors + broker + storage + logs.
// Contract only for now; the implementation lands with the host core.
import type { HostApi, InstallVerdict } from '../../src-shared/host-api';
import type { Platform } from '../platform/platform';

export interface HostOptions {
  /** The app's data folder: installed tools, their data folders, preferences, logs. */
  dataFolder: string;
  platform: Platform;
  services: 'simulated' | 'system';
  language?: string;
}

export interface Host extends HostApi {
  /** Load a tool folder in place (test bed), without copying it; re-validated on reload(). */
  loadInPlace(folder: string): Promise<InstallVerdict>;
  /** Re-read a folder loaded in place after its files changed. */
  reload(folder: string): Promise<InstallVerdict>;
  /** Stop every tool by the stop sequence and release everything. */
  dispose(): Promise<void>;
}

export declare function createHost(options: HostOptions): Promise<Host>;
