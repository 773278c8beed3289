import { assign, fromPromise, setup } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';

/**
 * A co-borrower opens their invitation link (issue 11): the token is exchanged once for access to
 * the application in their own session, then they continue it in their own role. A link that is
 * unknown, used or expired is a plain answer (404), not a failure; a failure of the network or the
 * server can be retried, because the token was not spent.
 */
export interface InvitationInput {
  token: string;
}

export interface InvitationContext {
  token: string;
  externalId: string | null;
  /** The role the link gives (decision 188: an applicant's link from a server-to-server channel); a co-borrower's otherwise. */
  role: 'APPLICANT' | 'COBORROWER';
  error: AppError | null;
}

export type InvitationEvent = { type: 'invitation.retried' };

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    acceptInvitation: fromPromise<{ externalId: string; role?: 'APPLICANT' | 'COBORROWER' | undefined }, { token: string }>(async () => {
      throw new Error('The acceptInvitation actor is provided by the app');
    }),
  },
  guards: {
    isUnusable: ({ event }) => asAppError((event as { error?: unknown }).error).kind === 'not-found',
    isExpired: ({ event }) => {
      const error = asAppError((event as { error?: unknown }).error);
      return error.kind === 'server' && error.code === 'LINK_EXPIRED';
    },
    isForAnotherPerson: ({ event }) => {
      const error = asAppError((event as { error?: unknown }).error);
      return error.kind === 'unauthorized' && error.code === 'LINK_FOR_ANOTHER_PERSON';
    },
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ token: input.token, externalId: null, role: 'COBORROWER', error: null }),
  initial: 'accepting',
  states: {
    accepting: {
      invoke: {
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'accepted', actions: assign({ externalId: ({ event }) => event.output.externalId, role: ({ context, event }) => event.output.role ?? context.role }) },
        onError: [
          { guard: 'isUnusable', target: 'unusable' },
          { guard: 'isExpired', target: 'expired' },
          { guard: 'isForAnotherPerson', target: 'forAnotherPerson' },
          { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
        ],
      },
    },
    /** The app continues the application in the co-borrower's role. */
    accepted: { type: 'final' },
    /** Unknown, used or expired: the co-borrower asks the applicant for a new one. */
    unusable: { type: 'final' },
    /** Decision 195: an applicant's link past its time; they ask for a new one or log in. */
    expired: { type: 'final' },
    /** Decision 195: someone else is logged in, or has an application open, in this browser; the link was not spent. */
    forAnotherPerson: { type: 'final' },
    failed: {
      on: { 'invitation.retried': { target: 'accepting', actions: assign({ error: null }) } },
    },
  },
});
