// A plan a command answered: its title, note and steps in words, then Apply (only for a plugin
// granted write) and Cancel. Apply asks the person to confirm, naming how many files change; once
// applied, each step says what became of it. A long plan scrolls in a box of its own, drawn as a
// window on it (list-window.ts); a plan the host cut says so, and that Apply does what is shown.
import { useRef } from 'react';
import type { ShownPlan } from '../../../src-shared/plugin-api';
import { hostInfoSelectors } from '../../store/host-info-slice';
import type { PlanState } from '../../store/plugin-commands-slice';
import { useAppStore } from '../../store/store-context';
import { planStepText } from '../../words/plugin-answer';
import { Dialog } from '../Dialog';
import { useWords } from '../use-words';
import { useListWindow } from '../list-window';

/** A step drawn before its height is measured: one line. */
const STEP_PX = 20;

export function PlanView(props: { pluginId: string; command: string; plan: ShownPlan; state: PlanState; canWrite: boolean }) {
  const { pluginId, command, plan, state } = props;
  const words = useWords();
  const askApplyPlan = useAppStore((s) => s.askApplyPlan);
  const dismissPlan = useAppStore((s) => s.dismissPlan);
  const outcomes = state.status === 'applied' ? state.result.steps : [];
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const shown = useListWindow(plan.steps.length, scroller, list, STEP_PX, 2);
  return (
    <div className="plan" data-plan={state.status}>
      <h3 className="plan-title">{plan.title}</h3>
      {plan.note && <p className="plan-note">{plan.note}</p>}
      {plan.leftOut && (
        <p role="note" className="plan-left-out">
          {words.plugin.leftOut(plan.leftOut)} {words.plugin.planAppliedAsShown}
        </p>
      )}
      {/* Focusable, so the keyboard scrolls a long plan. */}
      <div ref={scroller} className="plan-scroller" tabIndex={0}>
        <ol ref={list} className="plan-steps" aria-label={words.plugin.planSteps} style={{ paddingTop: shown.before, paddingBottom: shown.after }}>
          {shown.indices.map((index) => {
            const step = plan.steps[index]!;
            const outcome = outcomes[index];
            return (
              <li key={index} ref={shown.measure} data-index={index} value={index + 1} className="plan-step" data-status={outcome?.status}>
                <span className="step-words">{planStepText(words, step, plan.files)}</span>
                {outcome && (
                  <span className={`step-status step-${outcome.status}`}>
                    {outcome.problem ? words.withDetail(words.plugin.stepStatus[outcome.status], outcome.problem) : words.plugin.stepStatus[outcome.status]}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      {state.status === 'shown' && (
        <div className="plan-buttons">
          {props.canWrite ? (
            <button type="button" className="button primary" onClick={() => askApplyPlan(pluginId, command)}>
              {words.plugin.applyEllipsis}
            </button>
          ) : (
            <span className="hint">{words.plugin.planNeedsWrite}</span>
          )}
          <button type="button" className="button" onClick={() => dismissPlan(pluginId, command)}>
            {words.cancel}
          </button>
        </div>
      )}
      <p role="status" className="plan-outcome">
        {state.status === 'applying' && words.plugin.applying}
        {state.status === 'applied' && (state.result.ok ? words.plugin.planApplied : words.plugin.planNotApplied(state.result.problem))}
        {state.status === 'dismissed' && words.plugin.planDismissed}
      </p>
      {state.status === 'confirming' && <ConfirmPlan pluginId={pluginId} command={command} plan={plan} />}
    </div>
  );
}

function ConfirmPlan({ pluginId, command, plan }: { pluginId: string; command: string; plan: ShownPlan }) {
  const words = useWords();
  const simulated = useAppStore(hostInfoSelectors.servicesSimulated);
  const keepPlan = useAppStore((s) => s.keepPlan);
  const applyPlan = useAppStore((s) => s.applyPlan);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const files = new Set(plan.steps.flatMap((step) => ('file' in step ? [step.file] : []))).size;
  const folders = plan.steps.filter((step) => step.op === 'mkdir').length;
  const keep = () => keepPlan(pluginId, command);
  return (
    <Dialog
      role="alertdialog"
      title={words.plugin.applyTitle(plan.title)}
      description={
        <>
          <p>{words.plugin.applyBody(files, folders)}</p>
          {simulated && <p className="note">{words.plugin.applySimulated}</p>}
        </>
      }
      onCancel={keep}
      initialFocus={cancelButton}
    >
      <div className="dialog-buttons">
        <button ref={cancelButton} type="button" className="button" onClick={keep}>
          {words.cancel}
        </button>
        <button type="button" className="button primary" onClick={() => void applyPlan(pluginId, command)}>
          {words.plugin.apply}
        </button>
      </div>
    </Dialog>
  );
}
