// The browser test bed: a host with tool folders loaded in place (and reloaded when their files
// change), served with the built window on one loopback port.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { InstallVerdict } from '../../src-shared/host-api';
import { DisposableStore } from '../../src-shared/lifecycle';
import type { Host, HostOptions } from '../host/host';
import type { Platform } from '../platform/platform';
import { watchFolder } from './folder-watch';
import { defaultRendererDir } from './renderer-build';
import { startTestbedServer } from './server';

export interface TestbedOptions {
  folders: string[];
  port: number;
  services: 'simulated' | 'system';
  /** The app's data folder; a fresh temporary one (removed at close) when absent. */
  dataFolder?: string;
  language?: string;
  rendererDir?: string;
  /** Lines for the person running the test bed (what loaded, what a reload found). */
  report: (line: string) => void;
  createHost: (options: HostOptions) => Promise<Host>;
  createPlatform: (services: 'simulated' | 'system') => Promise<Platform>;
  /** How long a folder's changes settle before it is reloaded. */
  settleMs?: number;
}

export interface Testbed {
  readonly url: string;
  readonly port: number;
  readonly dataFolder: string;
  readonly host: Host;
  /** Stops every tool, the server and the watches; removes a temporary data folder. */
  close(): Promise<void>;
}

export const verdictLines = (folder: string, verdict: InstallVerdict): string[] =>
  verdict.ok
    ? [`loaded ${folder}: ${verdict.tool.id} ${verdict.tool.version}`, ...(verdict.tool.warnings ?? []).map((warning) => `  warning: ${warning}`)]
    : [`refused ${folder}:`, ...verdict.problems.map((problem) => `  ${problem.text}`)];

export async function startTestbed(options: TestbedOptions): Promise<Testbed> {
  const temporary = options.dataFolder === undefined;
  const dataFolder = options.dataFolder ?? (await mkdtemp(join(tmpdir(), 'vitruvian-testbed-')));
  const store = new DisposableStore();
  const platform = await options.createPlatform(options.services);
  const host = await options.createHost({
    dataFolder,
    platform,
    services: options.services,
    ...(options.language ? { language: options.language } : {}),
  });

  const report = (folder: string, verdict: InstallVerdict) => {
    for (const line of verdictLines(folder, verdict)) options.report(line);
  };
  // One reload at a time per folder; changes made during a reload bring one more after it.
  const reloadInTurn = (folder: string) => {
    let running: Promise<void> | undefined;
    let again = false;
    const reload = (): void => {
      if (running) {
        again = true;
        return;
      }
      running = host
        .reload(folder)
        .then((verdict) => report(folder, verdict))
        .catch((error: unknown) => options.report(`reloading ${folder} failed: ${String(error)}`))
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            reload();
          }
        });
    };
    return reload;
  };

  try {
    const folders = options.folders.map((folder) => resolve(folder));
    const verdicts = await Promise.all(folders.map((folder) => host.loadInPlace(folder)));
    folders.forEach((folder, index) => {
      const verdict = verdicts[index];
      if (verdict) report(folder, verdict);
      store.add(
        watchFolder(folder, reloadInTurn(folder), {
          ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
          onProblem: options.report,
        }),
      );
    });
    const server = await startTestbedServer({
      host,
      rendererDir: options.rendererDir ?? defaultRendererDir,
      port: options.port,
      // Removed by the server when it closes, even from a data folder the person gave.
      droppedFolder: join(dataFolder, 'dropped'),
      converted: host.converted,
    });
    let closing: Promise<void> | undefined;
    return {
      url: server.url,
      port: server.port,
      dataFolder,
      host,
      close: () =>
        (closing ??= (async () => {
          store.dispose();
          await server.close();
          await host.dispose();
          if (temporary) await rm(dataFolder, { recursive: true, force: true });
        })()),
    };
  } catch (error) {
    store.dispose();
    await host.dispose();
    if (temporary) await rm(dataFolder, { recursive: true, force: true });
    throw error;
  }
}
