import { and, assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { SaveDraftInput } from '../application/application.actors';

/**
 * Keeps a server-side draft of what the applicant typed on the current step (issue 2: saved
 * debounced and on leaving the page, versioned apart from the process, never in browser storage).
 *
 * Idle -> Waiting (debounce) -> Saving -> Idle. A change while saving is remembered and saved
 * right after. `draft.flush` (page hidden) skips the debounce and asks for a keepalive request.
 * The parent learns each saved version (`draft.saved`) so a restarted draft actor continues from it,
 * and a version conflict (another tab saved since) is reported as `draft.conflicted`.
 * `draft.settle` (the applicant leaves the step for the previous one) saves what is pending at once and
 * answers `draft.settled` once the server has it, or once saving has ended without it (conflict, or
 * the last failed attempt): the parent's next call must not overtake the write (decision 231).
 */
export interface DraftInput {
  externalId: string;
  taskDefinitionKey: string;
  version: number;
}

export interface DraftContext extends DraftInput {
  /** Data waiting to be saved; null when the server has everything. */
  pending: Record<string, unknown> | null;
  /** The data of the save under way, to tell whether more was typed meanwhile. */
  inFlight: Record<string, unknown> | null;
  keepalive: boolean;
  /** The parent waits for `draft.settled`: save without the debounce and answer when done. */
  settling: boolean;
  attempts: number;
  lastError: AppError | null;
}

export type DraftEvent =
  | { type: 'draft.changed'; data: Record<string, unknown> }
  | { type: 'draft.flush' }
  /** Save what is pending now and answer `draft.settled` when nothing is left to write. */
  | { type: 'draft.settle' }
  /** The application now exists (it is created on the first change): saving can start. */
  | { type: 'draft.attached'; externalId: string; version: number };

export type DraftParentEvent =
  | { type: 'draft.saved'; version: number; data: Record<string, unknown> }
  | { type: 'draft.conflicted' }
  | { type: 'draft.failed'; error: AppError }
  | { type: 'draft.settled' };

export type SaveDraftActorInput = SaveDraftInput & { keepalive: boolean };

/** Debounce before a save: long enough to group keystrokes, short enough to lose little on a crash. */
export const DRAFT_DEBOUNCE_MS = 800;
/** Failed saves are retried this many times, a little later each time, before giving up quietly. */
export const DRAFT_MAX_ATTEMPTS = 3;

export const draftMachine = setup({
  types: {
    context: {} as DraftContext,
    events: {} as DraftEvent,
    input: {} as DraftInput,
  },
  actors: {
    saveDraft: fromPromise<{ version: number }, SaveDraftActorInput>(async () => {
      throw new Error('The saveDraft actor is provided by the app');
    }),
  },
  delays: {
    debounce: DRAFT_DEBOUNCE_MS,
    retryBackoff: ({ context }) => DRAFT_DEBOUNCE_MS * 2 ** context.attempts,
  },
  guards: {
    hasPending: ({ context }) => context.pending !== null,
    isAttached: ({ context }) => context.externalId !== '',
    canRetry: ({ context }) => context.attempts < DRAFT_MAX_ATTEMPTS,
    isConflict: (_, error: AppError) => error.kind === 'conflict',
    isSettling: ({ context }) => context.settling,
  },
  actions: {
    remember: assign((_, data: Record<string, unknown>) => ({ pending: data })),
    askKeepalive: assign({ keepalive: true }),
    startSettling: assign({ settling: true }),
    answerSettled: sendParent((): DraftParentEvent => ({ type: 'draft.settled' })),
    /** Saving ended (saved everything, a conflict, or given up): a waiting parent may go on. */
    endSettling: enqueueActions(({ context, enqueue }) => {
      if (!context.settling) return;
      enqueue.assign({ settling: false });
      enqueue.sendParent({ type: 'draft.settled' } satisfies DraftParentEvent);
    }),
    /** The application now exists: saves go to it, from its version. */
    attach: assign((_, attached: { externalId: string; version: number }) => ({ externalId: attached.externalId, version: attached.version })),
  },
}).createMachine({
  id: 'draft',
  context: ({ input }) => ({ ...input, pending: null, inFlight: null, keepalive: false, settling: false, attempts: 0, lastError: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'draft.changed': { target: 'waiting', actions: { type: 'remember', params: ({ event }) => event.data } },
        'draft.flush': { guard: and(['hasPending', 'isAttached']), target: 'saving', actions: 'askKeepalive' },
        'draft.settle': [
          { guard: and(['hasPending', 'isAttached']), target: 'saving', actions: 'startSettling' },
          { actions: 'answerSettled' },
        ],
        'draft.attached': [
          { guard: 'hasPending', target: 'waiting', actions: { type: 'attach', params: ({ event }) => event } },
          { actions: { type: 'attach', params: ({ event }) => event } },
        ],
      },
    },
    waiting: {
      after: { debounce: [{ guard: 'isAttached', target: 'saving' }, { target: 'idle' }] },
      on: {
        // Re-entering restarts the debounce timer: save once the applicant pauses.
        'draft.changed': { target: 'waiting', reenter: true, actions: { type: 'remember', params: ({ event }) => event.data } },
        'draft.flush': { guard: 'isAttached', target: 'saving', actions: 'askKeepalive' },
        // Before the application exists nothing can be saved: there is nothing to wait for.
        'draft.settle': [{ guard: 'isAttached', target: 'saving', actions: 'startSettling' }, { actions: 'answerSettled' }],
        'draft.attached': { actions: { type: 'attach', params: ({ event }) => event } },
      },
    },
    saving: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1, inFlight: ({ context }) => context.pending }),
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => ({
          externalId: context.externalId,
          taskDefinitionKey: context.taskDefinitionKey,
          version: context.version,
          data: context.inFlight ?? {},
          keepalive: context.keepalive,
        }),
        onDone: {
          target: 'saved',
          actions: [
            // Tell the parent first: it learns which data the server now holds.
            sendParent(({ context, event }): DraftParentEvent => ({
              type: 'draft.saved',
              version: event.output.version,
              data: context.inFlight ?? {},
            })),
            assign(({ context, event }) => ({
              version: event.output.version,
              // A change that arrived while saving stays pending (see `saving.on`).
              pending: context.pending === context.inFlight ? null : context.pending,
              inFlight: null,
              keepalive: false,
              attempts: 0,
              lastError: null,
            })),
          ],
        },
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => asAppError(event.error) },
            target: 'conflicted',
            actions: [sendParent((): DraftParentEvent => ({ type: 'draft.conflicted' })), 'endSettling'],
          },
          {
            guard: 'canRetry',
            target: 'retrying',
            actions: assign({ lastError: ({ event }) => asAppError(event.error) }),
          },
          {
            target: 'idle',
            actions: [
              assign({ lastError: ({ event }) => asAppError(event.error), attempts: 0 }),
              sendParent(({ event }): DraftParentEvent => ({ type: 'draft.failed', error: asAppError(event.error) })),
              'endSettling',
            ],
          },
        ],
      },
      on: {
        'draft.changed': { actions: { type: 'remember', params: ({ event }) => event.data } },
        'draft.flush': { actions: 'askKeepalive' },
        'draft.settle': { actions: 'startSettling' },
      },
    },
    saved: {
      always: [
        // Typed while the save ran: a waiting parent needs it saved now, not after the debounce.
        { guard: and(['hasPending', 'isSettling']), target: 'saving' },
        { guard: 'hasPending', target: 'waiting' },
        { target: 'idle', actions: 'endSettling' },
      ],
    },
    retrying: {
      after: { retryBackoff: 'saving' },
      on: {
        'draft.changed': { actions: { type: 'remember', params: ({ event }) => event.data } },
        'draft.flush': { target: 'saving', actions: 'askKeepalive' },
        'draft.settle': { target: 'saving', actions: 'startSettling' },
      },
    },
    /** Another tab or device saved this step since: stop writing so nothing is overwritten. */
    conflicted: { type: 'final' },
  },
});
