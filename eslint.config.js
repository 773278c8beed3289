import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import solis from './tests/support/eslint/no-import-cycle.js';
import globals from 'globals';

/**
 * Import boundaries (docs/architecture.md): enforced here, not by good intentions. Arrows point down.
 *
 *   src/app ── wires everything; the only place that gives machines and steps the HTTP client
 *   src/steps/<taskKey>/ ── one step: contract, view, logic, meta, its own machine; never another step
 *   src/features/<name>/ ── what several steps share (calculator, offer kit, uploads, closing page)
 *   src/steps/_kit/ ── what every step uses (application actor, forms bound to contracts); knows no step
 *   src/steps/_generated/ ── the indexes generated from the step folders, and the task keys
 *   src/components ── design system     src/api ── the HTTP client and its endpoint functions
 *   machines/ (and every *.machine.ts) ── statecharts: no React, no network, nothing of src/
 *   server/ ── the reference API: core/ and the step contracts and task keys of src/steps only
 *   core/ ── the kernel every side shares: domain < validation < contract, wire; imports nothing above
 */
const REACT = ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-router-dom', 'react-hook-form', '@lingui/react', '@lingui/react/*'];
const NETWORK = ['ofetch', 'pg', '@electric-sql/pglite', 'hono', 'hono/*', '@hono/*'];

/** The HTTP client and its endpoint functions: `src/api/*.ts`. */
const HTTP_CLIENT = { regex: '(^|/)api/[^/]+$', message: 'Only src/app gives machines and steps the HTTP client (provided actors).' };

/** Anything of src/ but the step contracts, the contracts index and the task keys (what server/ and machines/ may use). */
const SRC_BUT_CONTRACTS = {
  regex: '(^|/)src/(?!steps/(_generated/(contracts\\.gen|task-keys|step-contract-entry)|[a-zA-Z]+/contract)$)',
  message: 'Only the step contracts and task keys of src/ are shared with server/ and machines/; the rest of the kernel is core/.',
};

/** Every layer above the kernel, as seen from a file inside core/. */
const ABOVE_CORE = ['**/src/**', '**/machines/**', '**/server/**', '../../src/**', '../../machines/**', '../../server/**'];

/** What no statechart imports, wherever it lives. */
const MACHINE_FORBIDDEN = [...REACT, ...NETWORK, '**/src/app/**', '**/src/components/**', '**/server/**'];
const MACHINE_MESSAGE = 'Machines are pure statecharts: no React, no network, no views (I/O is provided as actors).';

function forbid(groups, message, extra = []) {
  return ['error', { patterns: [...(groups.length ? [{ group: groups, message }] : []), ...extra] }];
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'locales/**/*.ts', 'test-results/**', 'playwright-report/**', '.data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // No import cycles anywhere in the product (type-only imports included: they still couple modules).
    files: ['core/**/*.ts', 'src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
    plugins: { solis },
    rules: { 'solis/no-import-cycle': 'error' },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  {
    // Hooks written in .ts files follow the same rules.
    files: ['src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Statecharts, in machines/ or beside the one step or feature that uses them (docs/architecture.md).
    files: ['machines/**/*.ts', 'src/**/*.machine.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': forbid(MACHINE_FORBIDDEN, MACHINE_MESSAGE, [HTTP_CLIENT]),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // machines/ also imports nothing of src/ but the task keys.
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': forbid(MACHINE_FORBIDDEN, MACHINE_MESSAGE, [HTTP_CLIENT, SRC_BUT_CONTRACTS]) },
  },
  {
    // A step folder: its own files, the step kit, features, components, core and machines. Never
    // another step, the app or the client.
    files: ['src/steps/*/**/*.{ts,tsx}'],
    ignores: ['src/steps/*/**/*.test.{ts,tsx}', 'src/steps/_kit/**', 'src/steps/_generated/**', 'src/**/*.machine.ts'],
    rules: {
      'no-restricted-imports': forbid(['ofetch', '**/src/app/**', '**/app/**'], 'A step never imports the app; the app provides what a step needs.', [
        HTTP_CLIENT,
        { regex: '^\\.\\./(?!\\.\\.|_kit/)[^/]+/', message: 'A step never imports another step: shared pieces go to src/features, src/components, core/ or the step kit.' },
      ]),
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // The step kit: shared by every step and feature, knows none of them.
    files: ['src/steps/_kit/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['ofetch', '**/src/app/**', '**/app/**', '**/features/**'], 'The step kit never imports the app or a feature.', [
        HTTP_CLIENT,
        { regex: '^\\.\\./(?!\\.\\.|_generated/)[^/]+/', message: 'The step kit knows no step: a step folder is reached only through the generated indexes.' },
      ]),
    },
  },
  {
    // Features: shared by several steps; know no step and not the app.
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/**/*.machine.ts'],
    rules: {
      'no-restricted-imports': forbid(['ofetch', '**/src/app/**', '**/app/**'], 'A feature never imports the app; the app provides what it needs.', [
        HTTP_CLIENT,
        { regex: '(^|/)steps/(?!_kit/|_generated/task-keys$)', message: 'A feature knows no step: steps use features, not the other way.' },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, 'ofetch', '**/machines/**'],
        'server/ uses core/ and the step contracts and task keys only: never React, views, machines or the client.',
        [SRC_BUT_CONTRACTS],
      ),
    },
  },
  {
    // The kernel: pure TypeScript and valibot, shared by every side; imports nothing above it.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid([...REACT, ...NETWORK, '@lingui/*', ...ABOVE_CORE], 'core/ is the kernel: pure TypeScript and valibot, importing nothing above it.'),
    },
  },
  {
    // Inside the kernel, the domain is the bottom: validation rules use it, never the reverse.
    files: ['core/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, ...NETWORK, '@lingui/*', ...ABOVE_CORE, '../validation/**', '../contract/**', '../wire/**', '../../validation/**', '../../contract/**', '../../wire/**'],
        'core/domain is the bottom of the kernel: it imports no validation, contract kit or wire schema.',
      ),
    },
  },
  {
    // Validation and the contract kit know no wire format.
    files: ['core/validation/**/*.ts', 'core/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, ...NETWORK, '@lingui/*', ...ABOVE_CORE, '../wire/**', '../../wire/**'],
        'core/validation and core/contract know no wire format (core/wire).',
      ),
    },
  },
  {
    // The client knows no machine and no view.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, '**/machines/**', '**/src/app/**', '**/src/steps/**', '**/src/components/**', '../app/**', '../steps/**', '../components/**', '../features/**'],
        'src/api (the HTTP client) knows no machine and no view.',
      ),
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['**/src/app/**', '**/src/steps/**', '**/app/**', '**/steps/**', '**/features/**', 'ofetch'], 'components/ are design-system pieces: no app, steps, features or network.', [
        HTTP_CLIENT,
      ]),
    },
  },
  {
    // A module a test replaces (vi.mock) must not leak into the tests that share their worker's
    // modules (isolate: false, decision 200): such a test is an isolated file (decision 243).
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['**/*.isolated.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({ object: 'vi', property, message: 'Replace a module only in an isolated test file (*.isolated.test.tsx, Vitest project dom-isolated).' })),
      ],
    },
  },
);
