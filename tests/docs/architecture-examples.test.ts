/**
 * docs/architecture.md's worked examples are code, and this test keeps them so: it copies the
 * sources into a temporary folder, writes every block the document names a file for (```ts
 * file=…), inserts every block it names an anchor for (file=… after="…", once, exactly where the
 * anchor line is), regenerates the step indexes there and typechecks the result. A renamed kit
 * function, a moved module or a changed hook type fails here, naming the document's mistake.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStepFolders, writeStepIndexes } from '../../src/steps/_generated/step-index.generator';
import { ARCHITECTURE_DOC, REPO_ROOT } from '../support/layers-diagram';

export interface ExampleBlock {
  file: string;
  /** Inserted after the one line holding this text; without it, the block is the whole file. */
  after?: string;
  code: string;
}

const FENCE = /^```(?:ts|tsx)\s+file=(\S+)(?:\s+after="([^"]+)")?\s*\n([\s\S]*?)^```\s*$/gm;

export function exampleBlocks(doc: string): ExampleBlock[] {
  return [...doc.matchAll(FENCE)].map(([, file, after, code]) => ({ file: file!, ...(after ? { after } : {}), code: code! }));
}

/** Writes the blocks into a copy rooted at `root`; throws naming an anchor that is missing or not unique. */
export function applyBlocks(root: string, blocks: readonly ExampleBlock[]): void {
  for (const block of blocks) {
    const target = path.join(root, block.file);
    if (!block.after) {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, block.code);
      continue;
    }
    const lines = readFileSync(target, 'utf8').split('\n');
    const at = lines.flatMap((line, index) => (line.includes(block.after!) ? [index] : []));
    if (at.length !== 1) throw new Error(`${block.file}: the anchor "${block.after}" is on ${at.length} lines, not one`);
    lines.splice(at[0]! + 1, 0, block.code.replace(/\n$/, ''));
    writeFileSync(target, lines.join('\n'));
  }
}

const doc = readFileSync(ARCHITECTURE_DOC, 'utf8');
const blocks = exampleBlocks(doc);
let root = '';

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'solis-architecture-'));
  for (const dir of ['core', 'src', 'machines', 'server']) cpSync(path.join(REPO_ROOT, dir), path.join(root, dir), { recursive: true });
  for (const link of ['node_modules', 'locales']) symlinkSync(path.join(REPO_ROOT, link), path.join(root, link));
  cpSync(path.join(REPO_ROOT, 'package.json'), path.join(root, 'package.json'));
  // Only the example's files and the indexes that list every step: tsc follows their imports, so
  // everything they touch is checked, without checking the rest of the project again.
  const tsconfig = JSON.parse(readFileSync(path.join(REPO_ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
  const files = [...new Set(blocks.map((block) => block.file)), 'src/steps/_generated/contracts.gen.ts', 'src/steps/_generated/step-index.gen.ts'];
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: undefined, files }));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('docs/architecture.md: the worked examples', () => {
  const newSteps = [...new Set(blocks.flatMap((block) => /^src\/steps\/([a-z][A-Za-z0-9]*)\//.exec(block.file)?.[1] ?? []))];

  it('add a throw-away step of each kind: a data form, one with server behaviour, a closing page, one with I/O', () => {
    expect(newSteps.length).toBeGreaterThanOrEqual(3);
    for (const step of newSteps) expect(existsSync(path.join(REPO_ROOT, 'src/steps', step)), `${step} must be new`).toBe(false);
    const files = blocks.map((block) => block.file);
    // Server behaviour: a hook beside its concern and its entry in the table.
    expect(files.some((file) => file.startsWith('server/'))).toBe(true);
    // I/O: the step's own machine, its logic, an API call and the app's actor.
    expect(files.some((file) => /^src\/steps\/[^/]+\/[a-z-]+\.machine\.ts$/.test(file))).toBe(true);
    expect(files.some((file) => /^src\/steps\/[^/]+\/logic\.ts$/.test(file))).toBe(true);
    expect(files).toContain('src/app/step-actors.ts');
    expect(files.some((file) => /^src\/api\/[a-z-]+\.api\.ts$/.test(file))).toBe(true);
  });

  it('are folders the step index accepts and code that typechecks against today’s sources', () => {
    applyBlocks(root, blocks);
    const stepsDir = path.join(root, 'src/steps');
    expect(readStepFolders(stepsDir).map((folder) => folder.taskKey)).toEqual(expect.arrayContaining(newSteps));
    writeStepIndexes(stepsDir);
    const tsc = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json'), '--noEmit'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(`${tsc.stdout}${tsc.stderr}`.replaceAll(root, '<copy>')).toBe('');
    expect(tsc.status).toBe(0);
  }, 240_000);
});

describe('the example harness itself', () => {
  it('refuses an anchor that is missing, so a stale example cannot pass by writing nowhere', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'solis-anchor-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), 'const a = {\n};\n');
      expect(() => applyBlocks(dir, [{ file: 'a.ts', after: 'const b = {', code: '  x: 1,\n' }])).toThrow(/on 0 lines/);
      applyBlocks(dir, [{ file: 'a.ts', after: 'const a = {', code: '  x: 1,\n' }]);
      expect(readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe('const a = {\n  x: 1,\n};\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
