// No module of the window imports itself, however far round: a cycle makes load order matter (a
// slice reading a helper the store has not defined yet) and ties concepts that should stand alone.
// The graph is read as src-main's layer test reads its own (scripts/import-graph.ts).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesIn, importGraph, readSources } from '../scripts/import-graph';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The one import left out: a slice's `import type` of the store's state. `AppState` is every slice
 * put together and each slice's selectors and actions take it, so the type names the slices that name
 * it; the compiler erases it, so nothing loads in a loop (the slices pattern of lobe-chat's store).
 */
const allowedTypeImport = (from: string, to: string) => to === 'store/app-store.ts' && from.startsWith('store/');

const windowSources = () => readSources(here, (path) => !/\.test\.tsx?$/.test(path));
const cyclesOfWindow = (graph: ReturnType<typeof importGraph>) => cyclesIn(graph, (from, edge) => edge.typeOnly && allowedTypeImport(from, edge.to));

describe('the window’s imports', () => {
  it('form no cycle', () => {
    const graph = importGraph(windowSources());
    // The walk sees the graph: the store is built from its slices, a lazy view is an edge too.
    expect(graph.get('store/app-store.ts')?.map((edge) => edge.to)).toContain('store/tools-slice.ts');
    expect(graph.get('ui/preview/ConvertedFileView.tsx')?.map((edge) => edge.to)).toContain('ui/preview/MarkdownView.tsx');
    expect(cyclesOfWindow(graph)).toEqual([]);
  });

  it('would name a cycle of any length, through a re-export, an import() or a type', () => {
    const sources = new Map([
      ['a.ts', "import { b } from './b';\nexport const a = b;"],
      ['b.ts', "export { c as b } from './c';"],
      ['c.ts', "export const c = 1;\nconst later = () => import('./a');"],
      ['words/words.ts', "import type { Held } from '../store/held';\nexport interface Words { held: Held }"],
      ['store/held.ts', "import {\n  type Words,\n} from '../words/words';\nexport type Held = keyof Words;"],
    ]);
    expect(cyclesOfWindow(importGraph(sources))).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['store/held.ts', 'words/words.ts', 'store/held.ts'],
    ]);
  });

  it('leaves out only a slice’s type import of the store’s state', () => {
    const sources = new Map([
      ['store/app-store.ts', "import { createUiSlice } from './ui-slice';\nexport type AppState = ReturnType<typeof createUiSlice>;"],
      ['store/ui-slice.ts', "import type { AppState } from './app-store';\nexport const createUiSlice = () => ({});"],
    ]);
    expect(cyclesOfWindow(importGraph(sources))).toEqual([]);
    sources.set('store/ui-slice.ts', "import { type AppState, load } from './app-store';\nexport const createUiSlice = () => ({});");
    expect(cyclesOfWindow(importGraph(sources))).toEqual([['store/app-store.ts', 'store/ui-slice.ts', 'store/app-store.ts']]);
  });
});
