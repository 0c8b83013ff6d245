// `npm run bench`: every bench/*.ts in turn, each in a process of its own (so one's garbage and
// JIT state do not weigh on the next). A benchmark prints its own ratios and whether each target
// of docs/design/performance.md is met; a missed target is printed, not an error. A bench that throws is.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'run-all.ts')
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

const tsx = join(here, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name}`);
  const run = spawnSync(process.execPath, [tsx, join(here, name)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.log(`${name} failed (${run.signal ?? `exit code ${run.status}`})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
