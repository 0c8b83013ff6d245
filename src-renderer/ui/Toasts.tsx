// What a tool shows on screen, shown as the app would: a HUD's text (or the alert sound) in a toast
// over the window for a few seconds, in the test bed where the services are simulated. The panel
// below still lists the call; this is what a person would have seen.
import { useEffect } from 'react';
import type { ServiceCall } from '../../src-shared/host-api';
import { serviceCallSelectors } from '../store/service-calls-slice';
import { useAppStore } from '../store/store-context';
import { useToolText, useWords } from './use-words';

/** How long a toast stays, as a HUD does. */
export const TOAST_MS = 4_000;

export function Toasts() {
  const words = useWords();
  const toasts = useAppStore(serviceCallSelectors.toasts);
  return (
    <div className="toasts" role="status" aria-label={words.toastsLabel}>
      {toasts.map((toast) => (
        <Toast key={toast.seq} toast={toast} />
      ))}
    </div>
  );
}

function Toast({ toast }: { toast: ServiceCall }) {
  const words = useWords();
  const text = useToolText();
  const tool = useAppStore((s) => s.tools[toast.toolId]);
  const dismiss = useAppStore((s) => s.dismissToast);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.seq), TOAST_MS);
    return () => clearTimeout(timer);
  }, [dismiss, toast.seq]);
  const said = toast.method === 'notify/hud' && typeof toast.params.text === 'string' ? toast.params.text : words.alertSound;
  return (
    <div className="toast" data-method={toast.method}>
      <span className="toast-tool">{tool ? text(tool.name) : toast.toolId}</span>
      <span className="toast-text">{said}</span>
      <button type="button" className="toast-close" aria-label={words.dismiss} title={words.dismiss} onClick={() => dismiss(toast.seq)}>
        ×
      </button>
    </div>
  );
}
