import type { InstallState } from '../store/tools-slice';
import { useToolText, useWords } from './use-words';

/** The installer's verdict on a folder: the tool it added, or every reason it refused the folder. */
export function InstallVerdictView({ install, onDismiss }: { install: InstallState; onDismiss?: () => void }) {
  const words = useWords();
  const text = useToolText();
  if (install.status !== 'done') return null;
  const { verdict } = install;
  const dismiss = onDismiss && (
    <button type="button" className="button small banner-close" aria-label={words.close} onClick={onDismiss}>
      ×
    </button>
  );
  if (verdict.ok) {
    return (
      <div role="status" aria-label={words.installResult} className="banner verdict verdict-ok">
        <span>{words.installedTool(text(verdict.tool.name), verdict.tool.version)}</span>
        {dismiss}
      </div>
    );
  }
  return (
    <div role="alert" aria-label={words.installResult} className="banner verdict verdict-refused">
      <div>
        <p className="banner-title">{words.refusedFolder(install.folder)}</p>
        <ul className="verdict-problems">
          {verdict.problems.map((problem, index) => (
            <li key={index}>{words.folderProblem(problem)}</li>
          ))}
        </ul>
      </div>
      {dismiss}
    </div>
  );
}
