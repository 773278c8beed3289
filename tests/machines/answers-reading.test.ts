/**
 * The check-answers page's read of the answers (issue 11): what it holds before and after a failed
 * read, what it asks when the step has no application yet, and what it says when the app provides
 * no reader.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { answersMachine, type AnsweredStep, type LoadAnswersInput } from '../../src/steps/checkAnswers/answers.machine';
import { appError, controllable, settle, stepLogicInput } from './actor.fakes';

function start(externalId: string | null = 'ext-1') {
  const load = controllable<AnsweredStep[], LoadAnswersInput>();
  const actor = createActor(answersMachine.provide({ actors: { loadAnswers: load.logic } }), { input: stepLogicInput({ externalId, role: 'APPLICANT' }) });
  actor.start();
  return { actor, load };
}

describe('answers machine: what it holds', () => {
  it('holds no answers while they are read, nor after the read failed', async () => {
    const run = start();
    expect(run.actor.getSnapshot().value).toBe('loading');
    expect(run.actor.getSnapshot().context.steps).toEqual([]);
    run.load.last().reject(appError('network'));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context).toMatchObject({ steps: [], error: appError('network') });
  });

  it('asks with an empty application id when the step has no application yet', () => {
    const run = start(null);
    expect(run.load.last().input).toEqual({ externalId: '', role: 'APPLICANT' });
  });
});

describe('answers machine: without the reader provided', () => {
  it('offers the retry, naming the missing actor', async () => {
    const actor = createActor(answersMachine, { input: stepLogicInput() }).start();
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'server', message: 'The loadAnswers actor is provided by the app' });
    actor.stop();
  });
});
