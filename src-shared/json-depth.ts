// How deep a JSON value nests, found without recursion. JSON.stringify, a structured clone, ajv and
// React all recurse into a value and run out of stack some thousands of levels down (10 KB of `[`
// is enough); JSON.parse does not. So a value a plugin or a tool sent is measured here, once it is
// parsed and before anything walks into it.

type Container = readonly unknown[] | Readonly<Record<string, unknown>>;

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** One level of the walk: the list or object, its keys (none for a list), and the next member to look at. */
interface Level {
  container: Container;
  keys: string[] | undefined;
  next: number;
}

/** The path segments shown before the rest is left out: a path 65 levels long says nothing more. */
const SHOWN_SEGMENTS = 3;

const segment = (key: string | number): string =>
  typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;

/**
 * Where `value` first nests deeper than `limit` levels, as a path from `root` (`result.value[0][0]…`),
 * or undefined when it does not. Each list and object is a level, `value` itself the first. The walk
 * holds one step per level and never goes past `limit + 1`, however deep or wide the value.
 */
export function deeperThan(value: unknown, limit: number, root: string): string | undefined {
  if (!isContainer(value)) return undefined;
  if (limit < 1) return root;
  const levels: Level[] = [{ container: value, keys: Array.isArray(value) ? undefined : Object.keys(value), next: 0 }];
  while (levels.length > 0) {
    const level = levels[levels.length - 1]!;
    const size = level.keys ? level.keys.length : (level.container as readonly unknown[]).length;
    if (level.next >= size) {
      levels.pop();
      continue;
    }
    const at = level.next++;
    const member = level.keys ? (level.container as Record<string, unknown>)[level.keys[at]!] : (level.container as readonly unknown[])[at];
    if (!isContainer(member)) continue;
    if (levels.length >= limit) return pathOf(levels, root);
    levels.push({ container: member, keys: Array.isArray(member) ? undefined : Object.keys(member), next: 0 });
  }
  return undefined;
}

/** The path to the member each level is at, its first segments only. */
function pathOf(levels: readonly Level[], root: string): string {
  let path = root;
  for (const [index, level] of levels.entries()) {
    if (index === SHOWN_SEGMENTS) return `${path}…`;
    const at = level.next - 1;
    path += segment(level.keys ? level.keys[at]! : at);
  }
  return path;
}
