/**
 * The task poll (machines/task-poll; issues 11 and 22, decision 172): a page that waits looks again now
 * and then and has the application machine load the next task once it changed; a failed look is
 * tried again. Unit tests with fake actors on a simulated clock, and the machine's paths generated
 * from its graph (xstate/graph), each replayed.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, setup } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  TASK_POLL_CHECK_MS,
  TASK_POLL_WAITING_MS,
  taskChanged,
  taskPollMachine,
  type CurrentTask,
  type CurrentTaskInput,
  type TaskPollInput,
} from '../../machines/task-poll/task-poll.machine';
import { appError, controllable, settle } from './actor.fakes';

const WAITING: TaskPollInput = { externalId: 'ext-1', role: 'APPLICANT', taskKey: 'viewWaitingPage', awaitingCheck: null };
const ANALYSING: TaskPollInput = { externalId: 'ext-1', role: 'APPLICANT', taskKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' };

function start(input: TaskPollInput) {
  const current = controllable<CurrentTask, CurrentTaskInput>();
  const reloads: number[] = [];
  const clock = new SimulatedClock();
  const host = setup({
    types: { events: {} as { type: 'application.reloaded' } },
    actors: { poll: taskPollMachine.provide({ actors: { currentTask: current.logic } }) },
  }).createMachine({
    invoke: { id: 'poll', src: 'poll', input },
    on: { 'application.reloaded': { actions: () => reloads.push(1) } },
  });
  const actor = createActor(host, { clock });
  actor.start();
  const child = actor.getSnapshot().children.poll!;
  const context = () => (child.getSnapshot() as { context: { looks: number; failures: number; askedNow: boolean } }).context;
  return { actor, child, current, reloads, clock, context };
}

describe('the task poll on the waiting page (another person fills in)', () => {
  it('looks every 20 seconds and stays while this person still waits', async () => {
    const run = start(WAITING);
    run.clock.increment(TASK_POLL_WAITING_MS - 1);
    expect(run.current.calls).toHaveLength(0);
    run.clock.increment(1);
    expect(run.current.last().input).toEqual({ externalId: 'ext-1', role: 'APPLICANT' });
    run.current.last().resolve({ taskDefinitionKey: 'viewWaitingPage', awaitingCheck: null });
    await settle();
    expect(run.reloads).toHaveLength(0);
    expect(run.context().looks).toBe(1);
    run.clock.increment(TASK_POLL_WAITING_MS);
    expect(run.current.calls).toHaveLength(2);
  });

  it('tells the application machine to load the next task once the other person is done, and looks no more', async () => {
    const run = start(WAITING);
    run.child.send({ type: 'taskPoll.checkNow' });
    expect(run.context().askedNow).toBe(true);
    run.current.last().resolve({ taskDefinitionKey: 'reviewApproved' });
    await settle();
    expect(run.reloads).toHaveLength(1);
    run.clock.increment(TASK_POLL_WAITING_MS * 3);
    expect(run.current.calls).toHaveLength(1);
  });

  it('tries again later when a look fails, and ignores "Check now" while looking', async () => {
    const run = start(WAITING);
    run.child.send({ type: 'taskPoll.checkNow' });
    run.child.send({ type: 'taskPoll.checkNow' });
    expect(run.current.calls).toHaveLength(1);
    run.current.last().reject(appError('network'));
    await settle();
    expect(run.reloads).toHaveLength(0);
    expect(run.context()).toMatchObject({ failures: 1, askedNow: false });
    run.clock.increment(TASK_POLL_WAITING_MS);
    expect(run.current.calls).toHaveLength(2);
  });
});

describe('the task poll of a task that waits for the bank (awaitingCheck)', () => {
  it('looks every 3 seconds, far more often than the waiting page', async () => {
    expect(TASK_POLL_CHECK_MS).toBeLessThan(TASK_POLL_WAITING_MS);
    const run = start(ANALYSING);
    run.clock.increment(TASK_POLL_CHECK_MS);
    expect(run.current.calls).toHaveLength(1);
    run.current.last().resolve({ taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' });
    await settle();
    run.clock.increment(TASK_POLL_CHECK_MS);
    expect(run.current.calls).toHaveLength(2);
    expect(run.reloads).toHaveLength(0);
  });

  it('survives failed looks in a row, and moves on at the first look that finds the next task', async () => {
    const run = start(ANALYSING);
    for (let attempt = 1; attempt <= 3; attempt++) {
      run.clock.increment(TASK_POLL_CHECK_MS);
      run.current.last().reject(appError(attempt === 2 ? 'server' : 'network'));
      await settle();
      expect(run.context().failures).toBe(attempt);
    }
    run.clock.increment(TASK_POLL_CHECK_MS);
    run.current.last().resolve({ taskDefinitionKey: 'viewProcessingTakesTime', awaitingCheck: 'STATEMENT_ANALYSIS' });
    await settle();
    expect(run.reloads).toHaveLength(1);
  });

  it('moves on when the same task stops waiting for the bank, or waits for other work', () => {
    const shown = { taskKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'UNDERWRITER_REVIEW' } as const;
    expect(taskChanged(shown, { taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'UNDERWRITER_REVIEW' })).toBe(false);
    expect(taskChanged(shown, { taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: null })).toBe(true);
    expect(taskChanged(shown, { taskDefinitionKey: 'viewAdditionalDataSubmitted', awaitingCheck: 'REFINANCING_PAYOFF' })).toBe(true);
    expect(taskChanged({ taskKey: 'viewWaitingPage', awaitingCheck: null }, { taskDefinitionKey: 'viewWaitingPage' })).toBe(false);
  });

  it('has a path to each of its states, every one replayed against the machine', async () => {
    // Walked on its own, without a parent to tell: the replay below has one.
    const paths = getShortestPaths(taskPollMachine.provide({ actions: { reloadApplication: () => undefined } }), {
      input: ANALYSING,
      // The counters grow with every look: a state is its value (and whether a look was asked for).
      serializeState: (snapshot: { value: unknown; context: { askedNow: boolean } }) => JSON.stringify([snapshot.value, snapshot.context.askedNow]),
      events: (snapshot: { matches: (value: string) => boolean }) =>
        snapshot.matches('looking')
          ? [
              { type: 'xstate.done.actor.0.taskPoll.looking', output: { taskDefinitionKey: 'reviewApproved', awaitingCheck: null } },
              { type: 'xstate.done.actor.0.taskPoll.looking', output: { taskDefinitionKey: 'viewBankStatementsBeingProcessed', awaitingCheck: 'STATEMENT_ANALYSIS' } },
              { type: 'xstate.error.actor.0.taskPoll.looking', error: appError('network') },
            ]
          : [{ type: 'taskPoll.checkNow' }],
    } as never);
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['idle', 'looking', 'moved']));
    for (const path of paths) {
      const run = start(ANALYSING);
      for (const step of path.steps.slice(1)) {
        const event = step.event as { type: string; output?: CurrentTask; error?: unknown };
        if (event.type.startsWith('xstate.done')) run.current.last().resolve(event.output!);
        else if (event.type.startsWith('xstate.error')) run.current.last().reject(event.error);
        else run.child.send(event as never);
        await settle();
        expect(run.child.getSnapshot().value).toEqual(step.state.value);
      }
    }
  });
});
