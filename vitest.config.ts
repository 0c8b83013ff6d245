import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}', 'tools-sample/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One test file a core, where Vitest's default leaves one core free: most files spend their
    // time waiting on the processes they start (tools, plugins, the CLI), so on 2 cores the suite
    // took 230 s with two at once against 385 s with one.
    maxWorkers: '100%',
  },
});
