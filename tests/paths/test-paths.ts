/**
 * `npm run test:paths` (issue 27, docs/decisions/204): the generated path tests for QA.
 *
 *   npm run test:paths -- --list                 one path a line: process, domain and product, then its tasks joined by " > "
 *   npm run test:paths -- --grep <text>          the paths whose line (or id) contains the text
 *   npm run test:paths -- --sample <n>           n paths chosen to cover the most tasks
 *   npm run test:paths -- --shard <i>/<n>        the i-th of n chunks (for CI)
 *   npm run test:paths -- --workers <n>          n browsers at once (the config's 3 otherwise)
 *
 * The paths are the process paths (flow-paths.ts) and the client machines' paths (machine-paths.ts,
 * decision 217), the machines' after the processes'.
 * The options combine (grep, then sample, then shard); with --list the choice is printed, otherwise it
 * is replayed in Chromium against the reference API (e2e/paths/replay.paths.ts, machines.paths.ts) and the run ends with
 * "N passed, M failed", each failure with its path, step, what was expected, screenshot and trace.
 * Each run keeps its files in a directory of its own (`.tmp/paths/run-<pid>-<random>/`, decision 233),
 * removed when every path passed, so runs started at the same time do not clash.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allFlowPaths, greedySample, pathLine, shardPaths, stepName, type FlowPath, type PathCoverage } from './flow-paths';
import { allMachinePaths, machinePathLine, machineStepNames, type MachinePath } from './machine-paths';

/** A path of the catalogue: a process's or a client machine's. */
export type AnyPath = FlowPath | MachinePath;

export function isMachinePath(path: AnyPath): path is MachinePath {
  return (path as MachinePath).kind === 'machine';
}

/** Every path `npm run test:paths` knows: the processes', then the client machines'. */
export function allPaths(): AnyPath[] {
  return [...allFlowPaths().paths, ...allMachinePaths()];
}

/** The line `--list` prints and `--grep` matches. */
export function lineOf(path: AnyPath): string {
  return isMachinePath(path) ? machinePathLine(path) : pathLine(path);
}

/** What a path covers, for `--sample`: its tasks (a machine's states and events), and the same per product or machine variant. */
function coverageOf(path: AnyPath): PathCoverage {
  if (isMachinePath(path)) {
    const tasks = [...path.steps.map((step) => `${path.machine}:${step.state}`), ...machineStepNames(path).map((name) => `${path.machine}:${name}`)];
    return { tasks, productTasks: tasks.map((task) => `${path.variant}|${path.condition ?? ''}|${task}`) };
  }
  const tasks = path.steps.map(stepName);
  return { tasks, productTasks: tasks.map((task) => `${path.process}|${path.domain}|${path.productName}|${task}`) };
}

/** `--grep`: the paths whose line or id contains the text, case-insensitive. */
export function grepAny<T extends AnyPath>(paths: readonly T[], text: string): T[] {
  const needle = text.toLowerCase();
  return paths.filter((path) => lineOf(path).toLowerCase().includes(needle) || path.id.toLowerCase().includes(needle));
}

/**
 * `--sample n` (decision 204's rule, over both kinds): greedily the path that adds the most tasks
 * not yet covered anywhere, then the most not yet covered for its product (or machine variant); the
 * earliest on a tie, so the choice is the same every run.
 */
export function sampleAny<T extends AnyPath>(paths: readonly T[], n: number): T[] {
  return greedySample(paths, n, coverageOf);
}

export interface PathOptions {
  list: boolean;
  grep?: string;
  sample?: number;
  shard?: string;
  workers?: number;
}

export function parseArgs(args: readonly string[]): PathOptions {
  const options: PathOptions = { list: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const value = () => {
      const next = args[index + 1];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      index += 1;
      return next;
    };
    if (arg === '--list') options.list = true;
    else if (arg === '--grep') options.grep = value();
    else if (arg === '--sample') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error('--sample takes a whole number of paths, at least 1');
      options.sample = n;
    } else if (arg === '--shard') options.shard = value();
    else if (arg === '--workers') {
      // Decision 215: the machine is shared; QA may ask for fewer browsers than the config's 3.
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error('--workers takes a whole number, at least 1');
      options.workers = n;
    } else throw new Error(`unknown option ${arg} (--list, --grep <text>, --sample <n>, --shard <i>/<n>, --workers <n>)`);
  }
  return options;
}

/** The paths the options choose, in the catalogue's order. */
export function choosePaths<T extends AnyPath = AnyPath>(options: PathOptions, paths: readonly T[] = allPaths() as T[]): T[] {
  let chosen = [...paths];
  if (options.grep !== undefined) chosen = grepAny(chosen, options.grep);
  if (options.sample !== undefined) chosen = sampleAny(chosen, options.sample);
  if (options.shard !== undefined) chosen = shardPaths(chosen, options.shard);
  return chosen;
}

interface JsonSpec {
  title: string;
  tests: { results: { status: string; error?: { message?: string }; attachments?: { name: string; path?: string }[] }[] }[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

function specsOf(suite: JsonSuite): JsonSpec[] {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
}

/** The run's summary from playwright's JSON report: each failure, then "N passed, M failed". */
export function summarise(report: { suites: JsonSuite[] }): { lines: string[]; passed: number; failed: number } {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const spec of report.suites.flatMap(specsOf)) {
    const result = spec.tests[0]?.results.at(-1);
    if (result?.status === 'passed') {
      passed += 1;
      continue;
    }
    failed += 1;
    lines.push(`FAILED ${spec.title}`);
    // Without the terminal's colour codes (ESC [ ... m).
    const escape = String.fromCharCode(27);
    const message = (result?.error?.message ?? result?.status ?? 'not run').split(escape).map((part, index) => (index === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');
    lines.push(...message.split('\n').slice(0, 6).map((line) => `  ${line}`));
    for (const attachment of result?.attachments ?? []) {
      if (attachment.path && (attachment.name === 'screenshot' || attachment.name === 'trace')) lines.push(`  ${attachment.name}: ${attachment.path}`);
    }
  }
  return { lines, passed, failed };
}

/** The command's output (stdout: `--list | grep` works). */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * Where one run keeps its files: the chosen ids (read by the replay through SOLIS_PATHS_FILE),
 * playwright's JSON report and its screenshots and traces. Each run has its own directory under
 * `.tmp/paths/`, so two runs started at once (two terminals, two CI jobs on one runner) never read
 * each other's choice or report, nor clear each other's traces (playwright empties its output
 * directory when it starts).
 */
export interface RunFiles {
  dir: string;
  pathsFile: string;
  reportDir: string;
  reportFile: string;
  outputDir: string;
}

export function runFilesOf(root: string, runId: string = `run-${process.pid}-${randomUUID().slice(0, 8)}`): RunFiles {
  const dir = path.join(root, '.tmp/paths', runId);
  const reportDir = path.join(dir, 'report');
  return { dir, pathsFile: path.join(dir, 'selected.json'), reportDir, reportFile: path.join(reportDir, 'paths.json'), outputDir: path.join(dir, 'results') };
}

/** Runs the replay with the environment that names the run's files; resolves to its exit status. */
export type PathRunner = (env: NodeJS.ProcessEnv) => Promise<number | null>;

/** The real runner: playwright with the paths' config, its output on this terminal. */
function playwrightRunner(root: string, workers: number | undefined): PathRunner {
  return (env) =>
    new Promise((resolve, reject) => {
      const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/paths/playwright.paths.config.ts', ...(workers ? [`--workers=${workers}`] : [])], { cwd: root, stdio: 'inherit', env });
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
}

export interface ReplayResult {
  lines: string[];
  passed: number;
  failed: number;
  exitCode: number;
}

/**
 * Replays the chosen paths with files of the run's own, then removes the ids and the report; the
 * screenshots and traces stay only when the run failed (the summary names them).
 */
export async function replay(chosen: readonly AnyPath[], files: RunFiles, runner: PathRunner): Promise<ReplayResult> {
  mkdirSync(files.dir, { recursive: true });
  writeFileSync(files.pathsFile, JSON.stringify(chosen.map((chosenPath) => chosenPath.id)));
  let result: ReplayResult = { lines: [], passed: 0, failed: chosen.length, exitCode: 1 };
  try {
    const status = await runner({ ...process.env, SOLIS_PATHS_FILE: files.pathsFile, SOLIS_REPORT_DIR: files.reportDir, SOLIS_PATHS_OUTPUT_DIR: files.outputDir });
    if (existsSync(files.reportFile)) {
      const { lines, passed, failed } = summarise(JSON.parse(readFileSync(files.reportFile, 'utf8')) as { suites: JsonSuite[] });
      result = { lines, passed, failed, exitCode: failed > 0 || status !== 0 ? 1 : 0 };
    }
    return result;
  } finally {
    rmSync(files.pathsFile, { force: true });
    rmSync(files.reportDir, { recursive: true, force: true });
    // Every path passed: no screenshot or trace worth keeping, the run's directory goes too.
    if (result.exitCode === 0) rmSync(files.dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const chosen = choosePaths(options);
  if (options.list) {
    // `--list | head` closes the pipe early: that is not an error.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    for (const chosenPath of chosen) say(lineOf(chosenPath));
    return 0;
  }
  if (chosen.length === 0) {
    say('No path matches.');
    say('0 passed, 0 failed');
    return 1;
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  say(`Replaying ${chosen.length} path(s) in Chromium.`);
  const { lines, passed, failed, exitCode } = await replay(chosen, runFilesOf(root), playwrightRunner(root, options.workers));
  for (const line of lines) say(line);
  say(`${passed} passed, ${failed} failed`);
  return exitCode;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
