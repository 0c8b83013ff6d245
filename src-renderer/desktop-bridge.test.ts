// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeHost } from '../src-shared/test/fake-host';
import { pathOfChosenFolder, pathOfDroppedFile } from './desktop-bridge';

afterEach(() => {
  delete window.vitruvian;
});

const withPaths = (paths: Record<string, string>) => {
  window.vitruvian = Object.assign({}, createFakeHost().host, { pathForFile: (file: File) => paths[file.name] ?? '' });
};

const chosen = (name: string, relative: string) => {
  const file = new File([], name);
  Object.defineProperty(file, 'webkitRelativePath', { value: relative });
  return file;
};

describe('the desktop bridge', () => {
  it('knows no dropped path in a browser', () => {
    expect(pathOfDroppedFile(new File([], 'x'))).toBeUndefined();
  });

  it('gives a dropped folder’s path in the desktop app', () => {
    withPaths({ tool: '/Users/me/tool' });
    expect(pathOfDroppedFile(new File([], 'tool'))).toBe('/Users/me/tool');
  });

  it('finds the chosen folder from the first file a folder picker lists', () => {
    withPaths({ run: '/Users/me/tools/deploys/bin/run' });
    expect(pathOfChosenFolder([chosen('run', 'deploys/bin/run')])).toBe('/Users/me/tools/deploys');
    withPaths({ 'vitruvian-tool.json': 'C:\\tools\\deploys\\vitruvian-tool.json' });
    expect(pathOfChosenFolder([chosen('vitruvian-tool.json', 'deploys/vitruvian-tool.json')])).toBe('C:\\tools\\deploys');
  });
});
