import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allPaths, replay, runFilesOf, type PathRunner } from './test-paths';

/**
 * Decision 233: `npm run test:paths` started twice at once (two terminals, two CI jobs on one
 * runner). The runner here stands for playwright: it reads the ids the run chose (SOLIS_PATHS_FILE)
 * and reports each as passed or failed in the run's report (SOLIS_REPORT_DIR), as the replay does.
 */
function fakePlaywright(status: (id: string) => 'passed' | 'failed', gate: Promise<void> = Promise.resolve(), arrived: () => void = () => {}): PathRunner & { seen: { ids: string[]; outputDir: string }[] } {
  const seen: { ids: string[]; outputDir: string }[] = [];
  const runner = async (env: NodeJS.ProcessEnv) => {
    arrived();
    await gate;
    const ids = JSON.parse(readFileSync(env.SOLIS_PATHS_FILE!, 'utf8')) as string[];
    seen.push({ ids, outputDir: env.SOLIS_PATHS_OUTPUT_DIR! });
    mkdirSync(env.SOLIS_PATHS_OUTPUT_DIR!, { recursive: true });
    writeFileSync(path.join(env.SOLIS_PATHS_OUTPUT_DIR!, '.last-run.json'), '{}');
    mkdirSync(env.SOLIS_REPORT_DIR!, { recursive: true });
    const specs = ids.map((id) => ({ title: id, tests: [{ results: [{ status: status(id) }] }] }));
    writeFileSync(path.join(env.SOLIS_REPORT_DIR!, 'paths.json'), JSON.stringify({ suites: [{ specs }] }));
    return ids.some((id) => status(id) === 'failed') ? 1 : 0;
  };
  return Object.assign(runner, { seen });
}

const roots: string[] = [];
function scratchRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'solis-test-paths-'));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('npm run test:paths: runs started at the same time', () => {
  const paths = allPaths();

  it('each run replays its own choice, reads its own report and cleans up after itself', async () => {
    const root = scratchRoot();
    const first = paths.slice(0, 2);
    const second = paths.slice(10, 13);
    // Neither replay reads its ids before both have written theirs: the second run's choice is on
    // disk when the first one's playwright starts, as with two terminals.
    let arrivals = 0;
    let release = () => {};
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const runner = fakePlaywright(() => 'passed', bothStarted, () => {
      arrivals += 1;
      if (arrivals === 2) release();
    });
    const [a, b] = await Promise.all([replay(first, runFilesOf(root), runner), replay(second, runFilesOf(root), runner)]);
    expect(runner.seen.map((run) => run.ids).sort((x, y) => x.length - y.length)).toEqual([first.map((p) => p.id), second.map((p) => p.id)]);
    expect(a).toMatchObject({ passed: 2, failed: 0, exitCode: 0 });
    expect(b).toMatchObject({ passed: 3, failed: 0, exitCode: 0 });
    expect(new Set(runner.seen.map((run) => run.outputDir)).size).toBe(2);
    // Nothing left behind by two runs that passed.
    expect(readdirSync(path.join(root, '.tmp/paths'))).toEqual([]);
  });

  it('a failed run keeps its screenshots and traces, but not its ids or report', async () => {
    const root = scratchRoot();
    const chosen = paths.slice(0, 3);
    const files = runFilesOf(root);
    const result = await replay(chosen, files, fakePlaywright((id) => (id === chosen[1]!.id ? 'failed' : 'passed')));
    expect(result).toMatchObject({ passed: 2, failed: 1, exitCode: 1 });
    expect(result.lines[0]).toBe(`FAILED ${chosen[1]!.id}`);
    expect(existsSync(files.outputDir)).toBe(true);
    expect(existsSync(files.pathsFile)).toBe(false);
    expect(existsSync(files.reportDir)).toBe(false);
  });

  it('a run whose replay wrote no report counts every chosen path as failed', async () => {
    const root = scratchRoot();
    const chosen = paths.slice(0, 4);
    const result = await replay(chosen, runFilesOf(root), () => Promise.resolve(1));
    expect(result).toMatchObject({ passed: 0, failed: 4, exitCode: 1 });
  });
});
