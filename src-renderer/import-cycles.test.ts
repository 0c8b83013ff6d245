// No module of the window imports itself, however far round: a cycle makes load order matter (a
// slice reading a helper the store has not defined yet) and ties concepts that should stand alone.
// The graph is read with the TypeScript compiler's parser (not a regex), so an import split over
// lines, a re-export or an `import()` is an edge too, and `import type` is told apart.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The one import left out: a slice's `import type` of the store's state. `AppState` is every slice
 * put together and each slice's selectors and actions take it, so the type names the slices that name
 * it; the compiler erases it, so nothing loads in a loop (the slices pattern of lobe-chat's store).
 */
const allowedTypeImport = (from: string, to: string) => to === 'store/app-store.ts' && from.startsWith('store/');

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** The modules a source imports (relative specifiers only: packages cannot import us back). */
function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  const file = ts.createSourceFile('x.tsx', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly || (!clause.name && named !== undefined && named.length > 0 && named.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) found.push({ specifier: specifier.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((entry) => entry.specifier.startsWith('.'));
}

/** Each module (a path relative to the root) and the modules of the same set it imports. */
function importGraph(sources: Map<string, string>): Map<string, Edge[]> {
  const resolveIn = (from: string, specifier: string) => {
    const base = join(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => sources.has(path));
  };
  const graph = new Map<string, Edge[]>();
  for (const [path, source] of sources) {
    const edges = importsOf(source).flatMap(({ specifier, typeOnly }) => {
      const to = resolveIn(path, specifier);
      return to === undefined ? [] : [{ to, typeOnly }];
    });
    graph.set(path, edges);
  }
  return graph;
}

/** Every cycle met walking the graph depth first, each as the modules round it, the first repeated. */
function cyclesIn(graph: Map<string, Edge[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (module: string) => {
    const at = path.indexOf(module);
    if (at >= 0) return void cycles.push([...path.slice(at), module]);
    if (done.has(module)) return;
    path.push(module);
    for (const edge of graph.get(module) ?? []) {
      if (!(edge.typeOnly && allowedTypeImport(module, edge.to))) walk(edge.to);
    }
    path.pop();
    done.add(module);
  };
  for (const module of [...graph.keys()].sort()) walk(module);
  return cycles;
}

function windowSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const read = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) read(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        sources.set(relative(here, path), readFileSync(path, 'utf8'));
      }
    }
  };
  read(resolve(here));
  return sources;
}

describe('the window’s imports', () => {
  it('form no cycle', () => {
    const graph = importGraph(windowSources());
    // The walk sees the graph: the store is built from its slices, a lazy view is an edge too.
    expect(graph.get('store/app-store.ts')?.map((edge) => edge.to)).toContain('store/tools-slice.ts');
    expect(graph.get('ui/preview/ConvertedFileView.tsx')?.map((edge) => edge.to)).toContain('ui/preview/MarkdownView.tsx');
    expect(cyclesIn(graph)).toEqual([]);
  });

  it('would name a cycle of any length, through a re-export, an import() or a type', () => {
    const sources = new Map([
      ['a.ts', "import { b } from './b';\nexport const a = b;"],
      ['b.ts', "export { c as b } from './c';"],
      ['c.ts', "export const c = 1;\nconst later = () => import('./a');"],
      ['words/words.ts', "import type { Held } from '../store/held';\nexport interface Words { held: Held }"],
      ['store/held.ts', "import {\n  type Words,\n} from '../words/words';\nexport type Held = keyof Words;"],
    ]);
    expect(cyclesIn(importGraph(sources))).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['store/held.ts', 'words/words.ts', 'store/held.ts'],
    ]);
  });

  it('leaves out only a slice’s type import of the store’s state', () => {
    const sources = new Map([
      ['store/app-store.ts', "import { createUiSlice } from './ui-slice';\nexport type AppState = ReturnType<typeof createUiSlice>;"],
      ['store/ui-slice.ts', "import type { AppState } from './app-store';\nexport const createUiSlice = () => ({});"],
    ]);
    expect(cyclesIn(importGraph(sources))).toEqual([]);
    sources.set('store/ui-slice.ts', "import { type AppState, load } from './app-store';\nexport const createUiSlice = () => ({});");
    expect(cyclesIn(importGraph(sources))).toEqual([['store/app-store.ts', 'store/ui-slice.ts', 'store/app-store.ts']]);
  });
});
