import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mutationScores, mutationSection } from './mutation-score';

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
    expect(mutationSection(file, 10, perFile)).toEqual([`no report at ${file} nor in ${perFile}/: run \`npm run test:mutation\` or \`npm run test:mutation:file -- <file>\` first`]);
    writeFileSync(file, JSON.stringify({ files: { 'x.ts': mutants('Killed', 'Survived'), 'y.ts': mutants('Killed') } }));
    const [header, total, worst] = mutationSection(file, 1, perFile);
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
    const [header, total, ...worst] = mutationSection(whole, 10, perFile);
    expect(header).toBe('3 reports of 2026-11-29T03:00:00.000Z to 2026-11-29T03:50:00.000Z, 3 files, threshold 90 %: below the threshold');
    expect(total).toMatch(/^ 71\.4 % +5 killed +1 survived +1 no test {2}All files$/);
    expect(worst.map((line) => line.split(/\s+/).at(-1))).toEqual(['z.ts', 'x.ts', 'y.ts']);
    expect(worst[1]).toMatch(/^ 75\.0 % +3 killed +1 survived/);
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
