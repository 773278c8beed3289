import { assign, emit, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { ActiveApplications, ApplicationSummary } from '../../../core/wire/active-applications.schema';
import type { StepSubmission } from '../../../core/wire/process.schema';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import type { ContinueOption } from '../../../core/domain/continue-options';
import { roleQueryOf } from '../../../core/domain/persons';
import type { StepLogicInput } from '../../../machines/application/application.actors';

/**
 * ChooseContinueOption's own machine (issue 11; docs/decisions/121-choose-continue-option.md). The
 * applicant already has an open application (the server says so only about the applicant's own):
 * the machine reads which (`loadActiveApplications`), and carries out the choice:
 * - CONTINUE_ACTIVE: the new application is annulled, then the application machine is told to
 *   switch to the other one (`application.switched`, the route `/?externalId=<other>`);
 * - JOIN_AS_RELATED_PERSON: the same, to the application they are the co-borrower of
 *   (`&role=coborrower`);
 * - ANNUL_ACTIVE: the other applications are annulled, then the submission goes on to the
 *   application machine (`step.submitted`), which sends the step and receives the next task.
 * A failed read or annulment is kept with what was chosen, said on the page, and tried again on
 * request; an annulment of the new application that already went through (404 on a repeat) counts
 * as done.
 */
export interface ApplicationRef {
  externalId: string;
}

export interface ContinueOptionContext {
  externalId: string | null;
  /** What the server says the applicant may choose between, once read. */
  choices: ActiveApplications | null;
  loadError: AppError | null;
  /** Why the last choice could not be carried out (the choice itself stays in the form). */
  actionError: AppError | null;
  /** The choice being carried out, with the step's submission. */
  chosen: { option: ContinueOption; submission: Omit<StepSubmission, 'version'> } | null;
}

export type ContinueOptionEvent =
  | { type: 'continueOption.retried' }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'>; option: string };

/** A choice that is not on offer (an option the page did not show): the form shows its summary. */
export type ContinueOptionEmitted = { type: 'step.refused' };

/** What the application machine is told. */
export type ContinueOptionParentEvent =
  | { type: 'application.switched'; to: string }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> };

/** The route of another application (`role` for the co-borrower's part of it). */
export function applicationRoute(externalId: string, role?: 'COBORROWER'): string {
  const query = new URLSearchParams({ externalId });
  if (role) query.set('role', roleQueryOf(role));
  return `/?${query.toString()}`;
}

type Chosen = NonNullable<ContinueOptionContext['chosen']>;

/** What a `step.submitted` chooses (the guards' and `choose`'s params). */
const submitted = ({ event }: { event: Extract<ContinueOptionEvent, { type: 'step.submitted' }> }) => ({
  option: event.option,
  submission: event.submission,
});

/** The choices, in `ready` and after: `loading` leaves for `ready` only with them. */
const choicesIn = (context: ContinueOptionContext) => context.choices as ActiveApplications;

export const continueOptionMachine = setup({
  types: {
    context: {} as ContinueOptionContext,
    events: {} as ContinueOptionEvent,
    input: {} as StepLogicInput,
    emitted: {} as ContinueOptionEmitted,
  },
  actors: {
    loadActiveApplications: fromPromise<ActiveApplications, ApplicationRef>(async () => {
      throw new Error('The loadActiveApplications actor is provided by the app');
    }),
    annulApplication: fromPromise<unknown, ApplicationRef>(async () => {
      throw new Error('The annulApplication actor is provided by the app');
    }),
    annulActiveApplications: fromPromise<unknown, ApplicationRef>(async () => {
      throw new Error('The annulActiveApplications actor is provided by the app');
    }),
  },
  guards: {
    choosesActive: ({ context }, { option }: { option: string }) => option === 'CONTINUE_ACTIVE' && choicesIn(context).activeApplication != null,
    choosesJoin: ({ context }, { option }: { option: string }) =>
      option === 'JOIN_AS_RELATED_PERSON' && choicesIn(context).canBeRelatedPerson && choicesIn(context).relatedApplication != null,
    choosesAnnul: (_, { option }: { option: string }) => option === 'ANNUL_ACTIVE',
    /** The new application is already annulled (a repeat after a reply that was lost). */
    wasAlreadyAnnulled: ({ event }) => asAppError((event as { error?: unknown }).error).kind === 'not-found',
  },
  actions: {
    choose: assign((_, { option, submission }: { option: string; submission: Chosen['submission'] }) => ({
      chosen: { option: option as ContinueOption, submission },
      actionError: null,
    })),
    failAction: assign({ actionError: ({ event }) => asAppError((event as { error?: unknown }).error), chosen: null }),
    refuse: emit({ type: 'step.refused' as const }),
    switchApplication: sendParent(({ context }): ContinueOptionParentEvent => {
      // `switched` follows only a choice the guards let through: the application chosen is there.
      const choices = choicesIn(context);
      const to =
        (context.chosen as Chosen).option === 'JOIN_AS_RELATED_PERSON'
          ? applicationRoute((choices.relatedApplication as ApplicationSummary).externalId, 'COBORROWER')
          : applicationRoute((choices.activeApplication as ApplicationSummary).externalId);
      return { type: 'application.switched', to };
    }),
    forwardSubmission: sendParent(({ context }): ContinueOptionParentEvent => ({
      type: 'step.submitted',
      submission: context.chosen?.submission as Omit<StepSubmission, 'version'>,
    })),
  },
}).createMachine({
  id: 'continueOption',
  context: ({ input }) => ({ externalId: input.externalId, choices: null, loadError: null, actionError: null, chosen: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadActiveApplications',
        input: ({ context }) => ({ externalId: context.externalId ?? '' }),
        onDone: { target: 'ready', actions: assign({ choices: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => asAppError(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'continueOption.retried': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    ready: {
      on: {
        'step.submitted': [
          { guard: { type: 'choosesActive', params: submitted }, target: 'annullingCurrent', actions: { type: 'choose', params: submitted } },
          { guard: { type: 'choosesJoin', params: submitted }, target: 'annullingCurrent', actions: { type: 'choose', params: submitted } },
          { guard: { type: 'choosesAnnul', params: submitted }, target: 'annullingOthers', actions: { type: 'choose', params: submitted } },
          { actions: 'refuse' },
        ],
      },
    },
    /** CONTINUE_ACTIVE or JOIN: the new application is given up first, so nothing is left half-open. */
    annullingCurrent: {
      tags: ['busy'],
      invoke: {
        src: 'annulApplication',
        input: ({ context }) => ({ externalId: context.externalId ?? '' }),
        onDone: { target: 'switched' },
        onError: [
          { guard: 'wasAlreadyAnnulled', target: 'switched' },
          { target: 'ready', actions: 'failAction' },
        ],
      },
    },
    /** ANNUL_ACTIVE: the other applications are annulled, then the step goes on. */
    annullingOthers: {
      tags: ['busy'],
      invoke: {
        src: 'annulActiveApplications',
        input: ({ context }) => ({ externalId: context.externalId ?? '' }),
        onDone: { target: 'ready', actions: ['forwardSubmission', assign({ chosen: null })] },
        onError: { target: 'ready', actions: 'failAction' },
      },
    },
    /** The application machine goes to the other application. */
    switched: { type: 'final', entry: 'switchApplication' },
  },
});

export type ContinueOptionSnapshot = SnapshotFrom<typeof continueOptionMachine>;
