// require('electron') outside Electron tries to download the binary, and only src-main/electron
// runs inside Electron: no other module may import it, not even for its types.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const repository = join(import.meta.dirname, '..', '..');
const searched = ['src-shared', 'src-main', 'src-renderer', 'bin', 'e2e', 'bench', 'tools-sample', 'scripts', 'build'];
const allowed = join('src-main', 'electron') + sep;
const sourceFile = /\.(c|m)?(j|t)sx?$/;

/** import ... from 'electron', import('electron'), require('electron'), export ... from 'electron', and 'electron/...'. */
const importsElectron = (text: string): boolean => {
  // Comments may name require('electron') to warn against it.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  return /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]electron(?:\/[^'"]*)?['"]/.test(code);
};

async function* sourceFiles(folder: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (sourceFile.test(entry.name)) yield path;
  }
}

describe('the electron import boundary', () => {
  it('recognizes every way of importing electron, and not the word in other places', () => {
    for (const text of [
      "import { app } from 'electron';",
      'import type { BrowserWindow } from "electron";',
      "export { shell } from 'electron'",
      "const { app } = require('electron')",
      "await import('electron')",
      "import 'electron';",
      "import { x } from 'electron/main';",
    ]) {
      expect(importsElectron(text), text).toBe(true);
    }
    for (const text of [
      "import { _electron } from '@playwright/test';",
      "const a = 'electron';",
      "import x from 'electron-builder';",
      "// never require('electron') here: it would download the binary",
      "/** not import('electron') */",
    ]) {
      expect(importsElectron(text), text).toBe(false);
    }
  });

  it('holds: no module outside src-main/electron imports electron', async () => {
    const offenders: string[] = [];
    let looked = 0;
    for (const entry of await readdir(repository, { withFileTypes: true })) {
      // The repository's own top-level files: vite, vitest and playwright configs.
      if (!entry.isFile() || !sourceFile.test(entry.name)) continue;
      looked++;
      if (importsElectron(await readFile(join(repository, entry.name), 'utf8'))) offenders.push(entry.name);
    }
    for (const top of searched) {
      for await (const file of sourceFiles(join(repository, top))) {
        const path = relative(repository, file);
        looked++;
        if (path.startsWith(allowed)) continue;
        if (importsElectron(await readFile(file, 'utf8'))) offenders.push(path);
      }
    }
    expect(looked).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
