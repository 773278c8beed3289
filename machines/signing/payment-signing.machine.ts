import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PaymentSigningEnabledResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import { asAppError, type AppError } from '../../core/domain/app-error';
import { SMART_ID_POLL, digitalSigningOutcome, isOwnSource, isPaymentBankBic, smartIdPollDelay, type PaymentBankBic } from '../../core/domain/signing';

/**
 * Payment signing (issue 12; section 4; docs/decisions/141): offered only when its feature flag is
 * on, the application's source is the product's own, and the restriction check answers unrestricted
 * (a failed check means restricted). The person chooses one of the four banks (section 3's BICs),
 * the browser goes to the bank payment provider (the `redirect` actor, provided by the app), and on
 * return (`returned` in the input) the status is asked until it is a result. Section 8: a failure
 * sets the payment error flag.
 */
export interface PaymentSigningInput {
  externalId: string;
  /** The payment-signing feature flag (section 6). */
  flagEnabled: boolean;
  /** The application's source channel (section 3 `source.channel`). */
  sourceChannel: string | null;
  /** Section 9: the Latvian payment text carries the contract number. */
  paymentPurpose?: string | null;
  /** The browser is back from the bank: ask how the payment went. */
  returned?: boolean;
}

export type PaymentDisabledReason = 'flagOff' | 'notOwnSource' | 'restricted';

export interface PaymentSigningContext {
  externalId: string;
  flagEnabled: boolean;
  sourceChannel: string | null;
  paymentPurpose: string | null;
  returned: boolean;
  disabledReason: PaymentDisabledReason | null;
  selectedBankBic: PaymentBankBic | null;
  paymentError: boolean;
  result: string | null;
  attempt: number;
  redirectUrl: string | null;
  callError: AppError | null;
  /** Decision 175: the bank ended the signing (the application moved on to the signing negative page). */
  signingEnded: boolean;
}

export type PaymentSigningEvent =
  | { type: 'payment.bankSelected'; bic: string }
  | { type: 'payment.started' }
  | { type: 'payment.statusReloaded' };

export const paymentSigningMachine = setup({
  types: {
    context: {} as PaymentSigningContext,
    events: {} as PaymentSigningEvent,
    input: {} as PaymentSigningInput,
    output: {} as { signed: boolean; ended?: true },
  },
  actors: {
    checkEnabled: fromPromise<PaymentSigningEnabledResponse, { externalId: string }>(async () => {
      throw new Error('The checkEnabled actor is provided by the app');
    }),
    startPayment: fromPromise<StartSigningResponse, { externalId: string; selectedBankBic: PaymentBankBic; paymentPurpose: string | null }>(async () => {
      throw new Error('The startPayment actor is provided by the app');
    }),
    pollStatus: fromPromise<SigningStatusResponse, { externalId: string }>(async () => {
      throw new Error('The pollStatus actor is provided by the app');
    }),
    redirect: fromPromise<void, { url: string }>(async () => {
      throw new Error('The redirect actor is provided by the app');
    }),
  },
  delays: {
    pollDelay: ({ context }) => smartIdPollDelay(context.attempt),
  },
  guards: {
    flagOff: ({ context }) => !context.flagEnabled,
    signingEnded: ({ context }) => context.signingEnded,
    notOwnSource: ({ context }) => !isOwnSource(context.sourceChannel),
    returned: ({ context }) => context.returned,
    // Bound to `payment.bankSelected` only (no test of the event's type: its mutants could not differ, decision 232).
    knownBank: ({ event }) => isPaymentBankBic((event as Extract<PaymentSigningEvent, { type: 'payment.bankSelected' }>).bic),
    bankChosen: ({ context }) => context.selectedBankBic !== null,
    waits: ({ context }) => digitalSigningOutcome(context.result).next === 'wait' && context.attempt < SMART_ID_POLL.maxAttempts,
    isDone: ({ context }) => digitalSigningOutcome(context.result).next === 'done',
  },
}).createMachine({
  id: 'paymentSigning',
  context: ({ input }) => ({
    externalId: input.externalId,
    flagEnabled: input.flagEnabled,
    sourceChannel: input.sourceChannel,
    paymentPurpose: input.paymentPurpose ?? null,
    returned: input.returned ?? false,
    disabledReason: null,
    selectedBankBic: null,
    paymentError: false,
    result: null,
    attempt: 0,
    redirectUrl: null,
    callError: null,
    signingEnded: false,
  }),
  initial: 'eligibility',
  states: {
    eligibility: {
      always: [
        { guard: 'flagOff', target: 'disabled', actions: assign({ disabledReason: 'flagOff' }) },
        { guard: 'notOwnSource', target: 'disabled', actions: assign({ disabledReason: 'notOwnSource' }) },
        { target: 'checking' },
      ],
    },
    /** The restriction check: anything but an explicit "enabled" is restricted. */
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkEnabled',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: [
          { guard: ({ event }) => event.output.enabled, target: 'enabled' },
          { target: 'disabled', actions: assign({ disabledReason: 'restricted' }) },
        ],
        onError: { target: 'disabled', actions: assign({ disabledReason: 'restricted', callError: ({ event }) => asAppError(event.error) }) },
      },
    },
    disabled: { type: 'final' },
    enabled: {
      always: [{ guard: 'returned', target: 'checkingStatus' }, { target: 'choosingBank' }],
    },
    choosingBank: {
      on: {
        'payment.bankSelected': { guard: 'knownBank', actions: assign({ selectedBankBic: ({ event }) => event.bic as PaymentBankBic }) },
        'payment.started': { guard: 'bankChosen', target: 'starting' },
      },
    },
    starting: {
      tags: ['busy'],
      entry: assign({ paymentError: false, callError: null }),
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({ externalId: context.externalId, selectedBankBic: context.selectedBankBic as PaymentBankBic, paymentPurpose: context.paymentPurpose }),
        onDone: { target: 'redirecting', actions: assign({ redirectUrl: ({ event }) => event.output.redirectUrl }) },
        onError: { target: 'choosingBank', actions: assign({ paymentError: true, callError: ({ event }) => asAppError(event.error) }) },
      },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'redirect',
        input: ({ context }) => ({ url: context.redirectUrl ?? '' }),
        onError: { target: 'choosingBank', actions: assign({ paymentError: true, callError: ({ event }) => asAppError(event.error) }) },
      },
    },
    /** Back from the bank: Fetch -> Decide -> Wait until the payment has a result. */
    checkingStatus: {
      tags: ['busy'],
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'pollStatus',
            input: ({ context }) => ({ externalId: context.externalId }),
            onDone: {
              target: 'deciding',
              actions: assign(({ context, event }) => ({ result: event.output.status, signingEnded: event.output.signingEnded === true, attempt: context.attempt + 1 })),
            },
            onError: { target: '#paymentSigning.statusFailed', actions: assign({ callError: ({ event }) => asAppError(event.error) }) },
          },
        },
        deciding: {
          always: [
            { guard: 'signingEnded', target: '#paymentSigning.ended' },
            { guard: 'waits', target: 'waiting' },
            { guard: 'isDone', target: '#paymentSigning.signed' },
            { target: '#paymentSigning.choosingBank', actions: assign({ paymentError: true }) },
          ],
        },
        waiting: { after: { pollDelay: { target: 'fetching' } } },
      },
    },
    statusFailed: {
      on: { 'payment.statusReloaded': { target: 'checkingStatus', actions: assign({ callError: null }) } },
    },
    signed: { type: 'final' },
    /** Decision 175: the bank ended the signing; the application has moved on. */
    ended: { type: 'final' },
  },
  output: ({ context }) => (context.signingEnded ? { signed: false, ended: true } : { signed: digitalSigningOutcome(context.result).next === 'done' }),
});

export type PaymentSigningSnapshot = SnapshotFrom<typeof paymentSigningMachine>;
