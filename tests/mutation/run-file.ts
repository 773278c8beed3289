/**
 * Mutation testing one file at a time (issue 27 item 4, decision 218):
 * `npm run test:mutation:file -- <source file> [--tests a.test.ts,b.test.ts] [--concurrency n]`.
 *
 * A whole run of the configured set takes hours on this shared machine; a file takes minutes. This
 * runs Stryker on the one file with only the test files that import it (from the suites of
 * `tests/mutation/vitest.config.ts`; `--tests` names others), at concurrency 1 unless told, with
 * the file's own incremental state, and keeps its JSON report as `.tmp/mutation/files/<name>.json`,
 * where the bench report's mutation section (`tests/bench/mutation-score.ts`) reads it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MUTATION_FILE_REPORTS } from '../bench/mutation-score';

/** The folders and files of `tests/mutation/vitest.config.ts`'s `include`. */
export const MUTATION_SUITES = ['tests/machines', 'tests/domain', 'tests/validation', 'tests/contract', 'tests/server/decision-rules.test.ts', 'tests/server/decision-rules-edges.test.ts'];

export function testFilesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isFile()) return entry.endsWith('.test.ts') ? [entry] : [];
  return readdirSync(entry).flatMap((name) => testFilesUnder(path.join(entry, name)));
}

/** The report's name for a source file: its path with `/` as `__`, without `.ts`. */
export function reportNameOf(source: string): string {
  return source.replace(/\.tsx?$/, '').replaceAll('/', '__');
}

/** Each suite test file with the files it imports by a relative path, resolved and without the extension. */
export type ImportIndex = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Reads every suite test file once (through `read`, given its absolute path, when the caller already
 * holds the texts) and lists what it imports (decision 218's reading of imports).
 */
export function importIndex(root = process.cwd(), read: (file: string) => string = (file) => readFileSync(file, 'utf8')): ImportIndex {
  return new Map(
    MUTATION_SUITES.flatMap((entry) => testFilesUnder(path.join(root, entry))).map((file) => {
      const text = read(file);
      const targets = [...text.matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.resolve(path.dirname(file), specifier).replace(/\.tsx?$/, ''));
      return [file, new Set(targets)] as const;
    }),
  );
}

/** The suites' test files that import `source` (by its path without the extension). */
export function testFilesOf(source: string, root = process.cwd(), index: ImportIndex = importIndex(root)): string[] {
  const target = path.resolve(root, source).replace(/\.tsx?$/, '');
  return [...index]
    .filter(([, targets]) => targets.has(target))
    .map(([file]) => path.relative(root, file))
    .sort();
}

function main(argv: string[]): number {
  const [source, ...rest] = argv;
  if (!source || !existsSync(source)) {
    console.error('usage: npm run test:mutation:file -- <source file> [--tests a.test.ts,b.test.ts] [--concurrency n]');
    return 2;
  }
  const option = (name: string) => {
    const at = rest.indexOf(name);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const tests = option('--tests')?.split(',') ?? testFilesOf(source);
  if (tests.length === 0) {
    console.error(`no test file of ${MUTATION_SUITES.join(', ')} imports ${source}: name them with --tests`);
    return 2;
  }
  mkdirSync(MUTATION_FILE_REPORTS, { recursive: true });
  const name = reportNameOf(source);
  const report = path.join(MUTATION_FILE_REPORTS, `${name}.json`);
  console.info(`mutating ${source} with ${tests.join(', ')}`);
  const run = spawnSync(
    'npx',
    [
      'stryker', 'run', 'tests/mutation/stryker.config.mjs',
      '--mutate', source,
      '--testFiles', tests.join(','),
      '--concurrency', option('--concurrency') ?? '1',
      '--incrementalFile', path.join(MUTATION_FILE_REPORTS, `${name}.incremental.json`),
    ],
    { stdio: 'inherit', env: { ...process.env, STRYKER_JSON_REPORT: report, STRYKER_HTML_REPORT: path.join(MUTATION_FILE_REPORTS, `${name}.html`) } },
  );
  if (existsSync(report)) console.info(`report: ${report}`);
  return run.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) process.exitCode = main(process.argv.slice(2));
