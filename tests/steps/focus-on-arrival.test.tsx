/**
 * Issue 26 item 4: focus goes to the new step's heading on every step, never to a button. Each step
 * module of src/steps/_generated/ is rendered as the app shows it when the applicant arrives from the
 * previous step (tests/support/render-step.tsx: the step's screen mounts, with the answers its
 * contract's example gives as the draft), and the focused element must be its h1.
 *
 * The first pages (createApplicationStep, businessData) are where the applicant lands with a fresh
 * page load: focus stays at the top of the document (GOV.UK), or moves into the calculator where it
 * opens on start; there too, never to a button (decision 192).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { offerBoundsOf, type ApprovedOffer } from '../../core/domain/offers';
import type { ProductData } from '../../core/domain/product-data';
import type { TaskResponse } from '../../machines/application/application.actors';
import { offerOf } from '../../server/decisions/decision-rules';
import { STEP_CONTRACTS } from '../../src/steps/_generated/contracts.gen';
import { STEP_INDEX } from '../../src/steps/_generated/step-index.gen';
import { TASK_KEYS, type TaskKey } from '../../src/steps/_generated/task-keys';
import { productTableOf, referencedTask, renderStep, type RenderStepOptions } from '../support/render-step';

/** The pages an applicant lands on: focus is not moved there (see above). */
const LANDING_STEPS: readonly TaskKey[] = ['createApplicationStep', 'businessData'];

/** Where a step is shown: a company's steps in the corporate domain, the rest in Estonian retail. */
const CORPORATE_STEPS: readonly TaskKey[] = ['businessData', 'submitLeasingData', 'uploadLeasingDocuments'];

function offerOn(productName: 'SMALL_LOAN' | 'CREDIT_CARD_VISA_CLASSIC', amount: number, period: number): Partial<TaskResponse> {
  const product = productTableOf('retail-banking-ee')[productName] as ProductData;
  const offer: ApprovedOffer = { ...offerOf(product, amount, period), variant: 'INITIAL', bounds: offerBoundsOf(product, { amount, period }) };
  return referencedTask({ creditConditions: { productName, loanAmount: amount, loanPeriod: productName === 'SMALL_LOAN' ? period : null }, decision: { outcome: 'POSITIVE', offer } });
}

/**
 * The steps that show what they show only with the application's facts (an offer), and what shows
 * once they have settled: the offer pages' decline button, whose dialog handed focus to it (issue 26).
 */
const ARRIVALS: Partial<Record<TaskKey, { task: () => Partial<TaskResponse>; settled: RegExp }>> = {
  reviewApproved: { task: () => offerOn('SMALL_LOAN', 5000, 36), settled: /^Decline the offer$/ },
  viewCreditCardOffer: { task: () => offerOn('CREDIT_CARD_VISA_CLASSIC', 2000, 12), settled: /^Decline the (offer|card)$/ },
};

function optionsOf(taskKey: TaskKey): RenderStepOptions {
  const domain: BusinessDomain = CORPORATE_STEPS.includes(taskKey) ? 'corporate-banking' : 'retail-banking-ee';
  const contract = STEP_CONTRACTS[taskKey].contract as { example?: (context: { domain: BusinessDomain }) => Record<string, unknown> };
  const example = contract.example?.({ domain }) ?? null;
  return {
    domain,
    task: {
      // Arrived from a previous step of the same application.
      version: 4,
      stepCount: 4,
      draft: example ? { taskDefinitionKey: taskKey, version: 1, data: example } : null,
      ...ARRIVALS[taskKey]?.task(),
    },
  };
}

describe('focus on arrival at a step (issue 26)', () => {
  it.each(TASK_KEYS.filter((key) => !LANDING_STEPS.includes(key)))('%s: the step’s heading takes focus', async (taskKey) => {
    const { view } = await renderStep(taskKey, optionsOf(taskKey));
    const settled = ARRIVALS[taskKey]?.settled;
    if (settled) await screen.findByRole('button', { name: settled });
    // What the step loads on arrival (its fakes answer at once) has come in.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const heading = view.container.querySelector('h1');
    await waitFor(() => expect(document.activeElement, `focus is on ${document.activeElement?.outerHTML.slice(0, 120)}`).toBe(heading));
  });

  it.each(LANDING_STEPS)('%s (a first page): focus is never on a button', async (taskKey) => {
    await renderStep(taskKey, optionsOf(taskKey));
    const focused = document.activeElement;
    expect(focused === document.body || focused?.tagName === 'H1' || focused?.tagName === 'H2', `focus is on ${focused?.outerHTML.slice(0, 120)}`).toBe(true);
  });

  it('covers every step the index knows', () => {
    expect(Object.keys(STEP_INDEX).sort()).toEqual([...TASK_KEYS].sort());
  });
});
