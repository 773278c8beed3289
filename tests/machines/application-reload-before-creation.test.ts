import { describe, expect, it } from 'vitest';
import { loaded, newOnFirstStep, settle, startApplication, taskResponse } from './actor.fakes';

/**
 * "Load the latest version" (`application.reloaded`) loads the application again from the server.
 * On the first step of a new application there is none yet: the request is ignored rather than
 * asking the server for application "" and ending on the error page.
 */
describe('application machine: loading the application again', () => {
  it('on the first step of a new application nothing is loaded and the step stays as typed', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'application.reloaded' });
    await settle();
    expect(run.fakes.continueApplication.calls).toHaveLength(0);
    expect(run.actor.getSnapshot().matches({ step: { editing: 'unsaved' } })).toBe(true);
    expect(run.actor.getSnapshot().context.error).toBeNull();
  });

  it('an application that exists is continued again by its externalId', async () => {
    const run = startApplication({ start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(taskResponse());
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    run.actor.send({ type: 'application.reloaded' });
    await settle();
    expect(run.fakes.continueApplication.calls).toHaveLength(2);
    expect(run.fakes.continueApplication.last().input).toMatchObject({ externalId: 'ext-1' });
  });
});
