import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { BusinessDomain } from '../../core/domain/business-domains';

/**
 * `/start` (section 4): Estonian retail asks for the customer's loyalty segment: segment one gets an
 * upsale application with the small loan preset, segment two goes to product selection, any other
 * answer to the error handler. Other domains get an upsale application straight away (with the
 * link's product if it names one; without, the applicant chooses it first).
 */
export const LOYALTY_SEGMENT_ONE = 'LOYALTY_SEGMENT_ONE';
export const LOYALTY_SEGMENT_TWO = 'LOYALTY_SEGMENT_TWO';

export interface StartInput {
  businessDomain: BusinessDomain;
  /** The product the link asks for (section 3), if any. */
  productName: string | null;
}

export interface CreateUpsaleInput {
  productName: string | null;
}

export type StartOutcome =
  | { kind: 'application'; externalId: string }
  | { kind: 'product-selection' }
  /** Section 8: a loyalty segment other than the two known values goes to the error handler. */
  | { kind: 'error-handler'; segment: string | null };

export interface StartContext {
  businessDomain: BusinessDomain;
  productName: string | null;
  outcome: StartOutcome | null;
  error: AppError | null;
}

export const startMachine = setup({
  types: {
    context: {} as StartContext,
    events: {} as { type: 'start.retried' },
    input: {} as StartInput,
  },
  actors: {
    fetchLoyaltySegment: fromPromise<string | null>(async () => {
      throw new Error('The fetchLoyaltySegment actor is provided by the app');
    }),
    createUpsale: fromPromise<{ externalId: string }, CreateUpsaleInput>(async () => {
      throw new Error('The createUpsale actor is provided by the app');
    }),
  },
  guards: {
    asksSegment: ({ context }) => context.businessDomain === 'retail-banking-ee',
  },
}).createMachine({
  id: 'start',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName, outcome: null, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'asksSegment', target: 'askingSegment' }, { target: 'creating' }],
    },
    askingSegment: {
      tags: ['busy'],
      invoke: {
        src: 'fetchLoyaltySegment',
        onDone: [
          // Section 4: small loan preset for Estonia.
          { guard: ({ event }) => event.output === LOYALTY_SEGMENT_ONE, target: 'creating', actions: assign({ productName: 'SMALL_LOAN' }) },
          { guard: ({ event }) => event.output === LOYALTY_SEGMENT_TWO, target: 'done', actions: assign({ outcome: { kind: 'product-selection' } }) },
          { target: 'done', actions: assign({ outcome: ({ event }): StartOutcome => ({ kind: 'error-handler', segment: event.output }) }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createUpsale',
        input: ({ context }) => ({ productName: context.productName }),
        onDone: { target: 'done', actions: assign({ outcome: ({ event }): StartOutcome => ({ kind: 'application', externalId: event.output.externalId }) }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    done: { type: 'final' },
    failed: {
      on: { 'start.retried': { target: 'deciding', actions: assign({ error: null }) } },
    },
  },
});

/** Where the loader sends the applicant (the view navigates). */
export function startView(snapshot: SnapshotFrom<typeof startMachine>): { outcome: StartOutcome | null; error: AppError | null; busy: boolean } {
  return { outcome: snapshot.context.outcome, error: snapshot.context.error, busy: snapshot.hasTag('busy') };
}
