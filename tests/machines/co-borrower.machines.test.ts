/**
 * The small machines of the co-borrower flow (issue 11): opening an invitation and the check-answers
 * page's read of the answers (the waiting page's task poll: task-poll.machine.test.ts). Unit tests with fake
 * actors, plus the invitation's paths generated from the machine (xstate/graph).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { invitationMachine } from '../../machines/invitation/invitation.machine';
import { answersMachine, type AnsweredStep, type LoadAnswersInput } from '../../src/steps/checkAnswers/answers.machine';
import { appError, controllable, settle, stepLogicInput } from './actor.fakes';

const STEP_INPUT = stepLogicInput();

describe('invitation machine', () => {
  function start() {
    const accept = controllable<{ externalId: string }, { token: string }>();
    const actor = createActor(invitationMachine.provide({ actors: { acceptInvitation: accept.logic } }), { input: { token: 'tok' } });
    actor.start();
    return { actor, accept };
  }

  it('spends the token once and ends with the application to continue', async () => {
    const run = start();
    expect(run.accept.last().input).toEqual({ token: 'tok' });
    run.accept.last().resolve({ externalId: 'ext-9' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('accepted');
    expect(run.actor.getSnapshot().context.externalId).toBe('ext-9');
    expect(run.accept.calls).toHaveLength(1);
  });

  it('says plainly that a used, expired or unknown link cannot be used (the server answers 404)', async () => {
    const run = start();
    run.accept.last().reject(appError('not-found'));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('unusable');
  });

  it('offers a retry after a network or server failure, which asks again', async () => {
    const run = start();
    run.accept.last().reject(appError('network'));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.error?.kind).toBe('network');
    run.actor.send({ type: 'invitation.retried' });
    expect(run.accept.calls).toHaveLength(2);
    run.accept.last().resolve({ externalId: 'ext-9' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('accepted');
  });

  it('has a path to each end, every one replayed against the machine', async () => {
    const paths = getShortestPaths(invitationMachine, {
      input: { token: 'tok' },
      events: (snapshot: { matches: (value: string) => boolean }) =>
        snapshot.matches('accepting')
          ? [
              { type: 'xstate.done.actor.0.invitation.accepting', output: { externalId: 'ext-9' } },
              { type: 'xstate.error.actor.0.invitation.accepting', error: appError('not-found') },
              { type: 'xstate.error.actor.0.invitation.accepting', error: appError('server') },
            ]
          : [{ type: 'invitation.retried' }],
    } as never);
    const ends = new Set(paths.map((path) => path.state.value));
    expect(ends).toEqual(new Set(['accepting', 'accepted', 'unusable', 'failed']));
    for (const path of paths) {
      const run = start();
      for (const step of path.steps.slice(1)) {
        const event = step.event as { type: string; output?: { externalId: string }; error?: unknown };
        if (event.type.startsWith('xstate.done')) run.accept.last().resolve(event.output!);
        else if (event.type.startsWith('xstate.error')) run.accept.last().reject(event.error);
        else run.actor.send(event as never);
        await settle();
        expect(run.actor.getSnapshot().value).toEqual(step.state.value);
      }
    }
  });
});

describe('answers machine', () => {
  function start() {
    const load = controllable<AnsweredStep[], LoadAnswersInput>();
    const actor = createActor(answersMachine.provide({ actors: { loadAnswers: load.logic } }), { input: { ...STEP_INPUT, role: 'COBORROWER' } });
    actor.start();
    return { actor, load };
  }

  it("reads this person's answers, in their role", async () => {
    const run = start();
    expect(run.load.last().input).toEqual({ externalId: 'ext-1', role: 'COBORROWER' });
    run.load.last().resolve([{ taskKey: 'submitAddress', data: { city: 'Tartu' }, summary: {} }]);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('ready');
    expect(run.actor.getSnapshot().context.steps).toHaveLength(1);
  });

  it('offers a retry when the read fails', async () => {
    const run = start();
    run.load.last().reject(appError('timeout'));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    run.actor.send({ type: 'answers.retried' });
    expect(run.actor.getSnapshot().value).toBe('loading');
    expect(run.load.calls).toHaveLength(2);
  });
});
