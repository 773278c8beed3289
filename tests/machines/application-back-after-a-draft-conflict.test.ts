import { describe, expect, it } from 'vitest';
import { DRAFT_DEBOUNCE_MS } from '../../machines/draft/draft.machine';
import { appError, loaded, settle, startApplication, taskResponse } from './actor.fakes';

/**
 * Back after another tab changed the application (a draft conflict): what is typed here can no longer
 * be saved, so the return does not wait for a write that will never come (decision 231).
 */
describe('application machine: Back after a draft conflict', () => {
  it('asks the return at once, writing nothing more, though typing was not saved', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication
      .last()
      .resolve(taskResponse({ taskDefinitionKey: 'submitBackgroundData', version: 4, stepCount: 2, previousTaskDefinitionKey: 'createApplicationStep' }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();

    run.actor.send({ type: 'form.changed', data: { employer: 'S' } });
    run.clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    run.fakes.saveDraft.last().reject(appError('conflict'));
    await settle();
    expect(run.actor.getSnapshot().context.draftConflict).toBe(true);

    run.actor.send({ type: 'form.changed', data: { employer: 'Solis' } });
    run.actor.send({ type: 'history.back' });
    await settle();
    // No clock moved: the return is asked without the settle wait.
    expect(run.fakes.returnToTask.calls).toHaveLength(1);
    expect(run.fakes.returnToTask.last().input).toEqual({ externalId: 'ext-1', taskDefinitionKey: 'submitBackgroundData', version: 4 });
    expect(run.fakes.saveDraft.calls).toHaveLength(1);
  });
});
