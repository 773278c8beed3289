import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Import boundaries (docs/architecture.md): enforced here, not by good intentions. */
const REACT = ['react', 'react-dom', 'react-dom/*', '@xstate/react', 'react-router-dom', 'react-hook-form', '@lingui/react', '@lingui/react/*'];
const NETWORK = ['ofetch', 'pg', '@electric-sql/pglite', 'hono', 'hono/*', '@hono/*'];

function forbid(groups, message) {
  return ['error', { patterns: [{ group: groups, message }] }];
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
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, ...NETWORK, '**/src/app/**', '**/src/steps/**', '**/src/components/**', '**/src/api/*.ts', '**/server/**'],
        'machines/ are pure statecharts: no React, no network, no views (I/O is provided as actors).',
      ),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'sessionStorage'],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, 'ofetch', '**/src/app/**', '**/src/steps/**', '**/src/components/**', '**/src/i18n/**', '**/machines/**'],
        'server/ may use src/validation, src/domain and src/api/schemas only, never React or the client.',
      ),
    },
  },
  {
    files: ['src/validation/**/*.ts', 'src/domain/**/*.ts', 'src/api/schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...REACT, ...NETWORK, '@lingui/*', '**/src/app/**', '**/src/steps/**', '**/src/components/**', '**/machines/**'],
        'Shared with the server: pure TypeScript and valibot only.',
      ),
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['**/src/app/**', '**/src/steps/**', '**/app/**', '**/steps/**', 'ofetch'], 'components/ are design-system pieces: no app, steps or network.'),
    },
  },
);
