// The window: the sidebar of tools beside the selected tool's page, the test bed's service panel
// when services are simulated, and the dialogs (the command palette among them, Ctrl+K or Cmd+K).
import { hostInfoSelectors } from '../store/host-info-slice';
import { languageSelectors } from '../store/language-slice';
import { toolSelectors } from '../store/tools-slice';
import { uiSelectors } from '../store/ui-slice';
import { useAppStore } from '../store/store-context';
import { appLanguageOf } from '../words/languages';
import { ConfirmUninstall } from './ConfirmUninstall';
import { DropZone } from './DropZone';
import { EmptyState } from './EmptyState';
import { InstallDialog } from './InstallDialog';
import { InstallVerdictView } from './InstallVerdictView';
import { Palette } from './palette/Palette';
import { usePaletteKey } from './palette/use-palette-key';
import { ServiceCallsPanel } from './ServiceCallsPanel';
import { Sidebar } from './Sidebar';
import { Toasts } from './Toasts';
import { ToolPage } from './ToolPage';
import { useWords } from './use-words';

export function App() {
  const words = useWords();
  const language = useAppStore(languageSelectors.language);
  const simulated = useAppStore(hostInfoSelectors.servicesSimulated);
  const installDialogOpen = useAppStore(uiSelectors.installDialogOpen);
  const connection = useAppStore(uiSelectors.connection);
  usePaletteKey();
  return (
    <div className="app" lang={appLanguageOf(language)}>
      <DropZone>
        {connection !== 'connected' && (
          <p role="status" className="connection-banner">
            {connection === 'reconnecting' ? words.reconnecting : words.connectionClosed}
          </p>
        )}
        <div className="columns">
          <Sidebar />
          <main className="detail">
            {!installDialogOpen && <InstallBanner />}
            <Detail />
            {simulated && <ServiceCallsPanel />}
          </main>
        </div>
        {simulated && <Toasts />}
        {installDialogOpen && <InstallDialog />}
        <ConfirmUninstall />
        <Palette />
      </DropZone>
    </div>
  );
}

function InstallBanner() {
  const install = useAppStore(toolSelectors.install);
  const dismiss = useAppStore((s) => s.dismissInstall);
  return <InstallVerdictView install={install} onDismiss={dismiss} />;
}

function Detail() {
  const words = useWords();
  const tool = useAppStore(uiSelectors.selectedTool);
  const count = useAppStore(toolSelectors.toolCount);
  const loaded = useAppStore((s) => s.toolsLoaded);
  const problem = useAppStore((s) => s.toolsProblem);
  const hostProblem = useAppStore(hostInfoSelectors.problem);
  const openInstallDialog = useAppStore((s) => s.openInstallDialog);
  if (tool) return <ToolPage key={tool.id} tool={tool} />;
  if (problem || hostProblem) {
    return (
      <p role="alert" className="problem banner">
        {words.loadFailed(problem ?? hostProblem ?? '')}
      </p>
    );
  }
  if (!loaded) return null;
  if (count === 0) {
    return (
      <EmptyState title={words.noToolsTitle}>
        <p>{words.noToolsBody}</p>
        <p>
          <button type="button" className="button primary" onClick={() => openInstallDialog()}>
            {words.installATool}
          </button>
        </p>
        <p className="muted">{words.noToolsValidate}</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={words.noSelectionTitle}>
      <p>{words.noSelectionBody}</p>
    </EmptyState>
  );
}
