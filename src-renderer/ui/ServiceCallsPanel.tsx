// The test bed's record of simulated services: what a tool would have shown, opened, pasted or ended.
import { useId } from 'react';
import { serviceCallSelectors } from '../store/service-calls-slice';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { useToolText, useWords } from '../words/use-words';
import { clockTime } from './clock';

export function ServiceCallsPanel() {
  const words = useWords();
  const text = useToolText();
  const calls = useAppStore(serviceCallSelectors.newestFirst);
  const problem = useAppStore(serviceCallSelectors.problem);
  const tools = useAppStore((s) => s.tools);
  const open = useAppStore(uiSelectors.servicePanelOpen);
  const setOpen = useAppStore((s) => s.setServicePanelOpen);
  const titleId = useId();
  const bodyId = useId();
  return (
    <section className={`service-panel ${open ? 'open' : 'closed'}`} aria-labelledby={titleId}>
      <header className="panel-header">
        <h2 id={titleId} className="panel-title">{words.simulatedServices}</h2>
        <span className="muted panel-intro">{words.simulatedIntro}</span>
        <button
          type="button"
          className="button small"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? words.hidePanel : words.showPanel}
        </button>
      </header>
      <div id={bodyId} className="panel-body" hidden={!open}>
        {problem && <p role="alert" className="problem">{problem}</p>}
        {calls.length === 0 ? (
          <p className="muted">{words.noServiceCalls}</p>
        ) : (
          <ol className="service-calls" aria-label={words.simulatedServices}>
            {calls.map((call) => {
              const tool = tools[call.toolId];
              return (
                <li key={call.seq} className="service-call" data-method={call.method} data-tool-id={call.toolId}>
                  <time className="call-time" dateTime={new Date(call.time).toISOString()}>{clockTime(call.time)}</time>
                  <span className="call-tool">{tool ? text(tool.name) : call.toolId}</span>
                  <span className="call-words">{words.serviceCall(call.method, call.params)}</span>
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
