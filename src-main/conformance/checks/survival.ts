// Messages a tool must take without trouble: an unknown notice, fields it does not know, and the
// app's preferences/changed and language/changed. Each is judged by what follows it: the tool
// still answers a request sent after it, and wrote nothing in reply to the notice.
import { check, duration, failed, passed, quoteLine, skipped, type CheckName, type CheckResult } from '../check-result';
import { endReason } from '../session';
import type { ToolSession } from '../tool-session';

/** Unknown to protocol 1 on purpose: a tool answers it -32601. */
export const UNKNOWN_METHOD = 'conformance/noSuchMethod';
const PROBE_METHOD = 'conformance/stillThere';
const UNKNOWN_NOTICE = 'conformance/noSuchNotice';
const UNKNOWN_FIELD = 'conformance/unknownField';

interface Survival {
  which: CheckName;
  /** What was sent, for the reason: "an unknown notice". */
  what: string;
  send: () => void | Promise<void>;
}

async function survives(session: ToolSession, { which, what, send }: Survival): Promise<CheckResult> {
  if (!session.alive) return skipped(which, session.notRunReason('tool'));
  const { record } = session;
  const strayBefore = record.strayAnswers.length;
  const notMessagesBefore = record.notMessages.length;
  await send();
  const answer = await session.request(PROBE_METHOD, undefined, session.limits.answerMs);
  if (answer.kind === 'gone') return failed(which, endReason(answer.end, `after ${what}`));
  if (answer.kind === 'timeout') {
    return failed(which, `no answer, within ${duration(session.limits.answerMs)}, to a request sent after ${what}`);
  }
  const reply = [...record.strayAnswers.slice(strayBefore), ...record.notMessages.slice(notMessagesBefore)][0];
  if (reply) {
    const quoted = reply.line ? `: ${quoteLine(reply.line.text)}` : ` (${reply.problem})`;
    return failed(which, `wrote a reply to ${what}, which is never answered${quoted}`);
  }
  return passed(which, `still answers after ${what}`);
}

export function checkUnknownNotice(session: ToolSession): Promise<CheckResult> {
  return survives(session, {
    which: check('unknown-notice'),
    what: `an unknown notice (${UNKNOWN_NOTICE})`,
    send: () => session.notify(UNKNOWN_NOTICE, { [UNKNOWN_FIELD]: true }),
  });
}

export function checkUnknownFields(session: ToolSession): Promise<CheckResult> {
  return survives(session, {
    which: check('unknown-fields'),
    what: 'language/changed (back to "en") carrying fields it does not know',
    send: () =>
      session.sendRaw({
        jsonrpc: '2.0',
        method: 'language/changed',
        params: { language: 'en', [UNKNOWN_FIELD]: { nested: [1, 'two'] } },
        [UNKNOWN_FIELD]: 'ignore me',
      }),
  });
}

export async function checkPreferencesChanged(session: ToolSession): Promise<CheckResult> {
  const which = check('preferences-changed');
  const shown = (session.manifest.preferences ?? []).filter((pref) => pref.title);
  if (shown.length === 0) {
    return passed(which, 'not sent: the manifest declares no preference with a title, so the app never sends it');
  }
  return survives(session, {
    which,
    what: 'preferences/changed',
    send: async () => {
      const preferences = await session.services.changePreferences();
      session.notify('preferences/changed', { preferences });
    },
  });
}

export function checkLanguageChanged(session: ToolSession): Promise<CheckResult> {
  return survives(session, {
    which: check('language-changed'),
    what: 'language/changed to "fr"',
    send: () => session.notify('language/changed', { language: 'fr' }),
  });
}
