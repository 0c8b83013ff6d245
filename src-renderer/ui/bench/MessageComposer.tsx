// The Messages tab's composer: a message the app may send to this tool or plugin (or one of any
// name), its params filled in from what it declares and judged against the protocol as they are
// typed; a message that does not fit is not sent until the person chooses "Send anyway". What was
// sent shows below with its answer on the same row and the time it took. In the test bed, "Save
// session" downloads the recording of the entry's session (docs/recordings.md).
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { EntrySummary, HandAnswer, HandMessage } from '../../../src-shared/host-api';
import { recordingText } from '../../../src-shared/recording/record-lines';
import { desktopBridge } from '../../desktop-bridge';
import { benchSelectors, type Exchange } from '../../store/bench-slice';
import { languageSelectors } from '../../store/language-slice';
import { useAppStore } from '../../store/store-context';
import type { Words } from '../../words/words';
import { useWords } from '../use-words';
import { composedMessage, draftsFor, OTHER_METHOD, otherDraft, type Draft } from './composer-drafts';
import './bench.css';

export function MessageComposer({ entry }: { entry: EntrySummary }) {
  const words = useWords();
  const language = useAppStore(languageSelectors.language);
  const drafts = useMemo(() => draftsFor(entry, language), [entry, language]);
  const [choice, setChoice] = useState(drafts[0]!.method);
  const [draft, setDraft] = useState<Draft>(drafts[0]!);
  const [files, setFiles] = useState('');
  const send = useAppStore((s) => s.sendHandMessage);
  const id = useId();

  const choose = (method: string) => {
    setChoice(method);
    setDraft(method === OTHER_METHOD ? otherDraft : (drafts.find((d) => d.method === method) ?? otherDraft));
  };
  const composed = composedMessage(draft.method, draft.kind, draft.params, files);
  const problems = useHostCheck(entry.id, composed.ok ? composed.message : undefined);
  const sendIt = (anyway: boolean) => {
    if (composed.ok) void send(entry.id, composed.message, anyway);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problems?.length === 0) sendIt(false);
  };
  const filesShown = entry.kind === 'plugin' && (draft.takesFiles || choice === OTHER_METHOD);

  return (
    <details className="composer">
      <summary>{words.composer}</summary>
      <form className="composer-form" onSubmit={onSubmit} aria-label={words.composer}>
        <label className="composer-field">
          {words.composerMessage}
          <select value={choice} onChange={(event) => choose(event.target.value)}>
            {drafts.map((d) => (
              <option key={d.method} value={d.method}>
                {d.method}
              </option>
            ))}
            <option value={OTHER_METHOD}>{words.otherMethod}</option>
          </select>
        </label>
        {choice === OTHER_METHOD && (
          <>
            <label className="composer-field">
              {words.composerMethod}
              <input type="text" value={draft.method} spellCheck={false} onChange={(event) => setDraft({ ...draft, method: event.target.value })} />
            </label>
            <label className="composer-field">
              {words.composerKind}
              <select value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as Draft['kind'] })}>
                <option value="request">{words.request}</option>
                <option value="notice">{words.notice}</option>
              </select>
            </label>
          </>
        )}
        <label className="composer-field composer-wide">
          {words.composerParams}
          <textarea rows={4} spellCheck={false} value={draft.params} onChange={(event) => setDraft({ ...draft, params: event.target.value })} />
        </label>
        {filesShown && (
          <label className="composer-field composer-wide">
            {words.composerFiles}
            <textarea rows={2} spellCheck={false} placeholder={words.composerFilesHint} value={files} onChange={(event) => setFiles(event.target.value)} />
          </label>
        )}
        <div className="composer-check composer-wide" role="status" id={`${id}-check`}>
          {!composed.ok && (
            <p className="problem">{composed.problem === 'method' ? words.methodMissing : words.paramsNotJson(composed.problem.replace(/^params: /, ''))}</p>
          )}
          {problems && problems.length > 0 && (
            <>
              <p className="problem">{words.doesNotFit}</p>
              <ul className="problem">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="composer-actions composer-wide">
          <button type="submit" className="button" disabled={!composed.ok || problems?.length !== 0} aria-describedby={`${id}-check`}>
            {words.send}
          </button>
          {composed.ok && problems && problems.length > 0 && (
            <button type="button" className="button" onClick={() => sendIt(true)}>
              {words.sendAnyway}
            </button>
          )}
          {desktopBridge() === undefined && <SaveSession entryId={entry.id} />}
        </div>
      </form>
      <Exchanges entryId={entry.id} />
    </details>
  );
}

/** How long typing pauses before the host is asked to judge the message. */
const CHECK_PAUSE_MS = 150;

/** The host's judgement of the message as it stands; undefined until it answered for this very message. */
function useHostCheck(entryId: string, message: HandMessage | undefined): string[] | undefined {
  const check = useAppStore((s) => s.checkHandMessage);
  const key = message === undefined ? undefined : JSON.stringify(message);
  const [judged, setJudged] = useState<{ key: string; problems: string[] }>();
  useEffect(() => {
    if (key === undefined || message === undefined) return;
    let current = true;
    const timer = setTimeout(() => void check(entryId, message).then((problems) => current && setJudged({ key, problems })), CHECK_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The message is read through its key: a new object with the same content is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check, entryId, key]);
  return judged !== undefined && judged.key === key ? judged.problems : undefined;
}

function SaveSession({ entryId }: { entryId: string }) {
  const words = useWords();
  const read = useAppStore((s) => s.readRecording);
  const [problem, setProblem] = useState<string>();
  const save = async () => {
    const answer = await read(entryId);
    if (!answer.ok) return setProblem(answer.problem);
    setProblem(undefined);
    const url = URL.createObjectURL(new Blob([recordingText(answer.lines)], { type: 'application/jsonl' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${entryId}-session.jsonl`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void save()}>
        {words.saveSession}
      </button>
      {problem && (
        <span role="alert" className="problem">
          {words.sessionNotSaved(problem)}
        </span>
      )}
    </>
  );
}

function Exchanges({ entryId }: { entryId: string }) {
  const words = useWords();
  const exchanges = useAppStore(benchSelectors.exchanges(entryId));
  if (exchanges.length === 0) return null;
  return (
    <ol className="exchanges" aria-label={words.sentByHand}>
      {[...exchanges].reverse().map((exchange) => (
        <ExchangeRow key={exchange.seq} exchange={exchange} words={words} />
      ))}
    </ol>
  );
}

function ExchangeRow({ exchange, words }: { exchange: Exchange; words: Words }) {
  const { message, answer, anyway } = exchange;
  const params = message.params === undefined ? '' : JSON.stringify(message.params);
  return (
    <li className="exchange" data-outcome={answer?.outcome ?? 'waiting'}>
      <span className="exchange-method">{message.method}</span>
      <span className="exchange-params">{params}</span>
      {anyway && <span className="exchange-anyway">{words.sentAnyway}</span>}
      <span className="exchange-arrow" aria-hidden="true">
        →
      </span>
      <span className="exchange-answer">{answer ? answerText(answer, words) : words.waitingForAnswer}</span>
      {answer && 'ms' in answer && answer.outcome !== 'noticeSent' && <span className="exchange-time">{words.answeredIn(answer.ms)}</span>}
      {answer?.outcome === 'result' && answer.problems && (
        <span className="exchange-problems problem">
          {words.answerDoesNotFit} {answer.problems.join('; ')}
        </span>
      )}
    </li>
  );
}

function answerText(answer: HandAnswer, words: Words): string {
  switch (answer.outcome) {
    case 'result':
      return JSON.stringify(answer.result) ?? '';
    case 'failure':
      return words.answerFailure(answer.error.code, answer.error.message);
    case 'noticeSent':
      return words.noticeSent;
    case 'timeout':
      return words.answerTimeout(answer.message);
    case 'ended':
      return words.answerEnded(answer.message);
    case 'unavailable':
      return words.answerUnavailable(answer.message);
    case 'refused':
      return `${words.answerRefused}: ${answer.problems.join('; ')}`;
  }
}
