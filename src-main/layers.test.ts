// The layers of the Node side, held: each folder of src-main may import only its own layer and the
// layers under it, so a reader can learn the code from the bottom up, and no module imports itself
// however far round. docs/design/architecture.md draws the same layers.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesIn, importGraph, readSources, type ImportEdge } from '../scripts/import-graph';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * From the bottom up. A module belongs to the longest folder of this list its path starts with;
 * src-main's own top-level modules (the app's version, the window's folder) are the bottom layer.
 */
export const LAYERS = [
  '.',
  'host/files',
  'host/wire',
  'host/records',
  'host/process',
  'platform',
  'host/tools',
  'host/plugins',
  'host/plugins/module',
  'host/installs',
  'host/entries',
  'host',
  'conformance',
  'testbed',
  'cli',
  'electron',
] as const;

/** What only tests use: they may import any layer, and no module of a layer imports them. */
const isTestOnly = (path: string) => /\.test\.ts$/.test(path) || path.startsWith('test-support/') || /(^|\/)fixtures\//.test(path);

export function layerOf(path: string): number {
  let found = 0;
  LAYERS.forEach((layer, index) => {
    if (layer !== '.' && (path.startsWith(`${layer}/`) || path === layer) && layer.length >= (LAYERS[found] ?? '').length) found = index;
  });
  if (found === 0 && path.includes('/')) throw new Error(`${path} is in no layer: add its folder to LAYERS`);
  return found;
}

/** Each import a layer may not make, in words: the importer, the imported, and both layers. */
export function layerProblems(graph: ReadonlyMap<string, ImportEdge[]>): string[] {
  const problems: string[] = [];
  for (const [from, edges] of graph) {
    for (const { to } of edges) {
      if (isTestOnly(from)) continue;
      if (isTestOnly(to)) {
        problems.push(`${from} imports ${to}, which only tests may use`);
        continue;
      }
      const [a, b] = [layerOf(from), layerOf(to)];
      if (b > a) problems.push(`${from} (${LAYERS[a]}) imports ${to} (${LAYERS[b]}), a layer above its own`);
    }
  }
  return problems;
}

describe('the layers of src-main', () => {
  const graph = importGraph(readSources(here, () => true));

  it('each module imports only its own layer and those under it', () => {
    // The walk sees the graph: the facade builds on the hosted entries, the peer on the transport.
    expect(graph.get('host/host.ts')?.length).toBeGreaterThan(5);
    expect(graph.get('host/wire/peer.ts')?.map((edge) => edge.to)).toContain('host/wire/transport.ts');
    expect(layerProblems(graph)).toEqual([]);
  });

  it('form no cycle', () => {
    expect(cyclesIn(graph)).toEqual([]);
  });

  it('every folder is in a layer', () => {
    for (const path of graph.keys()) if (!isTestOnly(path)) expect(() => layerOf(path)).not.toThrow();
  });

  it('would name an upward import, one into test support, and a module in no layer', () => {
    const made = importGraph(
      new Map([
        ['host/wire/peer.ts', "import { ToolLog } from '../records/logs';"],
        ['host/records/logs.ts', "import type { Peer } from '../wire/peer';"],
        ['host/tools/broker.ts', "import { createMemoryLink } from '../../test-support/memory-link';"],
        ['test-support/memory-link.ts', "import { Peer } from '../host/wire/peer';"],
        ['host/tools/broker.test.ts', "import { Host } from '../host';"],
        ['host/host.ts', ''],
      ]),
    );
    expect(layerProblems(made)).toEqual([
      'host/wire/peer.ts (host/wire) imports host/records/logs.ts (host/records), a layer above its own',
      'host/tools/broker.ts imports test-support/memory-link.ts, which only tests may use',
    ]);
    expect(cyclesIn(made)).toEqual([['host/records/logs.ts', 'host/wire/peer.ts', 'host/records/logs.ts']]);
    expect(() => layerOf('somewhere/new.ts')).toThrow('somewhere/new.ts is in no layer');
  });
});
