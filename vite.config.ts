import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

/**
 * One config for the app build and for Vitest. Lingui's macros need Babel; Vite 8's React plugin no
 * longer carries it, so the macro plugin runs through @rolldown/plugin-babel ahead of React.
 */
export default defineConfig(() => ({
  plugins: [
    babel({
      plugins: ['@lingui/babel-plugin-lingui-macro'],
      // Only our own sources use the macros; skip node_modules for speed.
      include: /\/(src|machines)\/.*\.[jt]sx?$/,
    }),
    react(),
    lingui(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The form stack every step screen uses, in one chunk that loads with the first page
              // (which always shows a step), so each step's own chunk holds only its screen and rules.
              name: 'forms',
              test: /[\\/](node_modules[\\/](react-hook-form|@hookform)|src[\\/]components[\\/]form|src[\\/]i18n[\\/]validation-message)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8787}`, changeOrigin: false },
      '/sandbox': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8787}`, changeOrigin: false },
    },
  },
  test: {
    projects: [
      {
        extends: true as const,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          setupFiles: ['tests/support/vitest-node.setup.ts'],
        },
      },
      {
        extends: true as const,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          setupFiles: ['tests/support/vitest-dom.setup.ts'],
        },
      },
    ],
    testTimeout: 20000,
    hookTimeout: 60000,
    allowOnly: false,
    passWithNoTests: false,
  },
}));
