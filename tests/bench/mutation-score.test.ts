import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mutationScores, mutationSection } from './mutation-score';
import { planLines, planTotals } from '../mutation/size';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('the bench report’s mutation score (decision 205)', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('counts timeouts as killed and leaves errors and ignored mutants out, as Stryker does', () => {
    const { total, files, threshold } = mutationScores({
      files: {
        'a.ts': mutants('Killed', 'Killed', 'Timeout', 'Survived') as never,
        'b.ts': mutants('Killed', 'NoCoverage', 'CompileError', 'Ignored', 'RuntimeError') as never,
      },
      thresholds: { break: 90 },
    });
    expect(total).toMatchObject({ killed: 4, survived: 1, noCoverage: 1 });
    expect(total.score).toBeCloseTo((4 / 6) * 100);
    expect(files.map((file) => [file.file, file.score])).toEqual([
      ['b.ts', 50],
      ['a.ts', 75],
    ]);
    expect(threshold).toBe(90);
  });

  it('says how to get a report when there is none, and prints the total and the worst files when there is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mutation-'));
    dirs.push(dir);
    const file = path.join(dir, 'mutation.json');
    const perFile = path.join(dir, 'files');
    expect(mutationSection(file, 10, perFile)).toEqual([`no report at ${file} nor in ${perFile}/: run \`npm run test:mutation:file -- <file>\` first`]);
    writeFileSync(file, JSON.stringify({ files: { 'x.ts': mutants('Killed', 'Survived'), 'y.ts': mutants('Killed') } }));
    const [header, total, worst] = mutationSection(file, 1, perFile, path.join(dir, 'no-plan.json'));
    expect(header).toMatch(/, 2 files, threshold none %$/);
    expect(total).toMatch(/^ 66\.7 % +2 killed +1 survived +0 no test {2}All files$/);
    expect(worst).toMatch(/50\.0 %.* x\.ts$/);
  });

  it('reads the per-file runs too: each file from the newest report that has it, the total over all of them (decision 218)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mutation-'));
    dirs.push(dir);
    const whole = path.join(dir, 'mutation.json');
    const perFile = path.join(dir, 'files');
    mkdirSync(perFile);
    const write = (file: string, report: object, minutesAgo: number) => {
      writeFileSync(file, JSON.stringify(report));
      const at = new Date(Date.UTC(2026, 10, 29, 4, 0) - minutesAgo * 60_000);
      utimesSync(file, at, at);
    };
    // An old whole run, then x.ts measured again after tests were added, and z.ts alone.
    write(whole, { files: { 'x.ts': mutants('Killed', 'Survived', 'Survived', 'NoCoverage'), 'y.ts': mutants('Killed') }, thresholds: { break: 90 } }, 60);
    write(path.join(perFile, 'x.json'), { files: { 'x.ts': mutants('Killed', 'Killed', 'Killed', 'Survived') }, thresholds: { break: 90 } }, 10);
    write(path.join(perFile, 'z.json'), { files: { 'z.ts': mutants('Killed', 'NoCoverage') }, thresholds: { break: 90 } }, 20);
    // Stryker's incremental state beside them is no report.
    writeFileSync(path.join(perFile, 'x.incremental.json'), JSON.stringify({ files: { 'x.ts': mutants('Survived') } }));
    const [header, total, ...worst] = mutationSection(whole, 10, perFile, path.join(dir, 'no-plan.json'));
    expect(header).toBe('3 reports of 2026-11-29T03:00:00.000Z to 2026-11-29T03:50:00.000Z, 3 files, threshold 90 %: below the threshold');
    expect(total).toMatch(/^ 71\.4 % +5 killed +1 survived +1 no test {2}All files$/);
    expect(worst.map((line) => line.split(/\s+/).at(-1))).toEqual(['z.ts', 'x.ts', 'y.ts']);
    expect(worst[1]).toMatch(/^ 75\.0 % +3 killed +1 survived/);
  });
});

describe('how much of the set the reports cover (decision 232)', () => {
  it('names the files and mutants measured out of the set’s plan, ignored mutants left out', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mutation-'));
    try {
      const whole = path.join(dir, 'mutation.json');
      const plan = path.join(dir, 'plan.json');
      writeFileSync(whole, JSON.stringify({ files: { 'x.ts': mutants('Killed', 'Survived') }, thresholds: { break: 90 } }));
      const planned = (mutantCount: number, ignored: number) => ({ mutants: mutantCount, ignored, static: ignored, noCoverage: 0, run: mutantCount - ignored, netTimeMS: 0, tests: 0, testFiles: [] });
      writeFileSync(plan, JSON.stringify({ at: '2026-11-29T10:00:00.000Z', files: { 'x.ts': planned(5, 3), 'y.ts': planned(10, 1), 'z.ts': planned(4, 4) } }));
      const [header, coverage, total] = mutationSection(whole, 10, path.join(dir, 'files'), plan);
      expect(header).toMatch(/, 1 file, threshold 90 %: below the threshold$/);
      expect(coverage).toBe("1 of the set's 3 files measured (2 of its 11 mutants not ignored; its plan of 2026-11-29T10:00:00.000Z)");
      expect(total).toMatch(/All files$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the whole set’s size, from its plan (decision 232)', () => {
  it('sums the files and lists the most mutants to run first', () => {
    const files = {
      'a.ts': { mutants: 10, ignored: 2, static: 2, noCoverage: 1, run: 7, netTimeMS: 1500, tests: 20, testFiles: ['a.test.ts'] },
      'b.ts': { mutants: 30, ignored: 0, static: 0, noCoverage: 5, run: 25, netTimeMS: 500, tests: 40, testFiles: ['b.test.ts'] },
    };
    expect(planTotals(files)).toEqual({ files: 2, mutants: 40, ignored: 2, noCoverage: 6, run: 32, netTimeMS: 2000 });
    const lines = planLines(files);
    expect(lines.map((line) => line.split(/\s{2,}/).at(-1))).toEqual(['b.ts', 'a.ts', 'total over 2 files']);
    expect(lines[2]).toMatch(/^ +40 mutants +2 ignored +6 no test +32 to run +2\.0 s net {2}total over 2 files$/);
  });
});

describe('the mutation run’s threshold (issue 27 item 4)', () => {
  it('fails a run under 90 %', async () => {
    // A plain JS config: imported by a path TypeScript does not resolve.
    const configPath: string = '../mutation/stryker.config.mjs';
    const { default: config } = (await import(configPath)) as { default: { thresholds?: { break?: number } } };
    expect(config.thresholds?.break).toBe(90);
  });
});
