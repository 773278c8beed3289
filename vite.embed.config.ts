import { defineConfig } from 'vite';

/**
 * Issue 25 (decision 187): the parent-side helper (src/embed/parent.ts) as a file of its own beside
 * the app, `dist/embed/parent.js`: a classic script a partner's page includes (it defines the global
 * `SolisEmbed`). Run by `npm run build` after the app's build, into the same `dist` without emptying it.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/embed',
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/embed/parent.ts',
      name: 'SolisEmbed',
      formats: ['iife'],
      fileName: () => 'parent.js',
    },
  },
});
