import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importIndex, testFilesOf } from './run-file';
import { batchesOf, configuredSet, filesOfSet, globToRegExp, isCurrent, resultsOfReport, scoreOf, sha256, statusLines, wholeRunStatus, type FileResult } from './whole-run';

/** A file system of a few texts, as the functions read it. */
const filesystem = (files: Record<string, string>) => (file: string) => files[file] ?? null;

const result = (source: string, tests: Record<string, string>, counts: FileResult['counts'] = { Killed: 1 }): FileResult => ({
  source: sha256(source),
  tests: Object.fromEntries(Object.entries(tests).map(([file, text]) => [file, sha256(text)])),
  importers: Object.keys(tests),
  measuredAt: '2026-11-29T13:00:00.000Z',
  counts,
  left: [],
});

describe('the whole mutation run’s set (decision 237)', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('reads the mutate globs as Stryker does: ** any folders, * within a name, ! to leave out', () => {
    const machines = globToRegExp('machines/**/*.machine.ts');
    expect(machines.test('machines/application/application.machine.ts')).toBe(true);
    expect(machines.test('machines/a/b/c.machine.ts')).toBe(true);
    expect(machines.test('machines/top.machine.ts')).toBe(true);
    expect(machines.test('src/machines/top.machine.ts')).toBe(false);
    expect(machines.test('machines/a/b.machinexts')).toBe(false);
    expect(globToRegExp('core/*.ts').test('core/a/b.ts')).toBe(false);

    const root = mkdtempSync(path.join(tmpdir(), 'mutation-set-'));
    dirs.push(root);
    for (const file of ['machines/a/a.machine.ts', 'machines/a/a.machine.test.ts', 'core/domain/x.ts', 'core/domain/x.gen.ts', 'core/domain/deep/y.ts', 'server/decisions/rules.ts', 'server/other.ts']) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), '');
    }
    const set = filesOfSet(['machines/**/*.machine.ts', 'core/domain/**/*.ts', 'server/decisions/rules.ts', 'server/missing.ts', '!**/*.test.ts', '!**/*.gen.ts'], root);
    expect(set).toEqual(['core/domain/deep/y.ts', 'core/domain/x.ts', 'machines/a/a.machine.ts', 'server/decisions/rules.ts']);
  });

  it('finds the suites’ test files that import a file, statically or dynamically, and not those that only name it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mutation-importers-'));
    dirs.push(root);
    const files: Record<string, string> = {
      'core/domain/x.ts': '',
      'tests/domain/static.test.ts': "import { a } from '../../core/domain/x';",
      'tests/machines/deep/dynamic.test.ts': "const x = await import(  '../../../core/domain/x.ts' );",
      'tests/domain/names-only.test.ts': "it('core/domain/x', () => {}); import { y } from '../../core/domain/x-other';",
      'tests/domain/bare.test.ts': "import x from 'core/domain/x';",
      'tests/server/decision-rules.test.ts': "import { x } from '../../core/domain/x';",
      'tests/server/elsewhere.test.ts': "import { x } from '../../core/domain/x';",
      'tests/domain/helper.ts': "import { x } from '../../core/domain/x';",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const index = importIndex(root);
    expect([...index.keys()].map((file) => path.relative(root, file)).sort()).toEqual(['tests/domain/bare.test.ts', 'tests/domain/names-only.test.ts', 'tests/domain/static.test.ts', 'tests/machines/deep/dynamic.test.ts', 'tests/server/decision-rules.test.ts']);
    expect(testFilesOf('core/domain/x.ts', root, index)).toEqual(['tests/domain/static.test.ts', 'tests/machines/deep/dynamic.test.ts', 'tests/server/decision-rules.test.ts']);
    expect(testFilesOf('core/domain/x.ts', root)).toEqual(testFilesOf('core/domain/x.ts', root, index));
    expect(testFilesOf('core/domain/x-other.ts', root, index)).toEqual(['tests/domain/names-only.test.ts']);
  });

  it('is the configured set: the machines, the kernel’s domain and validation and the decision rules, no test file', async () => {
    const { set, threshold } = await configuredSet();
    expect(threshold).toBe(90);
    expect(set).toEqual(expect.arrayContaining(['machines/application/application.machine.ts', 'src/features/document-uploads/uploads.machine.ts', 'core/domain/app-error.ts', 'core/validation/format/money.ts', 'server/decisions/decision-rules.ts']));
    expect(set.filter((file) => file.endsWith('.test.ts') || file.endsWith('.gen.ts'))).toEqual([]);
    expect(set.length).toBeGreaterThan(100);
  });
});

describe('a kept result holds while its file and covering tests are unchanged (decision 237)', () => {
  const kept = result('source', { 'a.test.ts': 'test a', 'b.test.ts': 'test b' });

  it('holds when nothing changed, and not without a result', () => {
    expect(isCurrent(kept, 'x.ts', filesystem({ 'x.ts': 'source', 'a.test.ts': 'test a', 'b.test.ts': 'test b' }))).toBe(true);
    expect(isCurrent(undefined, 'x.ts', filesystem({ 'x.ts': 'source' }))).toBe(false);
  });

  it('goes when the file, a covering test file changes or a covering test file is gone', () => {
    expect(isCurrent(kept, 'x.ts', filesystem({ 'x.ts': 'source changed', 'a.test.ts': 'test a', 'b.test.ts': 'test b' }))).toBe(false);
    expect(isCurrent(kept, 'x.ts', filesystem({ 'x.ts': 'source', 'a.test.ts': 'test a, one more case', 'b.test.ts': 'test b' }))).toBe(false);
    expect(isCurrent(kept, 'x.ts', filesystem({ 'x.ts': 'source', 'a.test.ts': 'test a' }))).toBe(false);
    expect(isCurrent(kept, 'x.ts', filesystem({ 'a.test.ts': 'test a', 'b.test.ts': 'test b' }))).toBe(false);
  });

  it('goes when a new test file imports the file (it may kill what survived), not for one it already had', () => {
    const files = filesystem({ 'x.ts': 'source', 'a.test.ts': 'test a', 'b.test.ts': 'test b', 'c.test.ts': 'new' });
    expect(isCurrent(kept, 'x.ts', files, ['a.test.ts', 'b.test.ts'])).toBe(true);
    expect(isCurrent(kept, 'x.ts', files, ['a.test.ts', 'c.test.ts'])).toBe(false);
    expect(isCurrent({ ...kept, importers: ['a.test.ts', 'c.test.ts'] }, 'x.ts', files, ['a.test.ts', 'c.test.ts'])).toBe(true);
  });
});

describe('the batches', () => {
  it('keeps the order and starts a new batch past the bytes or the file count', () => {
    const sizes: Record<string, number> = { a: 10, b: 10, c: 25, d: 5, e: 50, f: 1, g: 1, h: 1 };
    expect(batchesOf(Object.keys(sizes), (file) => sizes[file]!, 30, 3)).toEqual([['a', 'b'], ['c', 'd'], ['e'], ['f', 'g', 'h']]);
    expect(batchesOf([], () => 1)).toEqual([]);
  });
});

describe('a Stryker report as kept results', () => {
  it('counts each status, names the survivors and mutants without a test, and keys the result by the covering test files’ texts', () => {
    const report = {
      files: {
        'x.ts': {
          source: 'const x = 1;',
          mutants: [
            { status: 'Killed' as const, mutatorName: 'BooleanLiteral', replacement: 'false', location: { start: { line: 3, column: 2 } }, coveredBy: ['t1', 't2'], killedBy: ['t1'] },
            { status: 'Survived' as const, mutatorName: 'ConditionalExpression', replacement: 'true', location: { start: { line: 12, column: 7 } }, coveredBy: ['t2'] },
            { status: 'NoCoverage' as const, mutatorName: 'StringLiteral', replacement: '""', location: { start: { line: 4, column: 1 } } },
            { status: 'Ignored' as const, mutatorName: 'BlockStatement', location: { start: { line: 1, column: 1 } } },
          ],
        },
      },
      testFiles: { 'tests/a.test.ts': { tests: [{ id: 't1' }] }, 'tests/b.test.ts': { tests: [{ id: 't2' }] }, 'tests/unrelated.test.ts': { tests: [{ id: 't3' }] } },
    };
    const results = resultsOfReport(report, filesystem({ 'tests/a.test.ts': 'A', 'tests/b.test.ts': 'B', 'tests/unrelated.test.ts': 'C' }), 'now', (file) => (file === 'x.ts' ? ['tests/a.test.ts', 'tests/x.test.ts'] : []));
    expect(results['x.ts']).toEqual({
      source: sha256('const x = 1;'),
      tests: { 'tests/a.test.ts': sha256('A'), 'tests/b.test.ts': sha256('B') },
      importers: ['tests/a.test.ts', 'tests/x.test.ts'],
      measuredAt: 'now',
      counts: { Killed: 1, Survived: 1, NoCoverage: 1, Ignored: 1 },
      left: ['4:1 NoCoverage StringLiteral "\\"\\""', '12:7 Survived ConditionalExpression "true"'],
    });
  });
});

describe('a file of the batch that Stryker had nothing to change in', () => {
  it('is kept as measured with no mutants (the report leaves it out), and current until it or an importer changes', () => {
    const report = { files: {}, testFiles: {} };
    const read = filesystem({ 'list.ts': "export const LIST = ['A', 'B'] as const;", 'tests/list.test.ts': 'L' });
    const results = resultsOfReport(report, read, 'now', () => ['tests/list.test.ts'], ['list.ts', 'gone.ts']);
    expect(results).toEqual({ 'list.ts': { source: sha256("export const LIST = ['A', 'B'] as const;"), tests: {}, importers: ['tests/list.test.ts'], measuredAt: 'now', counts: {}, left: [] } });
    expect(isCurrent(results['list.ts'], 'list.ts', read, ['tests/list.test.ts'])).toBe(true);
    expect(isCurrent(results['list.ts'], 'list.ts', read, ['tests/list.test.ts', 'tests/new.test.ts'])).toBe(false);
    expect(scoreOf([results['list.ts']!.counts])).toEqual({ killed: 0, survived: 0, noCoverage: 0, ignored: 0, score: 100 });
  });
});

describe('the whole set’s score and verdict', () => {
  const texts = { 'a.ts': 'a', 'b.ts': 'b', 't.test.ts': 't' };

  it('scores as Stryker does: timeouts killed, ignored and errors left out', () => {
    expect(scoreOf([{ Killed: 7, Timeout: 2, Survived: 1, Ignored: 40, CompileError: 3 }])).toEqual({ killed: 9, survived: 1, noCoverage: 0, ignored: 40, score: 90 });
    expect(scoreOf([{ Killed: 8 }, { Survived: 1, NoCoverage: 1 }]).score).toBe(80);
    expect(scoreOf([{ Ignored: 3 }]).score).toBe(100);
  });

  it('is not the whole set while a file has no current result, and says so', () => {
    const results = { 'a.ts': result('a', { 't.test.ts': 't' }, { Killed: 10 }), 'b.ts': result('b changed since', {}, { Killed: 1 }) };
    const status = wholeRunStatus(['a.ts', 'b.ts'], results, filesystem(texts));
    expect(status.current).toEqual(['a.ts']);
    expect(status.missing).toEqual(['b.ts']);
    const [total, verdict] = statusLines(['a.ts', 'b.ts'], results, filesystem(texts), 90);
    expect(total).toMatch(/^100\.00 % +10 killed +0 survived +0 no test +0 ignored {2}1 files$/);
    expect(verdict).toBe("1 of the set's 2 files have no current result: not the whole set yet");
  });

  it('passes the whole set at or above the threshold, fails it below, worst file first', () => {
    const passing = { 'a.ts': result('a', { 't.test.ts': 't' }, { Killed: 17, Survived: 1 }), 'b.ts': result('b', {}, { Killed: 10, Survived: 1, NoCoverage: 1 }) };
    const lines = statusLines(['a.ts', 'b.ts'], passing, filesystem(texts), 90);
    expect(lines[1]).toBe('the whole set of 2 files: at or above the threshold of 90 %');
    expect(lines.slice(2).map((line) => line.split(/\s+/).at(-1))).toEqual(['b.ts', 'a.ts']);
    const failing = { ...passing, 'b.ts': result('b', {}, { Killed: 1, Survived: 9 }) };
    expect(statusLines(['a.ts', 'b.ts'], failing, filesystem(texts), 90)[1]).toBe('the whole set of 2 files: below the threshold of 90 %');
  });
});
