// The files the palette's Skwir commands act on: the files selected outside the app (the Finder's
// selection, or the test bed's simulated one), or, where no file manager offers its selection
// (Linux), files dropped on the palette or chosen in a dialog.
import { useId, useState, type DragEvent } from 'react';
import { pathOfDroppedFile } from '../../desktop-bridge';
import { useAppStore } from '../../store/store-context';
import { useWords } from '../use-words';

export function PaletteFiles() {
  const words = useWords();
  const selection = useAppStore((s) => s.paletteSelection);
  const files = useAppStore((s) => s.paletteFiles);
  const setFiles = useAppStore((s) => s.setPaletteFiles);
  const [choosing, setChoosing] = useState(false);
  const inputId = useId();
  const take = (list: FileList | null) => {
    setChoosing(false);
    const paths = [...(list ?? [])].map(pathOfDroppedFile).filter((path): path is string => path !== undefined);
    if (paths.length > 0) setFiles(paths);
  };
  if (!selection) return <p className="palette-files muted">{words.palette.readingSelection}</p>;
  if (selection.ok) {
    return <p className="palette-files muted">{selection.paths.length === 0 ? words.palette.noSelection : words.palette.selection(selection.paths.length)}</p>;
  }
  if (selection.reason !== 'none') {
    return (
      <p role="alert" className="palette-files problem">
        {words.palette.permission(selection.problem)}
      </p>
    );
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    take(event.dataTransfer.files);
  };
  return (
    <div className="palette-files palette-drop" onDragOver={(event) => event.preventDefault()} onDrop={onDrop} data-choosing-files={choosing}>
      <p className="muted">{files.length > 0 ? words.palette.selection(files.length) : words.palette.dropOrChoose}</p>
      <label className="button small" htmlFor={inputId}>
        {words.palette.chooseFiles}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        onClick={() => setChoosing(true)}
        onChange={(event) => take(event.target.files)}
        onBlur={() => setChoosing(false)}
      />
    </div>
  );
}
