// A Skwir plugin written by a test: it answers a plan for any file (renamed with .bak added), and
// takes 30 s to inspect a .slow file, for a call to be seen slow and cancelled.
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { samplesFolder } from './testbed-process';

export const planPluginName = 'Plan maker';
export const planCommandTitle = 'Keep a backup';

export async function writePlanPlugin(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await copyFile(join(samplesFolder, 'skwir-hex', 'skwir-link.mjs'), join(folder, 'skwir-link.mjs'));
  await writeFile(
    join(folder, 'skwir-plugin.toml'),
    [
      'id = "dev.vitruvian.e2e.plans"',
      `name = "${planPluginName}"`,
      'version = "1.0.0"',
      'capabilities = ["read", "write"]',
      '[program]',
      'exec = "plugin.mjs"',
      '[[previews]]',
      'extensions = ["slow"]',
      '[[commands]]',
      'name = "plans.backup"',
      `title = "${planCommandTitle}"`,
      '',
    ].join('\n'),
  );
  await writeFile(
    join(folder, 'plugin.mjs'),
    [
      '#!/usr/bin/env node',
      "import { serve } from './skwir-link.mjs';",
      'serve({',
      `  command: (params) => ({ answer: 'plan', title: '${planCommandTitle}', note: 'Each file gets .bak added to its name.',`,
      "    steps: params.entries.map((entry) => ({ op: 'rename', file: entry.handle, name: `${entry.name}.bak` })) }),",
      "  inspect: () => new Promise((resolve) => setTimeout(() => resolve({ title: 'Awake', text: ['slept'] }), 30_000)),",
      '});',
      '',
    ].join('\n'),
  );
  await chmod(join(folder, 'plugin.mjs'), 0o755);
}
