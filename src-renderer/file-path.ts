// A path's last name and its folder, as the host's paths come: '/' on macOS and Linux, '\' on Windows.

const lastSeparator = (path: string): number => Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));

/** The file's name: "/a/b/notes.txt" -> "notes.txt". */
export function fileName(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/[/\\]+$/, '') : path;
  return trimmed.slice(lastSeparator(trimmed) + 1) || trimmed;
}

/** The folder holding it: "/a/b/notes.txt" -> "/a/b"; "/notes.txt" -> "/". */
export function folderOf(path: string): string {
  const at = lastSeparator(path);
  if (at < 0) return '';
  return at === 0 ? path.slice(0, 1) : path.slice(0, at);
}
