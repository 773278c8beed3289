import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(mutationSection(file)).toEqual([`no report at ${file}: run \`npm run test:mutation\` first`]);
    writeFileSync(file, JSON.stringify({ files: { 'x.ts': mutants('Killed', 'Survived'), 'y.ts': mutants('Killed') } }));
    const [header, total, worst] = mutationSection(file, 1);
    expect(header).toMatch(/, 2 files, threshold none %$/);
    expect(total).toMatch(/^ 66\.7 % +2 killed +1 survived +0 no test {2}All files$/);
    expect(worst).toMatch(/50\.0 %.* x\.ts$/);
  });
});
