// The linter of the house, run in CI by `npm run lint`. TypeScript is checked with type
// information (a promise nobody awaits, a promise handed where a plain function is expected, an
// assertion the compiler already knows), pages with React's hook rules and Next's own rules.
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Generated or built: the generator and the compiler own these files.
  globalIgnores([
    '.data/',
    '.next/',
    '.next-*/',
    'generated/',
    'server/dist/',
    'sdk/dist/',
    'sdk/src/generated/',
    'test-results/',
    'tmp/',
    'next-env.d.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The rules this linter is here for, named so a change of preset cannot drop them.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // `_name` says "received, deliberately unused" (a handler's position, a destructured rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // An async function that implements a Promise-returning port without awaiting (the local
      // processor, a fake in a test) is correct; a forgotten await is no-floating-promises' to find.
      '@typescript-eslint/require-await': 'off',
      // A `let` that a handler declared earlier reads (a timer set after connecting, cleared on close)
      // cannot be a const: the handler may run first.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  // Plain JavaScript (scripts, examples, configuration) is in no TypeScript project.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Tests read response bodies as they come off the wire (`await res.json()` is `any`) and assert
  // them; typing every body first would only restate the assertions.
  {
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // The API reference page's script runs in the browser beside swagger-ui's bundle.
  {
    files: ['server/http/routes/operations/api-reference/*.js'],
    languageOptions: { globals: { ...globals.browser, SwaggerUIBundle: 'readonly' } },
  },
  // Pages, their components and the e-mail templates are React.
  {
    files: ['app/**/*.{ts,tsx}', 'emails/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    extends: [nextPlugin.configs.recommended, nextPlugin.configs['core-web-vitals']],
    settings: { next: { rootDir: import.meta.dirname } },
  },
);
