// `npm run lint`: the TypeScript with typescript-eslint's type-checked rules (a floating or misused
// promise is the bug the host's asynchronous code is most prone to), the window's React with the hooks
// rules, and the plain JavaScript (the CLI's launcher, the tools and plugins in fixtures, templates and
// samples, which run in Node) with ESLint's recommended rules and no type information.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      // Build output, reports and caches (see .gitignore).
      'dist/',
      'release/',
      'out/',
      'test-results/',
      'playwright-report/',
      '.vitest-cache/',
      // A tool that does not parse, on purpose: the conformance check reports Node's refusal.
      'src-main/conformance/fixtures/syntax-error/tool.mjs',
    ],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // TypeScript's own project service, as an editor has it: each file is checked in the
        // project of tsconfig.json's references that holds it (src-shared without Node or DOM, the
        // host, the window, the tests), with the libraries it is compiled with, and the projects
        // share one registry of parsed files. Listing the four projects instead made each file try
        // them in turn and parse the tree once per project.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // An `async` function with no `await` is how this code implements a promise-returning
      // interface (HostApi, Platform, a request handler): its throw stays a rejection. Dropping
      // `async` to please the rule would turn those rejections into synchronous throws.
      '@typescript-eslint/require-await': 'off',
      // A name starting with `_` is unused on purpose: a parameter only a subclass reads, a key
      // left out of the rest of an object, a loop that only counts.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      // Vitest types its asymmetric matchers (expect.any, expect.stringContaining...) as `any` so
      // that they fit any field of an expected value; every one of them is an "unsafe assignment".
      // An untyped value a test reads is still caught by no-unsafe-member-access, -argument, -call.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      // Playwright reads a test's first parameter as the fixtures it asks for and needs an object
      // pattern there, empty when the test only wants testInfo, its second.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // The window is not built with the React Compiler; this rule only says the compiler would
      // leave a component as written because it calls a library it cannot memoize around
      // (TanStack Virtual's useVirtualizer in the log and trace lists).
      'react-hooks/incompatible-library': 'off',
    },
  },
);
