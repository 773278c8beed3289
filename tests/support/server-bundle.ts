/**
 * The reference server as one file, for browser tests that start a server per test
 * (e2e/global-setup.ts). Starting through tsx transforms and resolves the server's few hundred
 * source files at every start, which cost seconds per test on a busy two-core machine; the bundle is
 * made once per run and starts with plain Node. Packages stay outside the bundle (loaded from
 * node_modules as usual), so the code that runs is the same.
 *
 * Some modules find their files beside themselves (`new URL('./migrations/', import.meta.url)`): in a
 * bundle that would point beside the bundle, so each of our modules keeps its own file's URL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from './e2e-server';

const OWN_SOURCES = /[\\/](server|src|machines)[\\/].*\.tsx?$/;

const ownFileUrls: Plugin = {
  name: 'solis-own-file-urls',
  setup(builder) {
    builder.onLoad({ filter: OWN_SOURCES }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

/** Writes the bundled server to `outfile` (an .mjs file inside the repository, so packages resolve). */
export async function bundleServer(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(REPO_ROOT, 'server', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [ownFileUrls],
  });
}
