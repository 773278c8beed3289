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
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

function main(): number {
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
  const dir = path.join(root, '.tmp/paths');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'selected.json');
  writeFileSync(file, JSON.stringify(chosen.map((chosenPath) => chosenPath.id)));
  const reportDir = path.join(dir, 'report');
  say(`Replaying ${chosen.length} path(s) in Chromium.`);
  const run = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/paths/playwright.paths.config.ts', ...(options.workers ? [`--workers=${options.workers}`] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SOLIS_PATHS_FILE: file, SOLIS_REPORT_DIR: reportDir },
  });
  const reportFile = path.join(reportDir, 'paths.json');
  if (!existsSync(reportFile)) {
    say(`0 passed, ${chosen.length} failed`);
    return 1;
  }
  const { lines, passed, failed } = summarise(JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: JsonSuite[] });
  for (const line of lines) say(line);
  say(`${passed} passed, ${failed} failed`);
  return failed > 0 || run.status !== 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
