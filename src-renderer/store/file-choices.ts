// Which of a plugin's files a person chose (a command acts on them all) and the one whose preview
// shows, as a click, a ctrl- or cmd-click and a shift-click change them, as a list in a file manager does.

/** The chosen files, in the list's order, and the one whose preview shows. */
export interface FileChoice {
  chosen: string[];
  current?: string;
  /** Where a shift-click's range starts. */
  anchor?: string;
}

/** A click: this file alone; ctrl or cmd: this one added or taken away; shift: the files from the anchor to this one. */
export type ChooseHow = 'only' | 'toggle' | 'range';

/** The choice after `path` was chosen `how`, among `files` in the list's order; undefined when the file is not listed. */
export function choiceAfter(files: readonly string[], choice: FileChoice, path: string, how: ChooseHow): FileChoice | undefined {
  if (!files.includes(path)) return undefined;
  if (how === 'toggle') {
    const on = !choice.chosen.includes(path);
    const chosen = on ? files.filter((p) => p === path || choice.chosen.includes(p)) : choice.chosen.filter((p) => p !== path);
    const current = on ? path : choice.current === path ? chosen.at(-1) : choice.current;
    return { chosen, current, anchor: path };
  }
  if (how === 'range' && choice.anchor !== undefined && files.includes(choice.anchor)) {
    const [from, to] = [files.indexOf(choice.anchor), files.indexOf(path)].sort((a, b) => a - b) as [number, number];
    return { chosen: files.slice(from, to + 1), current: path, anchor: choice.anchor };
  }
  return { chosen: [path], current: path, anchor: path };
}

/** Every file chosen; the one shown and the anchor kept, or the first file. */
export function everyFileChosen(files: readonly string[], choice: FileChoice | undefined): FileChoice {
  return { chosen: [...files], current: choice?.current ?? files[0], anchor: choice?.anchor ?? files[0] };
}
