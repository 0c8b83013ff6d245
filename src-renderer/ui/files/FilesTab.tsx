// A plugin's Files tab: files given to it (dropped or added by path), what it says of each (its
// fields and thumbnail), its commands on the chosen files, and the preview of the file last chosen.
import type { PluginSummary } from '../../../src-shared/host-api';
import { pluginFileSelectors } from '../../store/plugin-files-selectors';
import { useAppStore } from '../../store/store-context';
import { AddFiles } from './AddFiles';
import { FileList } from './FileList';
import { FilePreview } from './FilePreview';
import { PluginCommands } from './PluginCommands';
import './files.css';

export function FilesTab({ tool }: { tool: PluginSummary }) {
  const details = tool.plugin;
  const count = useAppStore((s) => pluginFileSelectors.files(tool.id)(s).length);
  return (
    <AddFiles pluginId={tool.id}>
      <FileList pluginId={tool.id} details={details} />
      {count > 0 && (
        <>
          <PluginCommands pluginId={tool.id} details={details} />
          {details.previews.length > 0 && <FilePreview pluginId={tool.id} details={details} />}
        </>
      )}
    </AddFiles>
  );
}
