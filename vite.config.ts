import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { writeStepIndexes } from './src/steps/_generated/step-index.generator.ts';
import { FIRST_PAGE_MESSAGES, FIRST_PAGE_TEXTS_FILE } from './server/http/first-page.ts';
import { STEP_TOP_TEXTS_FILE, stepTopSources } from './server/http/step-top.ts';
import { entryAfterFirstPaint } from './server/http/entry-loader.ts';
import { LOCALES } from './core/domain/languages.ts';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends compressed; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(html|m?js|css|json|svg|txt|map|webmanifest)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build,
 * where smaller, for the server to send as they are (server/http/static-files.ts). Compressing once
 * at build time affords the slowest, smallest settings and costs the server nothing (decision 044).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'solis:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Issue 26 item 1 (decision 201): the first page's stylesheets (about 15 kB, 3 kB compressed) go
 * into index.html as `<style>` instead of two render-blocking requests, a round trip each on a slow
 * network before anything is painted (the CSP allows inline styles). Each stays in the page as a
 * `disabled` link, which the browser does not fetch: the chunk loader counts the stylesheets the page
 * has by their links, and would otherwise load them a second time with the first lazy chunk that
 * imports them.
 */
function inlineFirstPageCss(html: string, cssOf: (file: string) => string | undefined): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
    const css = cssOf(file);
    if (css === undefined || css.includes('</style')) return tag;
    return `<style>${css}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
  });
}

function firstPageCssInline(): Plugin {
  return {
    name: 'solis:first-page-css-inline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return inlineFirstPageCss(html, (file) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return undefined;
          return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
        });
      },
    },
  };
}

/**
 * Issue 26 item 1 (decision 231): the entry module and its preloads are started by a small inline
 * loader after the first paint instead of from the HTML (server/http/entry-loader.ts says why).
 * After the stylesheets are inlined, so it sees the page as it is served.
 */
function entryScriptAfterFirstPaint(): Plugin {
  return {
    name: 'solis:entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => entryAfterFirstPaint(html) },
  };
}

/** A `.po` catalogue's translations by English source (msgid), continuation lines joined. */
function poTranslations(po: string): Map<string, string> {
  const out = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.trim()) as string;
  let key: 'msgid' | 'msgstr' | undefined;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) out.set(id, str || id);
    id = '';
    str = '';
  };
  for (const line of po.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      key = start[1] as 'msgid' | 'msgstr';
      if (key === 'msgid') id = unquote(start[2]!);
      else str = unquote(start[2]!);
    } else if (/^".*"$/.test(line) && key) {
      if (key === 'msgid') id += unquote(line);
      else str += unquote(line);
    } else key = undefined;
  }
  flush();
  return out;
}

/**
 * Issue 26 item 1 (decision 206): the translations of what `/`'s frame shows a new applicant (the
 * first step's heading and its first paragraph, server/http/first-page.ts), per language, in
 * `first-page-texts.json` beside index.html: the server puts them into the HTML in the domain's
 * language. A message missing from a catalogue fails the build.
 */
function firstPageTexts(): Plugin {
  return {
    name: 'solis:first-page-texts',
    apply: 'build',
    async generateBundle() {
      const texts: Record<string, Record<string, string>> = {};
      for (const locale of LOCALES) {
        const catalogue = poTranslations(await readFile(path.join(import.meta.dirname, 'locales', locale, 'messages.po'), 'utf8'));
        texts[locale] = Object.fromEntries(
          Object.entries(FIRST_PAGE_MESSAGES).map(([key, source]) => {
            const text = catalogue.get(source);
            if (text === undefined) throw new Error(`first page texts: "${source}" is not in locales/${locale}/messages.po`);
            return [key, text];
          }),
        );
      }
      this.emitFile({ type: 'asset', fileName: FIRST_PAGE_TEXTS_FILE, source: JSON.stringify(texts) });
      // Decision 227: the same for a continued application's step top (server/http/step-top.ts), by English source.
      const stepTops: Record<string, Record<string, string>> = {};
      for (const locale of LOCALES) {
        const catalogue = poTranslations(await readFile(path.join(import.meta.dirname, 'locales', locale, 'messages.po'), 'utf8'));
        stepTops[locale] = Object.fromEntries(
          stepTopSources().map((source) => {
            const text = catalogue.get(source);
            if (text === undefined) throw new Error(`step top texts: "${source}" is not in locales/${locale}/messages.po`);
            return [source, text];
          }),
        );
      }
      this.emitFile({ type: 'asset', fileName: STEP_TOP_TEXTS_FILE, source: JSON.stringify(stepTops) });
    },
  };
}

/**
 * Keeps the step indexes (src/steps/_generated/*.gen.ts) in step with the step folders while developing and
 * before every build, so adding a step is adding its folder (docs/decisions/080-step-modules.md).
 * Not under Vitest: a test checks the committed indexes are current instead.
 */
function stepIndexes(): Plugin {
  const regenerate = () => {
    try {
      for (const file of writeStepIndexes()) console.info(`step indexes: wrote ${file}`);
    } catch (error) {
      // A folder half made (no view yet) is normal while typing; the typecheck names what is missing.
      console.warn(`step indexes: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return {
    name: 'solis-step-indexes',
    apply: () => !process.env.VITEST,
    buildStart: regenerate,
    configureServer(server) {
      const onChange = (file: string) => {
        if (/[\\/]src[\\/]steps[\\/]/.test(file) && !file.endsWith('.gen.ts')) regenerate();
      };
      for (const event of ['add', 'unlink', 'addDir', 'unlinkDir'] as const) server.watcher.on(event, onChange);
    },
  };
}

/**
 * React Router publishes a development build (its dev warnings on) as the package's only export and
 * leaves choosing the production build to its framework's Vite plugin, which we do not use. The app
 * build takes the production one (same code, `ENABLE_DEV_WARNINGS = false`, so the minifier drops the
 * warnings); tests keep the warnings.
 */
function reactRouterProductionBuild() {
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(root, 'dist/production/dom-export.mjs') },
  ];
}

/**
 * One config for the app build and for Vitest. Lingui's macros need Babel; Vite 8's React plugin no
 * longer carries it, so the macro plugin runs through @rolldown/plugin-babel ahead of React.
 */
export default defineConfig(({ command }) => ({
  plugins: [
    stepIndexes(),
    babel({
      plugins: ['@lingui/babel-plugin-lingui-macro'],
      // Only our own sources use the macros; skip node_modules for speed.
      include: /\/(src|machines)\/.*\.[jt]sx?$/,
    }),
    react(),
    lingui(),
    firstPageCssInline(),
    entryScriptAfterFirstPaint(),
    firstPageTexts(),
    precompress(),
  ],
  resolve: {
    // @xstate/react imports the use-sync-external-store *shims* (for React before 18). React 19 has
    // useSyncExternalStore itself, and the shim only hands it through at run time, so the first page
    // takes React's own and the selector helper built on it instead (the initial JavaScript budget,
    // decision 041). The same code runs; only the dead fallback is gone.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
      ...(command === 'build' ? reactRouterProductionBuild() : []),
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // A step's chunks are named after its task key (`step-createApplicationStep-<hash>.js`),
        // not after the file (every step's screen is a `view.tsx`).
        chunkFileNames: (chunk: { facadeModuleId?: string | null; name: string }) => {
          const step = /[\\/]src[\\/]steps[\\/]([^\\/]+)[\\/](view|logic)(?:\.([a-z-]+))?\.tsx?$/.exec(chunk.facadeModuleId ?? '');
          if (!step) return 'assets/[name]-[hash].js';
          const [, taskKey, part, variant] = step;
          return `assets/step-${taskKey}${part === 'logic' ? '-logic' : ''}${variant ? `-${variant}` : ''}-[hash].js`;
        },
        codeSplitting: {
          groups: [
            {
              // The form stack every step screen uses, in one chunk that loads with the first page
              // (which always shows a step), so each step's own chunk holds only its screen and rules.
              // The repeating block and the one-question groups (date, checkboxes, radios) are used by
              // later steps only: they load with them.
              name: 'forms',
              // The hook that reads a step's own machines goes with them: a chunk of its own for it
              // cost every step that uses it more than it weighs. So does the flag reader every form
              // step's contract context reads (issue 25, decision 194).
              test: /[\\/](node_modules[\\/](react-hook-form|@hookform)|src[\\/]components[\\/]form[\\/](?!rows-field|question-fields)|src[\\/]i18n[\\/]validation-message|src[\\/]steps[\\/]_kit[\\/](use-step-logic|feature-flags)|core[\\/]domain[\\/]persons\.ts$)/,
            },
            {
              // The step contract kit and the money rules every form step's contract reads, in one
              // chunk: split by which steps share them they were half a dozen small chunks, each
              // with its own import preamble, and two step screens over their 25 kB (issue 24).
              name: 'contract-kit',
              // Issue 25: with them the small rule modules most form steps share (choices, alphabets, text
              // fields, product bounds): each was a chunk of 100-500 bytes with its own preamble, and
              // businessData went over its 25 kB again.
              test: /[\\/]core[\\/](contract[\\/](step-contract|fields|paths|yes-no|show)|validation[\\/](money|format[\\/]money|general[\\/](choices|alphabets|text-fields|product-bounds)))\.ts$/,
            },
            {
              // XState in one chunk: the first page loads it all (the application machine uses every
              // part the steps use), and one file compresses better than the pieces it was split into.
              name: 'xstate',
              test: /[\\/]node_modules[\\/]xstate[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // Decision 234: besides Vite's own skips (.git, node_modules, test-results, its cache, dist), the
    // scratch of tests and tools (.tmp: Playwright's traces, the browser stage's reports) and the dev
    // database (.data): a trace's .html written there reloaded a page of `npm run dev` (a path walk).
    watch: { ignored: ['**/.tmp/**', '**/.data/**'] },
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8787}`, changeOrigin: false },
      '/sandbox': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8787}`, changeOrigin: false },
      // The login service's start and callback (issue 21, routes/sso.routes.ts).
      '/auth': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8787}`, changeOrigin: false },
    },
  },
  test: {
    projects: [
      {
        extends: true as const,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['tests/support/vitest-server-bundle.setup.ts'],
          setupFiles: ['tests/support/vitest-node.setup.ts'],
          // The API suites open PGlite in the worker: baseline-compiled WebAssembly only, as for the
          // browser tests' servers (TEST_SERVER_NODE_FLAGS, decision 155).
          execArgv: ['--liftoff-only'],
          // The API suites share their worker's modules too: each starts its own app and database, and
          // they passed alike in two file orders. The project's processor time went from 535 s to
          // 474 s (decision 200).
          isolate: false,
        },
      },
      {
        extends: true as const,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx', 'src/**/*.test.tsx'],
          exclude: ['**/*.isolated.test.tsx'],
          setupFiles: ['tests/support/vitest-dom.setup.ts'],
          // A component test file does not evaluate React, Lingui, the router and the step kit anew:
          // the files of a worker share them, and the setup file puts module state back after each
          // test. The project's processor time went from 495 s to 262 s (decision 200).
          isolate: false,
        },
      },
      {
        extends: true as const,
        test: {
          // Component tests that replace a module (`vi.mock`) or need the modules evaluated afresh:
          // each file in a module graph of its own, as Vitest advises for mocks (decision 243).
          name: 'dom-isolated',
          environment: 'jsdom',
          include: ['tests/**/*.isolated.test.tsx', 'src/**/*.isolated.test.tsx'],
          setupFiles: ['tests/support/vitest-dom.setup.ts'],
        },
      },
    ],
    // Vitest's default outside watch mode is one worker fewer than the cores: one worker on this
    // two-core machine, with the second core idle (the orchestrating process barely works). Every
    // core runs test files (decision 155).
    maxWorkers: '100%',
    testTimeout: 20000,
    hookTimeout: 60000,
    allowOnly: false,
    passWithNoTests: false,
  },
}));
