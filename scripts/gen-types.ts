// Writes src-shared/protocol/types.ts from the protocol's JSON Schemas, so the types are never
// written by hand. `npm run gen:types`; `--check` exits 1 when the checked-in file is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateProtocolTypes } from './protocol-types';

const target = fileURLToPath(new URL('../src-shared/protocol/types.ts', import.meta.url));
const fresh = await generateProtocolTypes();
if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== fresh) {
    console.error('src-shared/protocol/types.ts is stale: run npm run gen:types');
    process.exitCode = 1;
  }
} else {
  await writeFile(target, fresh);
  console.log('wrote src-shared/protocol/types.ts');
}
