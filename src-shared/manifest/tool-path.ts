// Path logic for a tool's folder, kept pure (POSIX paths: the app runs on macOS and Linux).

/** Absolute on any platform a manifest may have been written on: /x, \x, C:\x, C:/x. */
export const isAbsolutePath = (path: string): boolean => /^([/\\]|[A-Za-z]:[/\\])/.test(path);

/** The segments of a relative path once `.` and `..` are applied; undefined when it climbs out. */
export function relativeSegments(path: string): string[] | undefined {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else segments.push(segment);
  }
  return segments;
}

const trimEnd = (folder: string): string => (folder.length > 1 ? folder.replace(/\/+$/, '') : folder);

/** folder + relative path (already normalized segments). */
export const joinPath = (folder: string, ...segments: string[]): string => [trimEnd(folder), ...segments].join('/').replace(/^\/\//, '/');

/** Is `path` the folder itself or somewhere under it? Both are resolved paths. */
export function isInside(folder: string, path: string): boolean {
  const base = trimEnd(folder);
  return path === base || path.startsWith(base === '/' ? '/' : `${base}/`);
}
