import { describe, expect, it } from 'vitest';
import { setup, type ActorRefFrom } from 'xstate';
import type { StepLogicInput, StepViewLoadResult } from '../../machines/application/application.actors';
import { loaded, settle, startApplication, stepLogicInput, submission, taskResponse } from './actor.fakes';

/** A step machine that keeps the input it was started with, as a step's logic reads it. */
const probe = setup({ types: { input: {} as StepLogicInput, context: {} as { input: StepLogicInput } } }).createMachine({
  context: ({ input }) => ({ input }),
});

/** A view with every setting away from its default: the calculator opens with its amount fixed, Forward presses Continue. */
const SET: StepViewLoadResult = {
  outcome: 'loaded',
  variant: 'lv',
  terminal: false,
  logic: { probe },
  calculator: { opensOnStart: true, amountEditable: false },
  resubmitsOnForward: true,
};

describe("application machine: a loaded view's settings (its meta)", () => {
  it('the step shows the variant, starts the logic with the calculator settings, and lets Forward press Continue', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' }, locale: 'et' });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', previousTaskDefinitionKey: 'createApplicationStep' }));
    await settle();
    run.fakes.loadStepView.last().resolve(SET);
    await settle();

    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'synced' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ stepVariant: 'lv', stepTerminal: false, stepCalculator: { opensOnStart: true, amountEditable: false }, stepResubmits: true });
    const child = snapshot.children['probe'] as ActorRefFrom<typeof probe> | undefined;
    expect(child?.getSnapshot().context.input).toEqual(
      stepLogicInput({ productName: 'SMALL_LOAN', taskKey: 'submitBackgroundData', opensOnStart: true, amountEditable: false }),
    );
    expect(snapshot.can({ type: 'history.forward' })).toBe(true);
  });

  it("the next step's view replaces every setting: defaults where its meta sets none", async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ previousTaskDefinitionKey: null }));
    await settle();
    run.fakes.loadStepView.last().resolve(SET);
    await settle();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();

    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'synced' } })).toBe(true);
    expect(snapshot.context).toMatchObject({
      stepVariant: 'default',
      stepTerminal: false,
      stepLogic: null,
      stepCalculator: { opensOnStart: false, amountEditable: true },
      stepResubmits: false,
    });
    expect(snapshot.children['probe']).toBeUndefined();
    // A page whose meta does not say Forward presses its Continue: Forward is not taken.
    expect(snapshot.can({ type: 'history.forward' })).toBe(false);
  });

  it('a view that ends the flow shows the finished step', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'viewThankYouPage' }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ terminal: true }));
    await settle();
    expect(run.actor.getSnapshot().matches({ step: 'finished' })).toBe(true);
    expect(run.actor.getSnapshot().context.stepTerminal).toBe(true);
  });
});

describe('application machine: continuing an application the server holds no applicant of yet', () => {
  it('keeps the interface language and shows the step', async () => {
    const task = taskResponse({ taskDefinitionKey: 'submitBackgroundData' });
    task.application.relatedPersons.persons = [{ id: 'p-2', role: 'CO_BORROWER', languageCode: 'rus' }];
    const run = startApplication({ start: { externalId: 'ext-1' }, locale: 'lv' });
    run.fakes.continueApplication.last().resolve(task);
    await settle();
    expect(run.actor.getSnapshot().status).toBe('active');
    expect(run.actor.getSnapshot().context).toMatchObject({ locale: 'lv', taskKey: 'submitBackgroundData' });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches({ step: { editing: 'synced' } })).toBe(true);
  });
});
