/**
 * Decision 212, the browser's Forward: on a page of answers the machine takes it and the step's form
 * presses Continue with what it shows (the normal submit); answers that no longer pass show the error
 * summary and the step stays. Action steps never take it. The history side is in e2e/finding-your-way.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STEP_INDEX } from '../../src/steps/_generated/step-index.gen';
import { continueButton, summaryOf } from '../support/step-queries';
import { renderStep } from '../support/render-step';

const textbox = (name: string) => screen.getAllByRole('textbox', { name })[0] as HTMLInputElement;

describe("the browser's Forward on a step (decision 212)", () => {
  it('sends what the page shows through the normal submit, the same submission as Continue', async () => {
    const { actor, user, submitted } = await renderStep('submitAddress', { task: {} });
    await user.type(textbox('Street and house number'), 'Narva mnt 5');
    await user.type(textbox('Town or city'), 'Tallinn');
    await user.type(textbox('Postal code'), '10117');
    expect(actor.getSnapshot().can({ type: 'history.forward' })).toBe(true);
    actor.send({ type: 'history.forward' });
    await waitFor(() => expect(submitted).toHaveLength(1));
    const byForward = submitted[0]?.submission;
    expect(byForward?.taskDefinitionKey).toBe('submitAddress');
    expect(byForward?.application.personUpdates).toMatchObject([{ role: 'APPLICANT', declaredData: { address: { street: 'Narva mnt 5', city: 'Tallinn', postalCode: '10117' } } }]);
  });

  it('answers that no longer pass: the error summary takes focus, nothing is sent, Forward can be taken again', async () => {
    const { actor, submitted } = await renderStep('submitAddress', { task: {} });
    actor.send({ type: 'history.forward' });
    const summary = await summaryOf();
    await waitFor(() => expect(summary.contains(document.activeElement)).toBe(true));
    await waitFor(() => expect(actor.getSnapshot().context.forwarding).toBe(false));
    expect(submitted).toHaveLength(0);
    expect(actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'history.forward' })).toBe(true);
    expect(continueButton()).toBeTruthy();
  });

  it('is taken only on pages of answers, never where Continue is an action of its own', () => {
    const resubmitting = Object.entries(STEP_INDEX)
      .filter(([, entry]) => entry.meta.resubmitsOnForward === true)
      .map(([taskKey]) => taskKey)
      .sort();
    expect(resubmitting).toEqual(
      [
        'businessData',
        'createApplicationStep',
        'submitAddress',
        'submitBackgroundData',
        'submitBankDetailsAndIdentificationDocumentInfo',
        'submitEmployerInfo',
        'submitFinancialData',
        'submitInitialDataCoBorrower',
        'submitLeasingData',
        'submitPersonalInfo',
        'submitRealEstateInfo',
      ].sort(),
    );
  });
});
