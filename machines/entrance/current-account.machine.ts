import { assign, fromPromise, setup } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';

/**
 * `/current-account` (section 2, Estonian and Latvian retail): creates a current-account application
 * with the link's campaign code, the channel and the tracking data, then the app goes on at
 * `/?externalId={id}`. A failure offers to try again.
 */
export interface CurrentAccountInput {
  campaignCode: string | null;
  tracking: Record<string, string> | null;
}

export const currentAccountMachine = setup({
  types: {
    context: {} as CurrentAccountInput & { externalId: string | null; error: AppError | null },
    events: {} as { type: 'currentAccount.retried' },
    input: {} as CurrentAccountInput,
  },
  actors: {
    createCurrentAccount: fromPromise<string, CurrentAccountInput>(async () => {
      throw new Error('The createCurrentAccount actor is provided by the app');
    }),
  },
}).createMachine({
  id: 'currentAccount',
  context: ({ input }) => ({ ...input, externalId: null, error: null }),
  initial: 'creating',
  states: {
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createCurrentAccount',
        input: ({ context }) => ({ campaignCode: context.campaignCode, tracking: context.tracking }),
        onDone: { target: 'created', actions: assign({ externalId: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    created: { type: 'final' },
    failed: {
      on: { 'currentAccount.retried': { target: 'creating', actions: assign({ error: null }) } },
    },
  },
});
