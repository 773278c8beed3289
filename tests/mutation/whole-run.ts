/**
 * The whole mutation run, resumable (issue 27 item 4, decision 237): `npm run test:mutation`.
 *
 * One Stryker run over the configured set (`tests/mutation/stryker.config.mjs`) takes three hours
 * or more on this machine's two cores and keeps nothing when it is stopped, so no session ever
 * finished one. This runs the same set, with the same configuration and the same tests (Vitest's
 * `related`: each mutant runs the tests that cover it, chosen exactly as in one run), in batches of
 * a few files, and keeps each file's result in `tests/mutation/results.json` (committed) as soon as
 * its batch ends, keyed by the content of the file and of every test file that covers it:
 *
 *   npm run test:mutation                     measure what has no current result, then the total
 *   npm run test:mutation -- --status         the total from the kept results, measuring nothing
 *   npm run test:mutation -- --force          measure every file again
 *   npm run test:mutation -- --files a.ts,b.ts   measure these files (again)
 *   npm run test:mutation -- --minutes 90     start no batch after 90 minutes (the rest next time)
 *   npm run test:mutation -- --concurrency 1  Stryker's test runners (the config's 2 otherwise)
 *
 * A result stops being current when its file or one of its covering test files changes (or goes), or
 * a test file importing the file appears: the rule of Stryker's own incremental mode. It exits 0 only
 * when every file of the set has a current result and their total is at or above the configured
 * `break` threshold (90 %).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importIndex, MUTATION_SUITES, testFilesOf, testFilesUnder, type ImportIndex } from './run-file';

export const RESULTS = 'tests/mutation/results.json';
const WORK = '.tmp/mutation/whole';

export type MutantStatus = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

/** What one file's mutants did, and what it was measured against. */
export interface FileResult {
  /** sha256 of the file's text when measured. */
  source: string;
  /** Each test file that covered one of its mutants, with the sha256 of its text. */
  tests: Record<string, string>;
  /** The suites' test files that imported the file when measured: a new one makes the result stale. */
  importers: string[];
  measuredAt: string;
  counts: Partial<Record<MutantStatus, number>>;
  /** The mutants no test noticed (survived) or no test ran (no coverage): line, column, mutator, replacement. */
  left: string[];
}

export type Results = Record<string, FileResult>;

/** The mutation-testing-report schema, as much of it as this reads. */
interface Report {
  files: Record<string, { source?: string; mutants: { status: MutantStatus; mutatorName: string; replacement?: string; location: { start: { line: number; column: number } }; coveredBy?: string[]; killedBy?: string[] }[] }>;
  testFiles?: Record<string, { tests: { id: string }[] }>;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A `mutate` glob as a regular expression over a path relative to the root (`**`, `*` and literals). */
export function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let at = 0; at < glob.length; at += 1) {
    if (glob.startsWith('**/', at)) {
      pattern += '(?:[^/]+/)*';
      at += 2;
    } else if (glob[at] === '*') pattern += '[^/]*';
    else pattern += glob[at]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

/** The files the `mutate` globs choose (`!` excludes), sorted, from the files under the globs' first folders. */
export function filesOfSet(mutate: readonly string[], root = process.cwd()): string[] {
  const include = mutate.filter((glob) => !glob.startsWith('!')).map(globToRegExp);
  const exclude = mutate.filter((glob) => glob.startsWith('!')).map((glob) => globToRegExp(glob.slice(1)));
  const walk = (dir: string): string[] =>
    existsSync(path.join(root, dir))
      ? readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
          const relative = path.posix.join(dir, entry.name);
          if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(relative);
          return [relative];
        })
      : [];
  const tops = [...new Set(mutate.filter((glob) => !glob.startsWith('!')).map((glob) => glob.split('/')[0]!))];
  // A literal file names itself (kept when it exists); a folder is walked once however many globs start in it.
  return tops
    .flatMap((top) => (top.endsWith('.ts') ? (existsSync(path.join(root, top)) ? [top] : []) : walk(top)))
    .filter((file) => include.some((re) => re.test(file)) && !exclude.some((re) => re.test(file)))
    .sort();
}

/**
 * Whether a kept result still holds: the file and every covering test file unchanged, and no test
 * file importing it that was not there (`importers`: the suites' test files importing it now).
 */
export function isCurrent(result: FileResult | undefined, file: string, read: (file: string) => string | null, importers: readonly string[] = []): boolean {
  if (!result) return false;
  if (importers.some((test) => !(result.importers ?? []).includes(test) && !(test in result.tests))) return false;
  const text = read(file);
  if (text === null || sha256(text) !== result.source) return false;
  return Object.entries(result.tests).every(([test, hash]) => {
    const testText = read(test);
    return testText !== null && sha256(testText) === hash;
  });
}

/**
 * The files in batches, in order (neighbours share their tests, so a batch's first run stays small):
 * a new batch when the next file would take this one past `maxBytes` of source or `maxFiles` files.
 */
export function batchesOf(files: readonly string[], size: (file: string) => number, maxBytes = 40_000, maxFiles = 8): string[][] {
  const batches: string[][] = [];
  let bytes = 0;
  for (const file of files) {
    const current = batches.at(-1);
    const own = size(file);
    if (!current || current.length >= maxFiles || bytes + own > maxBytes) {
      batches.push([file]);
      bytes = own;
    } else {
      current.push(file);
      bytes += own;
    }
  }
  return batches;
}

/**
 * Each file of a Stryker JSON report as a kept result. A file of the `batch` the report leaves out
 * gave Stryker nothing to change (a list of constants): kept as measured with no mutants, so it is
 * current until it changes, like any other.
 */
export function resultsOfReport(report: Report, read: (file: string) => string | null, measuredAt: string, importersOf: (file: string) => string[] = () => [], batch: readonly string[] = []): Results {
  const testFileOf = new Map<string, string>();
  for (const [file, { tests }] of Object.entries(report.testFiles ?? {})) for (const test of tests) testFileOf.set(test.id, file);
  const results: Results = {};
  const files = { ...Object.fromEntries(batch.map((file) => [file, { mutants: [] }])), ...report.files } as Report['files'];
  for (const [file, { source, mutants }] of Object.entries(files)) {
    const text = source ?? read(file);
    if (text === null || text === undefined) continue;
    const tests: Record<string, string> = {};
    for (const mutant of mutants)
      for (const id of [...(mutant.coveredBy ?? []), ...(mutant.killedBy ?? [])]) {
        const testFile = testFileOf.get(id) ?? id.split('#')[0];
        if (!testFile || testFile in tests) continue;
        const testText = read(testFile);
        if (testText !== null) tests[testFile] = sha256(testText);
      }
    const counts: FileResult['counts'] = {};
    for (const mutant of mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
    const left = mutants
      .filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage')
      .map((mutant) => `${mutant.location.start.line}:${mutant.location.start.column} ${mutant.status} ${mutant.mutatorName}${mutant.replacement === undefined ? '' : ` ${JSON.stringify(mutant.replacement)}`}`)
      .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b));
    results[file] = { source: sha256(text), tests: Object.fromEntries(Object.entries(tests).sort(([a], [b]) => a.localeCompare(b))), importers: importersOf(file), measuredAt, counts, left };
  }
  return results;
}

export interface Score {
  killed: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  /** Killed and timed out over killed, timed out, survived and without a test: Stryker's score. */
  score: number;
}

export function scoreOf(counts: readonly FileResult['counts'][]): Score {
  const sum = (status: MutantStatus) => counts.reduce((total, count) => total + (count[status] ?? 0), 0);
  const killed = sum('Killed') + sum('Timeout');
  const survived = sum('Survived');
  const noCoverage = sum('NoCoverage');
  const valid = killed + survived + noCoverage;
  return { killed, survived, noCoverage, ignored: sum('Ignored'), score: valid === 0 ? 100 : (killed / valid) * 100 };
}

/** The set's state: which files have a current result, and the total over them. */
export function wholeRunStatus(set: readonly string[], results: Results, read: (file: string) => string | null, importersOf: (file: string) => string[] = () => []) {
  const current = set.filter((file) => isCurrent(results[file], file, read, importersOf(file)));
  const missing = set.filter((file) => !current.includes(file));
  return { current, missing, total: scoreOf(current.map((file) => results[file]!.counts)) };
}

/** The summary's lines: the total, whether it is the whole set's, then the worst files. */
export function statusLines(set: readonly string[], results: Results, read: (file: string) => string | null, threshold: number, worst = 10, importersOf: (file: string) => string[] = () => []): string[] {
  const { current, missing, total } = wholeRunStatus(set, results, read, importersOf);
  const line = (score: Score, name: string) =>
    `${score.score.toFixed(2).padStart(6)} %  ${String(score.killed).padStart(5)} killed ${String(score.survived).padStart(4)} survived ${String(score.noCoverage).padStart(4)} no test ${String(score.ignored).padStart(5)} ignored  ${name}`;
  const files = current.map((file) => ({ file, score: scoreOf([results[file]!.counts]) })).sort((a, b) => a.score.score - b.score.score || a.file.localeCompare(b.file));
  const verdict =
    missing.length > 0
      ? `${missing.length} of the set's ${set.length} files have no current result: not the whole set yet`
      : total.score >= threshold
        ? `the whole set of ${set.length} files: at or above the threshold of ${threshold} %`
        : `the whole set of ${set.length} files: below the threshold of ${threshold} %`;
  return [line(total, `${current.length} files`), verdict, ...files.slice(0, worst).map(({ file, score }) => line(score, file))];
}

/** The suites' imports, read once; taken again from each batch's copy of the test files (a test file may have been added since). */
let imports: ImportIndex | undefined;

/** The suites' test files that import a file directly (decision 218's reading of their imports). */
function importersOf(file: string): string[] {
  imports ??= importIndex();
  return testFilesOf(file, process.cwd(), imports);
}

function readOrNull(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

export function readResults(file = RESULTS): Results {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : {};
}

function writeResults(results: Results, file = RESULTS): void {
  const sorted = Object.fromEntries(Object.entries(results).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 1)}\n`);
}

/** The configured set's files and threshold (`tests/mutation/stryker.config.mjs`). */
export async function configuredSet(): Promise<{ set: string[]; threshold: number }> {
  const config = ((await import(new URL('./stryker.config.mjs', import.meta.url).href)) as { default: unknown }).default as { mutate: string[]; thresholds: { break: number } };
  return { set: filesOfSet(config.mutate), threshold: config.thresholds.break };
}

/** The bench report's lines: the kept results of the whole set, measuring nothing. */
export async function wholeRunSection(resultsFile = RESULTS): Promise<string[]> {
  const { set, threshold } = await configuredSet();
  return statusLines(set, readResults(resultsFile), readOrNull, threshold, 10, importersOf);
}

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const { set, threshold } = await configuredSet();
  let results = readResults();
  const named = option('--files')?.split(',');
  const toMeasure = argv.includes('--status')
    ? []
    : named ?? (argv.includes('--force') ? set : set.filter((file) => !isCurrent(results[file], file, readOrNull, importersOf(file))));
  const deadline = Date.now() + Number(option('--minutes') ?? Infinity) * 60_000;
  const batches = batchesOf(toMeasure, (file) => readFileSync(file).length);
  if (!argv.includes('--status')) console.info(`${set.length} files in the set; ${toMeasure.length} to measure in ${batches.length} batches`);
  mkdirSync(WORK, { recursive: true });
  for (const [index, batch] of batches.entries()) {
    if (Date.now() > deadline) {
      console.info(`--minutes reached: ${batches.length - index} batches left for the next run`);
      break;
    }
    const report = path.join(WORK, 'batch.json');
    rmSync(report, { force: true });
    // The test files as Stryker copies them now: a test edited while the batch runs is not what it measured.
    const tests = new Map(MUTATION_SUITES.flatMap(testFilesUnder).map((file) => [file, readFileSync(file, 'utf8')]));
    // The importers recorded for this batch are those of the same texts, read once.
    imports = importIndex(process.cwd(), (file) => tests.get(path.relative(process.cwd(), file)) ?? readFileSync(file, 'utf8'));
    const started = Date.now();
    console.info(`batch ${index + 1} of ${batches.length}: ${batch.join(', ')}`);
    spawnSync(
      'npx',
      [
        'stryker', 'run', 'tests/mutation/stryker.config.mjs',
        '--mutate', batch.join(','),
        '--concurrency', option('--concurrency') ?? '2',
        '--reporters', 'clear-text,progress,json',
        // Each batch's own state: run again after a test changes, Stryker tests only what it touches.
        '--incrementalFile', path.join(WORK, `${sha256(batch.join(',')).slice(0, 12)}.incremental.json`),
        ...(argv.includes('--force') ? ['--force'] : []),
      ],
      { stdio: 'inherit', env: { ...process.env, STRYKER_JSON_REPORT: report } },
    );
    if (!existsSync(report)) {
      console.error(`batch ${index + 1} wrote no report: see Stryker's output above; its files keep their old results`);
      continue;
    }
    const measured = resultsOfReport(JSON.parse(readFileSync(report, 'utf8')) as Report, (file) => tests.get(file) ?? readOrNull(file), new Date().toISOString(), importersOf, batch);
    results = { ...readResults(), ...measured };
    writeResults(results);
    const score = scoreOf(Object.values(measured).map((result) => result.counts));
    console.info(`batch ${index + 1}: ${score.score.toFixed(2)} % in ${Math.round((Date.now() - started) / 1000)} s; kept in ${RESULTS}`);
  }
  const lines = statusLines(set, results, readOrNull, threshold, 10, importersOf);
  for (const line of lines) console.info(line);
  const { missing, total } = wholeRunStatus(set, results, readOrNull, importersOf);
  return missing.length === 0 && total.score >= threshold ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main(process.argv.slice(2)).then((code) => (process.exitCode = code));
