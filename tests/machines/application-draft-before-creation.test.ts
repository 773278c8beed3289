import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { DRAFT_DEBOUNCE_MS } from '../../machines/draft/draft.machine';
import { newOnFirstStep, settle, submission, taskResponse } from './actor.fakes';

/**
 * Decision 001: before the application exists the step's draft actor only remembers; it saves once
 * `draft.attached` names the new application. The application machine starts it with no
 * application's id, so whatever reaches it before then writes nothing anywhere.
 */
describe("application machine: the step's draft before the application exists", () => {
  it('a change or a flush told to the draft actor saves nothing until the application is created, then it saves under the new id', async () => {
    const run = await newOnFirstStep();
    expect(run.actor.getSnapshot().matches({ step: { editing: 'unsaved' } })).toBe(true);

    const draft = run.actor.getSnapshot().children['draft'] as AnyActorRef | undefined;
    draft?.send({ type: 'draft.changed', data: { firstName: 'Mari' } });
    draft?.send({ type: 'draft.flush' });
    run.clock.increment(10 * DRAFT_DEBOUNCE_MS);
    await settle();
    expect(run.fakes.saveDraft.calls).toHaveLength(0);

    run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-new', version: 1 }));
    await settle();
    run.clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    expect(run.fakes.saveDraft.calls.map((call) => call.input.externalId)).toEqual(['ext-new']);
  });

  it('a submission before the application exists creates it and sends the step under the new id', async () => {
    const run = await newOnFirstStep();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    await settle();
    expect(run.fakes.submitStep.calls).toHaveLength(0);
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-new', version: 1 }));
    await settle();
    expect(run.fakes.submitStep.calls.map((call) => call.input.externalId)).toEqual(['ext-new']);
  });
});
