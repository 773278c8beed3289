import { assign, fromPromise, setup } from 'xstate';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import type { StepLogicInput } from '../../../machines/application/application.actors';

/**
 * The check-answers page's own machine (issue 11): it reads what this person answered on each step
 * so far, with each step's summary (how its answers read), and offers a retry when that fails.
 * `TSummary` is the step's summary module; the machine only carries it.
 */
export interface AnsweredStep<TSummary = unknown> {
  taskKey: string;
  /** The form values as the person left them (the submitted step's draft). */
  data: Readonly<Record<string, unknown>>;
  summary: TSummary;
}

export interface LoadAnswersInput {
  externalId: string;
  role: StepLogicInput['role'];
}

export interface AnswersContext {
  externalId: string | null;
  role: StepLogicInput['role'];
  steps: AnsweredStep[];
  error: AppError | null;
}

export type AnswersEvent = { type: 'answers.retried' };

export const answersMachine = setup({
  types: {
    context: {} as AnswersContext,
    events: {} as AnswersEvent,
    input: {} as StepLogicInput,
  },
  actors: {
    loadAnswers: fromPromise<AnsweredStep[], LoadAnswersInput>(async () => {
      throw new Error('The loadAnswers actor is provided by the app');
    }),
  },
}).createMachine({
  id: 'answers',
  context: ({ input }) => ({ externalId: input.externalId, role: input.role, steps: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadAnswers',
        input: ({ context }) => ({ externalId: context.externalId ?? '', role: context.role }),
        onDone: { target: 'ready', actions: assign({ steps: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { 'answers.retried': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
