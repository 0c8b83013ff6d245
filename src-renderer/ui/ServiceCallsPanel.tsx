// The test bed's record of simulated services: what a tool would have shown, opened, pasted or
// ended, and what a clipboard read returned; with a field to put text on the simulated clipboard,
// and one to select files as in the Finder (the palette's Skwir commands act on them).
// Its height is the person's (drag its top edge), kept for the next time; it can be hidden.
import { useId, useState, type FormEvent } from 'react';
import { serviceCallSelectors } from '../store/service-calls-slice';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { clockTime } from './clock';
import { SelectionFill } from './palette/SelectionFill';
import { usePanelHeight, type PanelHeightLimits } from './panel-height';
import { useToolText, useWords } from './use-words';

/** Small enough by default that a tool's Settings stay in view above it at 1280 x 800. */
export const servicePanelLimits: PanelHeightLimits = { key: 'vitruvian.servicePanel.height', initial: 170, min: 90, maxShare: 0.6 };

export function ServiceCallsPanel() {
  const words = useWords();
  const text = useToolText();
  const calls = useAppStore(serviceCallSelectors.newestFirst);
  const problem = useAppStore(serviceCallSelectors.problem);
  const tools = useAppStore((s) => s.tools);
  const open = useAppStore(uiSelectors.servicePanelOpen);
  const setOpen = useAppStore((s) => s.setServicePanelOpen);
  const size = usePanelHeight(servicePanelLimits);
  const titleId = useId();
  const bodyId = useId();
  return (
    <section className={`service-panel ${open ? 'open' : 'closed'}`} aria-labelledby={titleId} style={open ? { height: size.height } : undefined}>
      {open && (
        <div
          className="panel-resizer"
          role="separator"
          aria-orientation="horizontal"
          aria-label={words.resizePanel}
          aria-controls={bodyId}
          aria-valuenow={size.height}
          aria-valuemin={servicePanelLimits.min}
          aria-valuemax={size.max}
          tabIndex={0}
          onPointerDown={size.onPointerDown}
          onKeyDown={size.onKeyDown}
        />
      )}
      <header className="panel-header">
        <h2 id={titleId} className="panel-title" title={words.simulatedIntro}>
          {words.simulatedServices}
        </h2>
        <span className="panel-intro muted">{words.simulatedIntro}</span>
        <button type="button" className="button small" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? words.hidePanel : words.showPanel}
        </button>
      </header>
      <div id={bodyId} className="panel-body" hidden={!open}>
        <ClipboardFill />
        <SelectionFill />
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {calls.length === 0 ? (
          <p className="muted">{words.noServiceCalls}</p>
        ) : (
          <ol className="service-calls" aria-label={words.simulatedServices}>
            {calls.map((call) => {
              const tool = tools[call.toolId];
              return (
                <li key={call.seq} className="service-call" data-method={call.method} data-tool-id={call.toolId}>
                  <time className="call-time" dateTime={new Date(call.time).toISOString()}>
                    {clockTime(call.time)}
                  </time>
                  <span className="call-tool">{tool ? text(tool.name) : call.toolId}</span>
                  <span className="call-words">{words.serviceCall(call.method, call.params, call.result)}</span>
                  <code className="call-method">{call.method}</code>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

/**
 * What the one simulated clipboard holds, whoever wrote it last (a tool, a plugin's text answer),
 * shown as it changes; the person edits it and puts their text there, so a tool that reads it can
 * succeed. While they type, what they type stays.
 */
function ClipboardFill() {
  const words = useWords();
  const fill = useAppStore(serviceCallSelectors.clipboardFill);
  const holds = useAppStore(serviceCallSelectors.simulatedClipboard);
  const setClipboard = useAppStore((s) => s.setSimulatedClipboard);
  /** What the person is typing; null shows what the clipboard holds. */
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await setClipboard(draft ?? holds ?? '');
    if (result.ok) setDraft(null);
  };
  const value = draft ?? holds ?? '';
  // As many lines as it holds, up to three; a longer text scrolls.
  const lines = Math.min(3, Math.max(1, value.replace(/\n$/, '').split('\n').length));
  const said =
    fill?.status === 'refused'
      ? fill.problem
      : draft === null && holds !== undefined
        ? holds === null
          ? words.clipboardEmpty
          : words.clipboardHolds(holds)
        : '';
  return (
    <form className="clipboard-fill" onSubmit={(event) => void submit(event)}>
      <label htmlFor={fieldId}>{words.clipboardField}</label>
      <textarea
        id={fieldId}
        rows={lines}
        spellCheck={false}
        value={value}
        placeholder={words.clipboardEmpty}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Enter puts the text there, as in a one-line field; Shift+Enter makes a new line.
          if (event.key === 'Enter' && !event.shiftKey) void submit(event);
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      <button type="submit" className="button small" disabled={fill?.status === 'setting'}>
        {fill?.status === 'setting' ? words.clipboardPutting : words.clipboardPut}
      </button>
      <span role="status" className={`clipboard-said ${fill?.status === 'refused' ? 'problem' : 'muted'}`}>
        {said}
      </span>
    </form>
  );
}
