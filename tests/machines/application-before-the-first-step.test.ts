import { describe, expect, it } from 'vitest';
import { loaded, newOnFirstStep, settle, startApplication, submission, taskResponse } from './actor.fakes';

/**
 * What the machine tells the page before and on the first step it shows: the page's selectors read
 * these (the conflict notice, the step's view and finality, the Forward under way, history's moves,
 * the parent page's step), so a value left over from nothing must not show as something.
 */
describe('application machine: before the first step is shown', () => {
  it('while the application is looked up, nothing is shown, asked, refused or under way', () => {
    const run = startApplication();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('lookingUpPrevious');
    expect(snapshot.context).toMatchObject({
      draftConflict: false,
      stepTerminal: false,
      stepVariant: 'default',
      stepLogic: null,
      stepResubmits: false,
      forwarding: false,
      forwardRequest: 0,
      backRefusal: null,
      redirect: null,
      error: null,
      submitError: null,
      failedWhile: null,
      products: {},
    });
    // History has seen one move, the page's load, and none yet counted.
    expect(snapshot.context.stepMove).toStrictEqual({ seq: 0, by: 'load' });
    // Nothing asked of the product data yet; the calculator neither opens nor locks its amount.
    expect(snapshot.context.productsAsked).toStrictEqual([]);
    expect(snapshot.context.stepCalculator).toStrictEqual({ opensOnStart: false, amountEditable: true });
  });

  it('the first step of a new application shows no conflict notice, is not final, and is the first move, a load', async () => {
    const run = await newOnFirstStep();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ draftConflict: false, stepTerminal: false, forwarding: false });
    expect(snapshot.context.stepMove).toStrictEqual({ seq: 1, by: 'load' });
  });

  it('the next step is the second move, forward', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse());
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().context.stepMove).toStrictEqual({ seq: 1, by: 'load' });
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2 }));
    await settle();
    expect(run.actor.getSnapshot().context.stepMove).toStrictEqual({ seq: 2, by: 'forward' });
  });

  it('on the first step before the application exists, Back is refused and Forward is not taken', async () => {
    const run = startApplication();
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    run.fakes.loadStepView.last().resolve(loaded({ resubmitsOnForward: true }));
    await settle();
    expect(run.actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
    run.actor.send({ type: 'history.back' });
    run.actor.send({ type: 'history.forward' });
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ backRefusal: 'locked', forwarding: false, forwardRequest: 0 });
    expect(run.fakes.returnToTask.calls).toHaveLength(0);
  });
});
