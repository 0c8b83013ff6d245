import { describe, expect, it } from 'vitest';
import { workerScript } from './worker-script';

describe('workerScript', () => {
  it('is the file beside the module in the sources and the bundle', () => {
    expect(workerScript('./module-worker.mjs', 'file:///work/dist/electron/main.cjs').href).toBe('file:///work/dist/electron/module-worker.mjs');
  });

  it('is the unpacked copy when the module is inside app.asar', () => {
    expect(workerScript('./module-worker.mjs', 'file:///Applications/Vitruvian.app/Contents/Resources/app.asar/dist/electron/main.cjs').href).toBe(
      'file:///Applications/Vitruvian.app/Contents/Resources/app.asar.unpacked/dist/electron/module-worker.mjs',
    );
  });
});
