import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/e2e-server';
import { importsOf, sourceFiles } from '../support/source-imports';

/**
 * conventions.md: "No import cycles." The server's modules (and what they import from src/) form a
 * graph without cycles; type-only imports count too, so a cycle cannot hide behind `import type`.
 */
function findCycle(roots: string[]): string[] | undefined {
  const edges = new Map<string, string[]>();
  const pending = [...roots];
  while (pending.length) {
    const file = pending.pop()!;
    if (edges.has(file)) continue;
    const targets = importsOf(file);
    edges.set(file, targets);
    pending.push(...targets);
  }
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const target of edges.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of edges.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle.map((f) => path.relative(REPO_ROOT, f));
  }
  return undefined;
}

describe('server import graph', () => {
  it('has no cycles (config.ts and client-config.ts share server/config/env.ts instead of importing each other)', () => {
    expect(findCycle(sourceFiles(path.join(REPO_ROOT, 'server')))).toBeUndefined();
  });

  it('finds a cycle when there is one', () => {
    const fixture = path.join(REPO_ROOT, 'tests/server/fixtures/import-cycle');
    expect(findCycle([path.join(fixture, 'a.ts')])).toEqual([
      'tests/server/fixtures/import-cycle/a.ts',
      'tests/server/fixtures/import-cycle/b.ts',
      'tests/server/fixtures/import-cycle/a.ts',
    ]);
  });
});
