import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import solis from './tests/support/eslint/no-import-cycle.js';
import globals from 'globals';

/**
 * Import boundaries (docs/architecture.md, docs/decisions/080-step-modules.md): enforced here, not by
 * good intentions.
 *
 *   src/app ── wires everything; the only place that gives machines the HTTP client
 *   src/steps/<taskKey>/ ── one step: contract, view, logic, meta; never another step, never the client
 *   src/steps/*.ts(x) ── the kit every step uses (application actor, forms bound to contracts)
 *   src/components ── design system     machines/ ── statecharts, no React, no network
 *   src/api ── the HTTP client and the wire schemas: know no machine
 *   src/contract, src/domain, src/validation ── pure, shared with the server; know no wire format
 *   server/ ── the reference API: step contracts, contract kit, domain, validation, wire schemas only
 */
const REACT = ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-router-dom', 'react-hook-form', '@lingui/react', '@lingui/react/*'];
const NETWORK = ['ofetch', 'pg', '@electric-sql/pglite', 'hono', 'hono/*', '@hono/*'];

/** The HTTP client and its endpoint functions: `src/api/*.ts`, not the wire schemas under `src/api/schemas/`. */
const HTTP_CLIENT = { regex: '(^|/)api/(?!schemas/)[^/]+$', message: 'Only src/app gives machines and steps the HTTP client (provided actors).' };

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
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
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
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, ...NETWORK, '**/src/app/**', '**/src/steps/**', '**/src/components/**', '**/server/**'],
        'machines/ are pure statecharts: no React, no network, no views (I/O is provided as actors).',
        [HTTP_CLIENT],
      ),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // A step folder: its own files, the step kit (src/steps/*.ts), components, domain, validation,
    // the contract kit, machines and wire-schema types. Never another step, the app or the client.
    files: ['src/steps/*/**/*.{ts,tsx}'],
    ignores: ['src/steps/*/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['ofetch', '**/src/app/**', '**/app/**'], 'A step never imports the app; the app provides what a step needs.', [
        HTTP_CLIENT,
        { regex: '^\\.\\./(?!\\.\\.)[^/]+/', message: 'A step never imports another step: shared pieces go to src/components, src/domain or the step kit.' },
      ]),
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'sessionStorage'],
    },
  },
  {
    // The step kit (files directly in src/steps): shared by every step, knows none of them.
    files: ['src/steps/*.{ts,tsx}'],
    ignores: ['src/steps/*.gen.ts', 'src/steps/step-index.generator.ts'],
    rules: {
      'no-restricted-imports': forbid(['ofetch', '**/src/app/**', '../app/**'], 'The step kit never imports the app.', [
        HTTP_CLIENT,
        { regex: '^\\./[^/]+/', message: 'The step kit knows no step: a step folder is reached only through the generated indexes.' },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, 'ofetch', '**/src/app/**', '**/src/components/**', '**/src/i18n/**', '**/machines/**'],
        'server/ may use step contracts, src/contract, src/domain, src/validation and src/api/schemas only, never React or the client.',
        [
          HTTP_CLIENT,
          {
            regex: 'src/steps/(?!contracts\\.gen$|task-keys$|step-contract-entry$|[^/]+/contract$)',
            message: 'server/ imports only step contracts (src/steps/<taskKey>/contract.ts and the contracts index), never views or logic.',
          },
        ],
      ),
    },
  },
  {
    // Shared with the server: pure TypeScript and valibot, and no wire format (src/api/schemas).
    files: ['src/validation/**/*.ts', 'src/domain/**/*.ts', 'src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, ...NETWORK, '@lingui/*', '**/src/app/**', '**/src/steps/**', '**/src/components/**', '**/machines/**', '**/api/**', '../steps/**', '../app/**'],
        'Shared with the server: pure TypeScript and valibot only, and no wire format.',
      ),
    },
  },
  {
    // The client and the wire schemas know no machine and no view.
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, '**/machines/**', '**/src/app/**', '**/src/steps/**', '**/src/components/**', '../app/**', '../steps/**', '../components/**'],
        'src/api (the client and the wire schemas) knows no machine and no view.',
      ),
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['**/src/app/**', '**/src/steps/**', '**/app/**', '**/steps/**', 'ofetch'], 'components/ are design-system pieces: no app, steps or network.', [
        HTTP_CLIENT,
      ]),
    },
  },
);
