// The import graph of a set of modules, read with the TypeScript compiler's parser (not a regex), so
// an import split over lines, a re-export or an `import()` is an edge too, and `import type` is told
// apart. The window's import-cycle test and src-main's layer test both read their code through it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** The relative specifiers a source imports (packages cannot import us back), each typed or not. */
export function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
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

/** Each module (a path relative to the set's root) and the modules of the same set it imports. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, ImportEdge[]> {
  const resolveIn = (from: string, specifier: string) => {
    const base = join(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => sources.has(path));
  };
  const graph = new Map<string, ImportEdge[]>();
  for (const [path, source] of sources) {
    const edges = importsOf(source).flatMap(({ specifier, typeOnly }) => {
      const to = resolveIn(path, specifier);
      return to === undefined ? [] : [{ to, typeOnly }];
    });
    graph.set(path, edges);
  }
  return graph;
}

/**
 * Every cycle met walking the graph depth first, each as the modules round it, the first repeated.
 * `skip`: an edge the walk does not follow (one a test has reason to leave out).
 */
export function cyclesIn(graph: ReadonlyMap<string, ImportEdge[]>, skip: (from: string, edge: ImportEdge) => boolean = () => false): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (module: string) => {
    const at = path.indexOf(module);
    if (at >= 0) return void cycles.push([...path.slice(at), module]);
    if (done.has(module)) return;
    path.push(module);
    for (const edge of graph.get(module) ?? []) if (!skip(module, edge)) walk(edge.to);
    path.pop();
    done.add(module);
  };
  for (const module of [...graph.keys()].sort()) walk(module);
  return cycles;
}

/** The TypeScript sources under `root` (paths relative to it), read; `keep` picks which. */
export function readSources(root: string, keep: (path: string) => boolean): Map<string, string> {
  const sources = new Map<string, string>();
  const read = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') read(path);
      } else if (/\.tsx?$/.test(entry.name) && keep(relative(root, path))) {
        sources.set(relative(root, path), readFileSync(path, 'utf8'));
      }
    }
  };
  read(root);
  return sources;
}
