// A path's last name and its folder, as the host's paths come: '/' on macOS and Linux, '\' on Windows.

const lastSeparator = (path: string): number => Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));

/** The file's name: "/a/b/notes.txt" -> "notes.txt". */
export function fileName(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/[/\\]+$/, '') : path;
  return trimmed.slice(lastSeparator(trimmed) + 1) || trimmed;
}

/** A path from the root of the disk: "/Users/me/tool", "C:\\tools\\x" or "\\\\server\\share"; never "tool" nor "./tool". */
export function isFromRoot(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** The folder holding it: "/a/b/notes.txt" -> "/a/b"; "/notes.txt" -> "/". */
export function folderOf(path: string): string {
  const at = lastSeparator(path);
  if (at < 0) return '';
  return at === 0 ? path.slice(0, 1) : path.slice(0, at);
}

/**
 * What each path is shown as among others: its file name, or, where several share a name, as many
 * of the folders above it as tell it apart ("photos/2024/a.jpg" beside "photos/2025/a.jpg"). The
 * separator is the path's own.
 */
export function distinctNames(paths: readonly string[]): Map<string, string> {
  const parts = new Map(paths.map((path) => [path, path.split(/[/\\]+/).filter((part) => part !== '')]));
  const shown = new Map<string, string>();
  const byName = new Map<string, string[]>();
  for (const path of parts.keys()) {
    const name = fileName(path);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  for (const [name, same] of byName) {
    if (same.length === 1) {
      shown.set(same[0]!, name);
      continue;
    }
    for (const path of same) {
      const mine = parts.get(path)!;
      const separator = path.includes('\\') && !path.includes('/') ? '\\' : '/';
      let depth = 1;
      // The fewest trailing parts no other path of the same name ends with.
      const tail = (of: string[], n: number) => of.slice(-n).join('\u0000');
      while (depth < mine.length && same.some((other) => other !== path && tail(parts.get(other)!, depth) === tail(mine, depth))) depth++;
      shown.set(path, mine.slice(-depth).join(separator));
    }
  }
  return shown;
}
