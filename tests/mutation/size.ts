/**
 * The size of a whole mutation run, without testing a mutant (issue 27 item 4, decision 232):
 * `npm run test:mutation:size [-- --mutate <glob,...>]`.
 *
 * Runs Stryker over the configured set (`tests/mutation/stryker.config.mjs`, its `mutate` unchanged
 * unless `--mutate` narrows it) at concurrency 1 up to its plan: the instrumentation, the initial
 * test run with coverage per test, and the plan of each mutant (ignored or static, no test, or run
 * with these tests). `tests/mutation/plan-reporter.mjs` writes the plan to `.tmp/mutation/plan.json`;
 * this stops Stryker there (no mutant is tested), removes its sandbox and prints per file and in
 * total: the mutants, the ones that would run, and Stryker's own estimate of their net test time.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { MUTATION_PLAN as PLAN_REPORT } from '../bench/mutation-score';

const SANDBOX = '.tmp/stryker-size';

export interface FilePlan {
  mutants: number;
  ignored: number;
  static: number;
  noCoverage: number;
  run: number;
  netTimeMS: number;
  tests: number;
  testFiles: string[];
}

export interface PlanTotals {
  files: number;
  mutants: number;
  ignored: number;
  noCoverage: number;
  run: number;
  netTimeMS: number;
}

/** The plan summed over its files. */
export function planTotals(files: Readonly<Record<string, FilePlan>>): PlanTotals {
  const all = Object.values(files);
  const sum = (key: 'mutants' | 'ignored' | 'noCoverage' | 'run' | 'netTimeMS') => all.reduce((total, file) => total + file[key], 0);
  return { files: all.length, mutants: sum('mutants'), ignored: sum('ignored'), noCoverage: sum('noCoverage'), run: sum('run'), netTimeMS: sum('netTimeMS') };
}

/** The plan's lines: each file (most mutants to run first), then the total. */
export function planLines(files: Readonly<Record<string, FilePlan>>): string[] {
  const rows = Object.entries(files).sort(([a, x], [b, y]) => y.run - x.run || a.localeCompare(b));
  const line = (name: string, p: Omit<FilePlan, 'static' | 'tests' | 'testFiles'>) =>
    `${String(p.mutants).padStart(6)} mutants ${String(p.ignored).padStart(5)} ignored ${String(p.noCoverage).padStart(5)} no test ${String(p.run).padStart(6)} to run ${(p.netTimeMS / 1000).toFixed(1).padStart(8)} s net  ${name}`;
  const total = planTotals(files);
  return [...rows.map(([name, plan]) => line(name, plan)), line(`total over ${total.files} files`, total)];
}

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--mutate');
  const mutate = at >= 0 ? ['--mutate', argv[at + 1] ?? ''] : [];
  rmSync(PLAN_REPORT, { force: true });
  const started = Date.now();
  const stryker = spawn(
    process.execPath,
    [
      'node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'tests/mutation/stryker.config.mjs', ...mutate,
      '--appendPlugins', './tests/mutation/plan-reporter.mjs',
      '--reporters', 'plan',
      '--concurrency', '1',
      '--tempDirName', SANDBOX,
      // A state of its own, never written (Stryker is stopped first): every mutant is planned afresh.
      '--incrementalFile', '.tmp/mutation/size.incremental.json', '--force',
    ],
    { stdio: 'inherit', detached: true, env: { ...process.env, STRYKER_PLAN_REPORT: PLAN_REPORT } },
  );
  const ended = new Promise<number | null>((resolve) => stryker.on('exit', (code) => resolve(code)));
  let planned = false;
  while (!planned) {
    const code = await Promise.race([ended, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 2000))]);
    if (code !== 'waiting') break;
    planned = existsSync(PLAN_REPORT) && statSync(PLAN_REPORT).size > 0;
  }
  // Stryker and its test runner (its own process group): stopped before the first mutant.
  if (planned && stryker.pid) process.kill(-stryker.pid, 'SIGTERM');
  await ended;
  rmSync(SANDBOX, { recursive: true, force: true });
  if (!planned) {
    console.error('Stryker ended before its plan: see its output above');
    return 1;
  }
  const { files } = JSON.parse(readFileSync(PLAN_REPORT, 'utf8')) as { files: Record<string, FilePlan> };
  for (const line of planLines(files)) console.info(line);
  console.info(`planned in ${Math.round((Date.now() - started) / 1000)} s; the plan: ${PLAN_REPORT}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main(process.argv.slice(2)).then((code) => (process.exitCode = code));
