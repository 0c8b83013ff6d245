// Builds a WAT module plugin's component: `npx tsx scripts/build-wat-plugin.ts <folder>` writes the
// manifest's module.wasm from the .wat of the same name and world.wit (src-main/cli/wat-plugin.ts).
import { buildWatPlugin } from '../src-main/cli/wat-plugin';

const folder = process.argv[2];
if (!folder || process.argv.length > 3) {
  console.error('usage: npx tsx scripts/build-wat-plugin.ts <folder>');
  process.exitCode = 2;
} else {
  try {
    const { path, bytes } = await buildWatPlugin(folder);
    console.log(`wrote ${path} (${bytes.length} bytes)`);
  } catch (error) {
    console.error(`build-wat-plugin: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
