import { and, assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { RemoteIdentificationState } from '../../../core/wire/identity.schema';
import type { StepSubmission } from '../../../core/wire/process.schema';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import { isRemoteIdentificationCompleted, isRemoteIdentificationRequired, type RemoteIdentificationStatus } from '../../../core/domain/identification';
import { languageCodeFromLocale } from '../../../core/domain/languages';
import type { StepLogicInput } from '../../../machines/application/application.actors';

/**
 * The remote identification modal of IdentifyCustomer (spec sections 2, 4 and 8; issue 13;
 * docs/decisions/157-remote-identification.md). The server answers the status, whether the bank asks
 * for remote identification on this application (the flag, section 6) and whether the applicant is
 * identified; section 4's rules decide here:
 * - completed when the status is COMPLETED_OK or the person is identified; required when enabled and
 *   not completed; the step goes on only when it is not required;
 * - initiating sets RUNNING, then the browser is sent to the provider; a failure sets TECHNICAL_ERROR
 *   and the modal offers to try again;
 * - the provider sends the applicant back with the query action (`?action=complete-remote-identification`):
 *   the status is read again and the modal shows how it went;
 * - on completion the modal closes and signals it (to the parent: `remoteIdentification.completed`);
 *   closing the modal resets it;
 * - required while no provider is configured (production without one, decision 171): the step says
 *   so and does not go on (the bank asks for it; the application waits as it is).
 */
export type RemoteIdentificationEvent =
  | { type: 'remoteIdentification.opened' }
  | { type: 'remoteIdentification.started' }
  | { type: 'remoteIdentification.retried' }
  | { type: 'remoteIdentification.closed' }
  | { type: 'remoteIdentification.completionAsked' }
  | { type: 'remoteIdentification.reloaded' }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> };

export type RemoteIdentificationParentEvent =
  | { type: 'remoteIdentification.completed' }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> };

export interface RemoteIdentificationContext {
  externalId: string;
  languageCode: string;
  status: RemoteIdentificationStatus;
  enabled: boolean;
  identified: boolean;
  /** Whether an identity-verification provider is configured (decision 171). */
  available: boolean;
  /** The provider sent the applicant back asking to complete it (the query action). */
  completionAsked: boolean;
  /** Why reading the status or starting failed (the network, the server). */
  error: AppError | null;
  /** The provider's page the browser is sent to. */
  redirectUrl: string | null;
}

export const remoteIdentificationMachine = setup({
  types: {
    context: {} as RemoteIdentificationContext,
    events: {} as RemoteIdentificationEvent,
    input: {} as StepLogicInput,
  },
  actors: {
    loadRemoteIdentification: fromPromise<RemoteIdentificationState, { externalId: string }>(async () => {
      throw new Error('The loadRemoteIdentification actor is provided by the app');
    }),
    startRemoteIdentification: fromPromise<{ redirectUrl: string }, { externalId: string; languageCode: string }>(async () => {
      throw new Error('The startRemoteIdentification actor is provided by the app');
    }),
    /** Sends the browser to `url` (the page is left: it never settles). Provided by the app. */
    redirectBrowser: fromPromise<void, { url: string }>(async () => {
      throw new Error('The redirectBrowser actor is provided by the app');
    }),
  },
  guards: {
    isCompleted: ({ context }) => isRemoteIdentificationCompleted(context.status, context.identified),
    isRequired: ({ context }) => isRemoteIdentificationRequired(context.enabled, context.status, context.identified),
    isUnavailable: ({ context }) => !context.available,
    returnedFailed: ({ context }) => context.completionAsked && (context.status === 'TECHNICAL_ERROR' || context.status === 'COMPLETED_FAILURE'),
    returnedRunning: ({ context }) => context.completionAsked && context.status === 'RUNNING',
  },
  actions: {
    forward: sendParent(({ event }): RemoteIdentificationParentEvent => ({
      type: 'step.submitted',
      submission: (event as Extract<RemoteIdentificationEvent, { type: 'step.submitted' }>).submission,
    })),
    signalCompleted: sendParent((): RemoteIdentificationParentEvent => ({ type: 'remoteIdentification.completed' })),
    reset: assign({ status: 'NO_STATUS', error: null, completionAsked: false, redirectUrl: null }),
  },
}).createMachine({
  id: 'remoteIdentification',
  context: ({ input }) => ({
    externalId: input.externalId ?? '',
    languageCode: languageCodeFromLocale(input.locale),
    status: 'NO_STATUS',
    enabled: false,
    identified: false,
    available: true,
    completionAsked: false,
    error: null,
    redirectUrl: null,
  }),
  initial: 'loading',
  on: {
    // The query action, whenever the view reads it: read the status again and show how it went.
    'remoteIdentification.completionAsked': { target: '.loading', actions: assign({ completionAsked: true }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadRemoteIdentification',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: {
          target: 'deciding',
          actions: assign(({ event }) => ({
            status: event.output.status,
            enabled: event.output.enabled,
            identified: event.output.identified,
            available: event.output.available,
            error: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'remoteIdentification.reloaded': { target: 'loading' } },
    },
    deciding: {
      always: [
        { guard: 'isCompleted', target: 'completed' },
        { guard: and(['isRequired', 'isUnavailable']), target: 'unavailable' },
        { guard: 'isRequired', target: 'required' },
        { target: 'notRequired' },
      ],
    },
    /** The bank does not ask for it here: the step goes on. */
    notRequired: {
      on: { 'step.submitted': { actions: 'forward' } },
    },
    /** Asked for, but no provider is configured: the step cannot go on (decision 171); reading again may find one. */
    unavailable: {
      on: { 'remoteIdentification.reloaded': { target: 'loading' } },
    },
    /** Done (now or before): the modal is closed and the parent was told; the step goes on. */
    completed: {
      entry: 'signalCompleted',
      on: { 'step.submitted': { actions: 'forward' } },
    },
    /** Asked for and not done: continuing opens the modal instead of going on. */
    required: {
      initial: 'idle',
      states: {
        idle: {
          always: [
            { guard: 'returnedFailed', target: 'modal.failed' },
            { guard: 'returnedRunning', target: 'modal.running' },
          ],
          on: {
            'remoteIdentification.opened': { target: 'modal' },
            'step.submitted': { target: 'modal' },
          },
        },
        modal: {
          initial: 'ready',
          on: {
            'remoteIdentification.closed': { target: 'idle', actions: 'reset' },
          },
          states: {
            ready: {
              on: { 'remoteIdentification.started': { target: 'initiating' } },
            },
            initiating: {
              entry: assign({ status: 'RUNNING', error: null }),
              invoke: {
                src: 'startRemoteIdentification',
                input: ({ context }) => ({ externalId: context.externalId, languageCode: context.languageCode }),
                onDone: { target: 'redirecting', actions: assign({ redirectUrl: ({ event }) => event.output.redirectUrl }) },
                onError: { target: 'failed', actions: assign({ status: 'TECHNICAL_ERROR', error: ({ event }) => asAppError(event.error) }) },
              },
            },
            redirecting: {
              invoke: {
                src: 'redirectBrowser',
                // Entered only from initiating's onDone, which set the address the server answered.
                input: ({ context }) => ({ url: context.redirectUrl! }),
                onError: { target: 'failed', actions: assign({ status: 'TECHNICAL_ERROR', error: ({ event }) => asAppError(event.error) }) },
              },
            },
            /** TECHNICAL_ERROR (starting failed, or the provider said so) or COMPLETED_FAILURE: try again. */
            failed: {
              on: { 'remoteIdentification.retried': { target: 'initiating' } },
            },
            /** Back from the provider while it is still checking: look again on request. */
            running: {
              on: { 'remoteIdentification.reloaded': { target: '#remoteIdentification.loading' } },
            },
          },
        },
      },
    },
  },
});

export type RemoteIdentificationSnapshot = SnapshotFrom<typeof remoteIdentificationMachine>;

/** What the step and its modal show. */
export function remoteIdentificationView(snapshot: RemoteIdentificationSnapshot | undefined) {
  const matches = (value: Parameters<RemoteIdentificationSnapshot['matches']>[0]) => snapshot?.matches(value) ?? false;
  const modal = matches({ required: 'modal' });
  return {
    // `deciding` is never a snapshot's state: its `always` ends in a target without a guard.
    phase: !snapshot || matches('loading')
      ? ('loading' as const)
      : matches('loadFailed')
        ? ('loadFailed' as const)
        : matches('unavailable')
          ? ('unavailable' as const)
          : matches('completed')
            ? ('completed' as const)
            : matches('notRequired')
              ? ('notRequired' as const)
              : ('required' as const),
    modalOpen: modal,
    modal: !modal
      ? null
      : matches({ required: { modal: 'ready' } })
        ? ('ready' as const)
        : matches({ required: { modal: 'failed' } })
          ? ('failed' as const)
          : matches({ required: { modal: 'running' } })
            ? ('running' as const)
            : ('starting' as const),
    status: snapshot?.context.status ?? 'NO_STATUS',
    error: snapshot?.context.error ?? null,
  };
}
