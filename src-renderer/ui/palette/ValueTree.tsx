// A value a command answered, as a tree a person reads: an object's keys and a list's items nested
// under their parent, a text or number as itself. Bounded: a huge answer shows its first nodes and
// says how many more there are, so the palette stays quick whatever a plugin sends.
import { useMemo } from 'react';
import { useWords } from '../use-words';

/** Most nodes drawn in all, and most levels: past them a node says what it holds in one line. */
const MAX_NODES = 300;
const MAX_DEPTH = 12;

type TreeNode = { leaf: string; kind: string } | { branch: { key: string; node: TreeNode }[]; more: number };

function leafText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return (JSON.stringify(value) ?? '').slice(0, 200);
}

/** The tree to draw, built once, each node taken from what is left of the budget. */
function treeOf(value: unknown, depth: number, budget: { left: number }): TreeNode {
  if (value === null || typeof value !== 'object') return { leaf: leafText(value), kind: value === null ? 'null' : typeof value };
  if (depth >= MAX_DEPTH) return { leaf: leafText(value), kind: 'cut' };
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index): [string, unknown] => [String(index + 1), item]) : Object.entries(value);
  if (entries.length === 0) return { leaf: Array.isArray(value) ? '[]' : '{}', kind: 'empty' };
  // Depth first, each node from what is left: the first rows are drawn whole, the rest counted.
  const branch: { key: string; node: TreeNode }[] = [];
  for (const [key, inner] of entries) {
    if (budget.left <= 0) break;
    budget.left -= 1;
    branch.push({ key, node: treeOf(inner, depth + 1, budget) });
  }
  return { branch, more: entries.length - branch.length };
}

export function ValueTree({ value, label }: { value: unknown; label: string }) {
  const tree = useMemo(() => treeOf(value, 0, { left: MAX_NODES }), [value]);
  return (
    <div className="value-tree" aria-label={label} role="group">
      <Node node={tree} />
    </div>
  );
}

function Node({ node }: { node: TreeNode }) {
  const words = useWords();
  if ('leaf' in node) return <span className={`value-leaf value-${node.kind}`}>{node.leaf}</span>;
  return (
    <ul className="value-branch">
      {node.branch.map(({ key, node: inner }) => (
        <li key={key}>
          <span className="value-key">{key}</span> <Node node={inner} />
        </li>
      ))}
      {node.more > 0 && <li className="muted">{words.palette.moreValues(node.more)}</li>}
    </ul>
  );
}
