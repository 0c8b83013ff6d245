// The HostApi in the browser test bed, carried by the WebSocket the page came from.
// After the link drops and comes back, the window is brought up to date with events: tools that
// changed or vanished meanwhile, the language, and each tool's log read afresh; a tool or the
// language the host told of while that was read keeps what it told (it is newer).
import type { HostApi, HostEvent, HostRequestName, HostRequests, EntrySummary } from '../../src-shared/host-api';
import { convertedFilePath, hostWirePath, hostWireTokenParam } from '../../src-shared/host-wire';
import { toDisposable, type Disposable } from '../../src-shared/lifecycle';
import { HostConnection, type ConnectionState } from './host-connection';
import { openBrowserSocket, type OpenSocket } from './socket';

export type { ConnectionState };

/** The HostApi, plus the state of the link for a banner, and a way to close it. */
export type WebSocketHost = HostApi & {
  readonly connectionState: ConnectionState;
  onDidChangeConnection(listener: (state: ConnectionState) => void): Disposable;
  dispose(): void;
};

type PageAddress = Pick<Location, 'protocol' | 'host' | 'search'>;

/** The WebSocket address for a page served by the test bed, or a problem in words. */
export function hostSocketUrl(location: PageAddress): string {
  const token = new URLSearchParams(location.search).get(hostWireTokenParam);
  if (!token) {
    throw new Error('This address has no token. Open the exact address that vitruvian-tool testbed printed, ' + 'including ?token=...');
  }
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${hostWirePath}?${hostWireTokenParam}=${encodeURIComponent(token)}`;
}

export async function connectWebSocketHost(location: PageAddress, openSocket: OpenSocket = openBrowserSocket): Promise<WebSocketHost> {
  const connection = await HostConnection.connect(hostSocketUrl(location), openSocket);
  const listeners = new Set<(event: HostEvent) => void>();
  const knownTools = new Set<string>();
  // What the host told last of each tool and of the language, numbered: what the catch-up after a
  // reconnection read may be older than what was told while it was on its way.
  let told = 0;
  const lastTold = new Map<string, number>();
  const languageKey = '\u0000language';

  const emit = (event: HostEvent) => {
    if (event.type === 'tool') knownTools.add(event.tool.id);
    if (event.type === 'toolRemoved') knownTools.delete(event.toolId);
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken listener must not keep the others from later events; the error still shows.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };
  connection.onEvent((event) => {
    if (event.type === 'tool') lastTold.set(event.tool.id, ++told);
    if (event.type === 'toolRemoved') lastTold.set(event.toolId, ++told);
    if (event.type === 'language') lastTold.set(languageKey, ++told);
    emit(event);
  });

  const request =
    <K extends HostRequestName>(method: K) =>
    (...args: HostRequests[K]['args']): Promise<HostRequests[K]['result']> =>
      connection.request(method, args);

  const noteTools = (tools: EntrySummary[]) => {
    for (const tool of tools) knownTools.add(tool.id);
    return tools;
  };

  connection.onDidReconnect(() => {
    void catchUp().catch(() => undefined);
  });

  async function catchUp(): Promise<void> {
    const asked = told;
    const [tools, info] = await Promise.all([connection.request('listTools', []), connection.request('info', [])]);
    // Told since these were asked: newer than what they say.
    const newer = (key: string) => (lastTold.get(key) ?? 0) > asked;
    const present = new Set(tools.map((tool) => tool.id));
    for (const id of [...knownTools]) if (!present.has(id) && !newer(id)) emit({ type: 'toolRemoved', toolId: id });
    for (const tool of tools) if (!newer(tool.id)) emit({ type: 'tool', tool });
    if (!newer(languageKey)) emit({ type: 'language', language: info.language });
    for (const tool of tools) {
      const lines = await connection.request('readLog', [tool.id]);
      emit({ type: 'logCleared', toolId: tool.id });
      for (const line of lines) emit({ type: 'log', toolId: tool.id, line });
    }
  }

  return {
    info: request('info'),
    listTools: async () => noteTools(await connection.request('listTools', [])),
    installFolder: request('installFolder'),
    installReplaces: request('installReplaces'),
    uninstall: request('uninstall'),
    runCommand: request('runCommand'),
    setPreference: request('setPreference'),
    readLog: request('readLog'),
    clearLog: request('clearLog'),
    readTrace: request('readTrace'),
    clearTrace: request('clearTrace'),
    readServiceCalls: request('readServiceCalls'),
    restart: request('restart'),
    stop: request('stop'),
    setLanguage: request('setLanguage'),
    setSimulatedClipboard: request('setSimulatedClipboard'),
    judgeFile: request('judgeFile'),
    callProgress: request('callProgress'),
    forgetAnswers: request('forgetAnswers'),
    readSimulatedClipboard: request('readSimulatedClipboard'),
    askField: request('askField'),
    askThumbnail: request('askThumbnail'),
    inspect: request('inspect'),
    convert: request('convert'),
    releaseConverted: request('releaseConverted'),
    convertedUrl: (token) => `${location.protocol}//${location.host}${convertedFilePath}/${encodeURIComponent(token)}`,
    page: request('page'),
    runPluginCommand: request('runPluginCommand'),
    applyPlan: request('applyPlan'),
    cancelCall: request('cancelCall'),
    commandUsage: request('commandUsage'),
    commandShortcuts: request('commandShortcuts'),
    setCommandShortcut: request('setCommandShortcut'),
    fileSelection: request('fileSelection'),
    setSimulatedSelection: request('setSimulatedSelection'),
    sendMessage: request('sendMessage'),
    checkMessage: request('checkMessage'),
    readRecording: request('readRecording'),
    subscribe(listener) {
      listeners.add(listener);
      return toDisposable(() => listeners.delete(listener));
    },
    get connectionState() {
      return connection.connectionState;
    },
    onDidChangeConnection: (listener) => connection.onDidChangeState(listener),
    dispose: () => connection.dispose(),
  };
}
