// A notification when a tool stops for good (crashed too often, or failed to start), since the
// window may be closed and the person would not otherwise learn that a menu bar command is gone.
import { pickText } from '../../src-shared/text';
import type { HostApi, ToolState } from '../../src-shared/host-api';
import type { Disposable } from '../../src-shared/lifecycle';
import { desktopWordsFor } from './desktop-words';
import type { Notify } from './electron-services';

export function noticeFailedTools(host: Pick<HostApi, 'subscribe'>, notify: Notify, language: () => string): Disposable {
  const states = new Map<string, ToolState>();
  return host.subscribe((event) => {
    if (event.type === 'toolRemoved') states.delete(event.toolId);
    if (event.type !== 'tool') return;
    const { tool } = event;
    const before = states.get(tool.id);
    states.set(tool.id, tool.state);
    if (tool.state === 'failed' && before !== undefined && before !== 'failed') {
      const words = desktopWordsFor(language());
      notify(words.toolStopped(pickText(tool.name, language())), tool.stateReason ?? words.toolStoppedNoReason, 'mustSee');
    }
  });
}
