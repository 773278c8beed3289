import { describe, expect, it } from 'vitest';
import type { ApplicationInput } from '../../machines/application/application.machine';
import { loaded, settle, startApplication, submission, taskResponse, type ProvidedActor } from './actor.fakes';

/**
 * The machine's I/O is the app's to provide (`machine.provide`). One the app forgot fails the way a
 * failed call of it would, with a message naming it: an error page or the submit button's reason, never
 * a blank page or a step that seems to work.
 */

/** The machine with every actor the fakes give except `missing`. */
function startWithout(missing: ProvidedActor, input: Partial<ApplicationInput> = {}) {
  return startApplication(input, { without: missing });
}

function missingActorError(name: ProvidedActor) {
  return { kind: 'server', message: `The ${name} actor is provided by the app` };
}

describe('application machine: an actor the app did not provide', () => {
  it('the look-up of an unfinished application: a new application is started, nothing continued', async () => {
    const { actor, fakes } = startWithout('findPreviousApplication');
    await settle();
    expect(fakes.continueApplication.calls).toHaveLength(0);
    expect(fakes.loadStepView.last().input).toMatchObject({ taskKey: 'createApplicationStep', externalId: null });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('continuing the application: the error page, naming the actor', async () => {
    const { actor } = startWithout('continueApplication', { start: { externalId: 'ext-1' } });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: missingActorError('continueApplication'), failedWhile: 'application' });
  });

  it("loading the step's screen: the error page, naming the actor", async () => {
    const { actor, fakes } = startWithout('loadStepView', { start: { externalId: 'ext-1' } });
    fakes.continueApplication.last().resolve(taskResponse());
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual(missingActorError('loadStepView'));
  });

  it('loading the product data: the error page, naming the actor', async () => {
    const { actor, fakes } = startWithout('loadProducts', { initialiseProducts: true });
    fakes.findPreviousApplication.last().resolve(null);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: missingActorError('loadProducts'), failedWhile: 'products' });
  });

  it('creating the application: the submit button says why, the step stays', async () => {
    const { actor, fakes } = startWithout('createApplication');
    fakes.findPreviousApplication.last().resolve(null);
    await settle();
    fakes.loadStepView.last().resolve(loaded());
    await settle();
    actor.send({ type: 'step.submitted', submission: submission() });
    await settle();
    expect(actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.submitError).toEqual(missingActorError('createApplication'));
  });

  it.each([
    ['submitStep', { type: 'step.submitted', submission: submission() }],
    ['returnToTask', { type: 'history.back' }],
    ['changeTask', { type: 'step.change', taskKey: 'submitBackgroundData' }],
  ] as const)('%s: the submit button says why, the step stays', async (name, event) => {
    const { actor, fakes } = startWithout(name, { start: { externalId: 'ext-1' } });
    fakes.continueApplication.last().resolve(taskResponse({ taskDefinitionKey: 'viewCheckAnswers', previousTaskDefinitionKey: 'submitBackgroundData' }));
    await settle();
    fakes.loadStepView.last().resolve(loaded());
    await settle();
    actor.send(event);
    await settle();
    expect(actor.getSnapshot().matches({ step: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.submitError).toEqual(missingActorError(name));
  });
});
