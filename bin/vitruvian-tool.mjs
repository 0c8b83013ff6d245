#!/usr/bin/env node
// The vitruvian-tool CLI, run from the TypeScript sources through tsx so it works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src-main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
