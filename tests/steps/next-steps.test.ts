/**
 * Issue 26: the generated table of the steps that can follow each step (src/steps/_generated/
 * next-steps.gen.ts), which the app preloads while a step shows, is the one the process definitions
 * give today. Stale after a change of a process: `npm run steps:next`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT_STEPS } from '../../src/steps/_generated/next-steps.gen';
import { NEXT_STEPS_FILE, nextStepsModule, nextStepsTable } from '../support/next-steps';

describe('the next-steps table (issue 26)', () => {
  it('is what the process definitions give (run `npm run steps:next` after changing a process)', () => {
    expect(readFileSync(NEXT_STEPS_FILE, 'utf8')).toBe(nextStepsModule(nextStepsTable()));
  }, 120_000);

  it('names the ways on of the retail loan flow', () => {
    expect(NEXT_STEPS.submitPersonalInfo).toContain('submitBackgroundData');
    expect(NEXT_STEPS.checkAnswers).toContain('reviewApproved');
    expect(NEXT_STEPS.reviewApproved).toContain('viewContractAndChooseSigningMethod');
    // A page that ends the flow has no way on.
    expect(NEXT_STEPS.viewThankYouPage).toBeUndefined();
  });
});
