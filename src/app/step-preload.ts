/**
 * Issue 26: while a step shows, the chunks of the steps that can follow it load in the background
 * (their views for this applicant's variant, and their own machines), so the next step renders the
 * moment the server names it. Which steps can follow is the generated table
 * `src/steps/_generated/next-steps.gen.ts` (from the process definitions). This module and the table
 * are a chunk of their own, asked for when the browser is idle (step-page.tsx): never the first page.
 */
import { isCorporate, type BusinessDomain, type CountryCode } from '../../core/domain/business-domains';
import { NEXT_STEPS } from '../steps/_generated/next-steps.gen';
import { hasStep, loadStepView, preloadStepLogic, variantOf } from './step-loader';

export interface PreloadFacts {
  country: CountryCode;
  businessDomain: BusinessDomain;
  /** Whose steps these are, and the application's channel: they choose each step's variant. */
  role: string;
  channel: string | null;
}

/** Starts loading the chunks of the steps that can follow `taskKey`; a failure is left to the step loader, which asks again. */
export function preloadNextSteps(taskKey: string, facts: PreloadFacts): Promise<unknown> {
  if (!hasStep(taskKey)) return Promise.resolve();
  const corporate = isCorporate(facts.businessDomain);
  const loads = (NEXT_STEPS[taskKey] ?? []).flatMap((next) => {
    const variant = variantOf(next, { country: facts.country, role: facts.role, channel: facts.channel, corporate });
    return [loadStepView(next, variant), preloadStepLogic(next)];
  });
  return Promise.allSettled(loads);
}
