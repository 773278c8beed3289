import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { StepRole } from '../../core/domain/persons';

/**
 * The task poll (issues 11 and 22, docs/decisions/172): while a page waits for someone else, it asks
 * the server now and then which task this person has, and once that is no longer the page shown the
 * application machine is told to load it (`application.reloaded`). Two kinds of page wait:
 * - the waiting page (issue 11), while the other person fills in their part: it runs this machine as
 *   its step logic;
 * - a page whose reply says it waits for the bank's own work (`awaitingCheck`): the pages that can
 *   wait for it run this machine as their step logic too (so it loads with them, never with the first
 *   page), and it looks more often, for the bank answers within seconds. Shown where nothing is
 *   awaited (a review handed to a loan specialist), it ends at once and never looks.
 * A failed look (a dropped connection, a server busy for a moment) is simply tried again at the next
 * turn: nothing is lost by waiting, so it never shows an error page. "Check now" looks at once.
 */

/** The id the poll runs under beside the step shown (the step logic of the pages that wait). */
export const TASK_POLL_ID = 'taskPoll';

/** The page shown to the person whose turn it is not (issue 11): it waits for the other person. */
export const WAITING_TASK = 'viewWaitingPage';

/** How often a page that waits for the bank's own work looks: the bank answers within seconds. */
export const TASK_POLL_CHECK_MS = 3_000;
/** How often the waiting page looks: often enough to move on soon after the other person, rarely enough to cost nothing. */
export const TASK_POLL_WAITING_MS = 20_000;

export interface CurrentTaskInput {
  externalId: string;
  role: StepRole;
}

/** What a look tells: the task this person has now, and the bank's work it waits for. */
export interface CurrentTask {
  taskDefinitionKey: string;
  awaitingCheck?: string | null;
}

export interface TaskPollInput {
  externalId: string | null;
  role: StepRole;
  /** The task the page shows. */
  taskKey: string | null;
  /** The bank's work the task waits for (null: the page waits for another person). */
  awaitingCheck?: string | null;
}

export interface TaskPollContext {
  externalId: string | null;
  role: StepRole;
  taskKey: string | null;
  awaitingCheck: string | null;
  /** How many looks found nothing new (the view says when it last looked). */
  looks: number;
  /** Looks that failed in a row (the view says it will try again); a look that answers clears it. */
  failures: number;
  /** The person asked for this look ("Check now"): the view says it is looking (the timed looks go unannounced). */
  askedNow: boolean;
}

export type TaskPollEvent = { type: 'taskPoll.checkNow' };

/** The page moves on: the task, or whether it waits for the bank, is no longer the one shown. */
export function taskChanged(context: Pick<TaskPollContext, 'taskKey' | 'awaitingCheck'>, current: CurrentTask): boolean {
  return current.taskDefinitionKey !== context.taskKey || (current.awaitingCheck ?? null) !== context.awaitingCheck;
}

export const taskPollMachine = setup({
  types: {
    context: {} as TaskPollContext,
    events: {} as TaskPollEvent,
    input: {} as TaskPollInput,
  },
  actors: {
    currentTask: fromPromise<CurrentTask, CurrentTaskInput>(async () => {
      throw new Error('The currentTask actor is provided by the app');
    }),
  },
  actions: {
    /** The application machine loads the task this person has now. */
    reloadApplication: sendParent({ type: 'application.reloaded' }),
  },
  delays: {
    poll: ({ context }) => (context.awaitingCheck ? TASK_POLL_CHECK_MS : TASK_POLL_WAITING_MS),
  },
}).createMachine({
  id: 'taskPoll',
  context: ({ input }) => ({
    externalId: input.externalId,
    role: input.role,
    taskKey: input.taskKey,
    awaitingCheck: input.awaitingCheck ?? null,
    looks: 0,
    failures: 0,
    askedNow: false,
  }),
  initial: 'start',
  states: {
    /** Nothing to wait for: not the waiting page, and the task waits for no work of the bank. */
    start: {
      always: [{ guard: ({ context }) => context.awaitingCheck === null && context.taskKey !== WAITING_TASK, target: 'moved' }, { target: 'idle' }],
    },
    idle: {
      after: { poll: 'looking' },
      on: { 'taskPoll.checkNow': { target: 'looking', actions: assign({ askedNow: true }) } },
    },
    looking: {
      invoke: {
        src: 'currentTask',
        input: ({ context }) => ({ externalId: context.externalId ?? '', role: context.role }),
        onDone: [
          {
            guard: ({ context, event }) => taskChanged(context, event.output),
            target: 'moved',
            actions: 'reloadApplication',
          },
          { target: 'idle', actions: assign({ looks: ({ context }) => context.looks + 1, failures: 0, askedNow: false }) },
        ],
        // Tried again at the next turn: a waiting page never fails.
        onError: { target: 'idle', actions: assign({ failures: ({ context }) => context.failures + 1, askedNow: false }) },
      },
    },
    /** The task changed (the application machine loads this person's next task), or there was nothing to wait for. */
    moved: { type: 'final' },
  },
});
