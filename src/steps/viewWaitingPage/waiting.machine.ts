import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { StepLogicInput } from '../../../machines/application/application.actors';

/**
 * The waiting page's own machine (issue 11): while the other person fills in their part, it asks
 * the server now and then which task this person has; once it is no longer the waiting page the
 * application machine is told to load it (`application.reloaded`). A failed look is simply tried
 * again later: nothing is lost by waiting. "Check now" asks at once.
 */
export const WAITING_TASK = 'viewWaitingPage';

/** How often the page looks: often enough to move on soon after the other person, rarely enough to cost nothing. */
export const WAITING_POLL_MS = 20_000;

export interface CurrentTaskInput {
  externalId: string;
  role: StepLogicInput['role'];
}

export interface WaitingContext {
  externalId: string | null;
  role: StepLogicInput['role'];
  /** How many looks found nothing new (the view says when it last looked). */
  looks: number;
}

export type WaitingEvent = { type: 'waiting.checkNow' };

export const waitingMachine = setup({
  types: {
    context: {} as WaitingContext,
    events: {} as WaitingEvent,
    input: {} as StepLogicInput,
  },
  actors: {
    currentTask: fromPromise<{ taskDefinitionKey: string }, CurrentTaskInput>(async () => {
      throw new Error('The currentTask actor is provided by the app');
    }),
  },
  delays: { poll: WAITING_POLL_MS },
}).createMachine({
  id: 'waiting',
  context: ({ input }) => ({ externalId: input.externalId, role: input.role, looks: 0 }),
  initial: 'idle',
  states: {
    idle: {
      after: { poll: 'looking' },
      on: { 'waiting.checkNow': 'looking' },
    },
    looking: {
      invoke: {
        src: 'currentTask',
        input: ({ context }) => ({ externalId: context.externalId ?? '', role: context.role }),
        onDone: [
          {
            guard: ({ event }) => event.output.taskDefinitionKey !== WAITING_TASK,
            target: 'moved',
            actions: sendParent({ type: 'application.reloaded' }),
          },
          { target: 'idle', actions: assign({ looks: ({ context }) => context.looks + 1 }) },
        ],
        onError: { target: 'idle' },
      },
    },
    /** The other person is done: the application machine loads this person's next task. */
    moved: { type: 'final' },
  },
});
