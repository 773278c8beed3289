/**
 * Issue 26: the generated straight paths (src/steps/_generated/step-paths.gen.ts) from which "Step N
 * of M" counts are the ones the process definitions give today. Stale after a change of a process:
 * `npm run steps:next`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEP_PATHS } from '../../src/steps/_generated/step-paths.gen';
import { STEP_PATHS_FILE, stepPathsModule, stepPathsTable } from '../support/step-paths';

describe('the step paths table (issue 26)', () => {
  it('is what the process definitions give (run `npm run steps:next` after changing a process)', () => {
    expect(readFileSync(STEP_PATHS_FILE, 'utf8')).toBe(stepPathsModule(stepPathsTable()));
  }, 120_000);

  it("counts an Estonian small loan's straight path from the first page to the contract", () => {
    const path = STEP_PATHS['retail-banking-ee']?.SMALL_LOAN ?? [];
    expect(path[0]).toBe('createApplicationStep');
    expect(path).toContain('checkAnswers');
    expect(path.at(-1)).toBe('viewContractConditions');
    // Latvia asks the account statements through open banking on the straight path: one step more.
    expect(STEP_PATHS['retail-banking-lv']?.SMALL_LOAN).toHaveLength(path.length + 1);
  });
});
