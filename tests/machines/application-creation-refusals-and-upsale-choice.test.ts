import { describe, expect, it } from 'vitest';
import { appError, newOnFirstStep, settle, submission, taskResponse } from './actor.fakes';

/**
 * What a creation carries and how its refusal is shown: the choice of product selection (section 2,
 * `/choose-product`) as the upsale application is made with it, and a refusal of the link's partner
 * parameters (section 3) told apart from a refusal of what the applicant typed.
 */

function choice(creditConditions: Record<string, unknown>) {
  return {
    taskDefinitionKey: 'chooseProduct',
    application: { applicationUpdates: { creditConditions }, personUpdates: [], addRelations: [], customData: {} },
    variables: {},
  };
}

describe('application machine: the upsale application is made with the choice submitted (section 2)', () => {
  it('carries only the parts of the choice in their own shape: a number as an amount or period, a text as a product or purpose', async () => {
    const run = await newOnFirstStep({ creation: 'upsale', firstTask: 'chooseProduct' });
    run.actor.send({ type: 'step.submitted', submission: choice({ productName: 42, loanAmount: '5000', loanPeriod: 48, loanPurpose: 'WEDDING' }) });
    await settle();
    // Nothing of the wrong shape reaches the upsale call, not even as a name without a value.
    expect(run.fakes.createApplication.last().input.upsale).toStrictEqual({ loanPeriod: 48, loanPurpose: 'WEDDING' });
  });

  it('a text where a number belongs, and a number where a text belongs, are both left out', async () => {
    const run = await newOnFirstStep({ creation: 'upsale', firstTask: 'chooseProduct' });
    run.actor.send({ type: 'step.submitted', submission: choice({ productName: 'CAR_LOAN', loanAmount: 5000, loanPeriod: '48', loanPurpose: 7 }) });
    await settle();
    expect(run.fakes.createApplication.last().input.upsale).toStrictEqual({ productName: 'CAR_LOAN', loanAmount: 5000 });
  });
});

describe("application machine: a creation refused for the link or for what was typed (section 3)", () => {
  it('a refusal of a typed answer shows on the submit button and keeps the step, even from a partner’s link', async () => {
    const run = await newOnFirstStep({ start: { partner: { regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 1500 } } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    const refusal = appError('validation', { fieldErrors: { 'application.creditConditions.loanAmount': ['validation.messages.amountTooLarge'] } });
    run.fakes.createApplication.last().reject(refusal);
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ submitError: refusal, failedWhile: null, error: null });
  });

  it('a refusal that names the partner parameters among typed answers ends on the error page: typing cannot mend the link', async () => {
    const run = await newOnFirstStep({ start: { partner: { regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 1500 } } });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    const refusal = appError('validation', {
      fieldErrors: {
        'application.creditConditions.loanAmount': ['validation.messages.amountTooLarge'],
        'application.partner.regCode': ['validation.messages.partnerUnknown'],
      },
    });
    run.fakes.createApplication.last().reject(refusal);
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context).toMatchObject({ error: refusal, failedWhile: 'link', queued: null });
    expect(run.fakes.submitStep.calls).toHaveLength(0);
  });

  it('a validation refusal that names no field keeps the step with the refusal on the button', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    const refusal = appError('validation', { fieldErrors: {} });
    run.fakes.createApplication.last().reject(refusal);
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(run.actor.getSnapshot().context.submitError).toEqual(refusal);
    // The next submit tries the creation again.
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-2' }));
    await settle();
    expect(run.fakes.submitStep.last().input.externalId).toBe('ext-2');
  });
});
