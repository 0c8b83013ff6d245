// Writes the types of the JSON-RPC envelope and both protocols (src-shared/jsonrpc/types.ts,
// src-shared/protocol/types.ts, src-shared/skwir/types.ts) from
// their JSON Schemas, so the types are never written by hand. `npm run gen:types`; `--check` exits 1
// when a checked-in file is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generatedTypes } from './protocol-types';

for (const { file, generate } of generatedTypes) {
  const target = fileURLToPath(new URL(`../${file}`, import.meta.url));
  const fresh = await generate();
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== fresh) {
      console.error(`${file} is stale: run npm run gen:types`);
      process.exitCode = 1;
    }
  } else {
    await writeFile(target, fresh);
    console.log(`wrote ${file}`);
  }
}
