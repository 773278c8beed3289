import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import { asAppError, type AppError } from '../../core/domain/app-error';
import { SMART_ID_POLL, digitalSigningOutcome, smartIdPollDelay, type SigningDisabledReason } from '../../core/domain/signing';

/**
 * Smart-ID signing with its polling as states (issue 12; docs/decisions/140): start, show the
 * verification code, then Wait (`after`, growing to a ceiling) -> Fetch (invoke) -> Decide (`always`)
 * until a result, with an attempt limit (reaching it is a TIMEOUT). Every result status of section 4
 * has a message and a next action (core/domain/signing.ts): wait, done, retry or choose another method.
 * A poll the network loses is tried again on the same backoff, a few times in a row at most.
 * Decision 175: an answer that says the bank ended the signing (the provider refused for good) ends
 * the machine as `ended`; the step's machine then loads the application's new task.
 * Mobile-ID runs the same machine with `method: MOBILE_SIGNATURE` (docs/decisions/143).
 */
/** The polling providers this machine runs (docs/decisions/143): Smart-ID and Mobile-ID. */
export type PollingSigningMethod = 'SMART_ID' | 'MOBILE_SIGNATURE';

export interface SmartIdInput {
  externalId: string;
  /** Which provider signs (default Smart-ID); the calls carry it. */
  method?: PollingSigningMethod;
  fileServiceId?: string | null;
  /** Section 4: digital signing disabled for this contract (from the contract's details). */
  disabledReason?: SigningDisabledReason | null;
}

export interface SmartIdContext {
  externalId: string;
  method: PollingSigningMethod;
  fileServiceId: string | null;
  disabledReason: SigningDisabledReason | null;
  verificationCode: string | null;
  /** The last result status the provider answered (or TIMEOUT when the attempts ran out). */
  result: string | null;
  /** Decision 175: the bank ended the signing with that answer (no retry: the application moved on). */
  signingEnded: boolean;
  attempt: number;
  consecutiveErrors: number;
  callError: AppError | null;
}

export type SmartIdEvent = { type: 'smartId.started' } | { type: 'smartId.retried' } | { type: 'smartId.otherMethodChosen' } | { type: 'smartId.cancelled' };

export interface SmartIdCallInput {
  externalId: string;
  method: PollingSigningMethod;
  fileServiceId: string | null;
}

export const smartIdMachine = setup({
  types: {
    context: {} as SmartIdContext,
    events: {} as SmartIdEvent,
    input: {} as SmartIdInput,
    output: {} as { outcome: 'signed' | 'otherMethod' | 'ended' },
  },
  actors: {
    startSigning: fromPromise<StartSigningResponse, SmartIdCallInput>(async () => {
      throw new Error('The startSigning actor is provided by the app');
    }),
    pollStatus: fromPromise<SigningStatusResponse, SmartIdCallInput>(async () => {
      throw new Error('The pollStatus actor is provided by the app');
    }),
  },
  delays: {
    pollDelay: ({ context }) => smartIdPollDelay(context.attempt),
  },
  guards: {
    isDisabled: ({ context }) => context.disabledReason !== null,
    signingEnded: ({ context }) => context.signingEnded,
    waits: ({ context }) => digitalSigningOutcome(context.result).next === 'wait',
    attemptsLeft: ({ context }) => context.attempt < SMART_ID_POLL.maxAttempts,
    isDone: ({ context }) => digitalSigningOutcome(context.result).next === 'done',
    needsOtherMethod: ({ context }) => digitalSigningOutcome(context.result).next === 'chooseAnotherMethod',
    errorsLeft: ({ context }) => context.consecutiveErrors + 1 < SMART_ID_POLL.maxConsecutiveErrors,
  },
}).createMachine({
  id: 'smartId',
  context: ({ input }) => ({
    externalId: input.externalId,
    method: input.method ?? 'SMART_ID',
    fileServiceId: input.fileServiceId ?? null,
    disabledReason: input.disabledReason ?? null,
    verificationCode: null,
    result: null,
    signingEnded: false,
    attempt: 0,
    consecutiveErrors: 0,
    callError: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isDisabled', target: 'disabled' }, { target: 'ready' }],
    },
    /** Section 8: the method is disabled; the screen says why (where Smart-ID has a message). */
    disabled: {
      on: { 'smartId.otherMethodChosen': { target: 'otherMethod' } },
    },
    ready: {
      on: { 'smartId.started': { target: 'starting' }, 'smartId.otherMethodChosen': { target: 'otherMethod' } },
    },
    starting: {
      tags: ['busy'],
      entry: assign({ verificationCode: null, result: null, attempt: 0, consecutiveErrors: 0, callError: null }),
      invoke: {
        src: 'startSigning',
        input: ({ context }) => ({ externalId: context.externalId, method: context.method, fileServiceId: context.fileServiceId }),
        onDone: { target: 'polling', actions: assign({ verificationCode: ({ event }) => event.output.verificationCode, result: ({ event }) => event.output.status }) },
        onError: { target: 'startFailed', actions: assign({ callError: ({ event }) => asAppError(event.error) }) },
      },
    },
    startFailed: {
      on: { 'smartId.retried': { target: 'starting' }, 'smartId.otherMethodChosen': { target: 'otherMethod' } },
    },
    /** The verification code is shown; the provider is asked until it answers a result. */
    polling: {
      on: { 'smartId.cancelled': { target: 'ready', actions: assign({ verificationCode: null, result: null }) } },
      initial: 'deciding',
      states: {
        waiting: {
          after: { pollDelay: { target: 'fetching' } },
        },
        fetching: {
          invoke: {
            src: 'pollStatus',
            input: ({ context }) => ({ externalId: context.externalId, method: context.method, fileServiceId: context.fileServiceId }),
            onDone: {
              target: 'deciding',
              actions: assign(({ context, event }) => ({
                result: event.output.status,
                signingEnded: event.output.signingEnded === true,
                attempt: context.attempt + 1,
                consecutiveErrors: 0,
                callError: null,
              })),
            },
            onError: [
              {
                guard: 'errorsLeft',
                target: 'waiting',
                actions: assign(({ context, event }) => ({ attempt: context.attempt + 1, consecutiveErrors: context.consecutiveErrors + 1, callError: asAppError(event.error) })),
              },
              { target: '#smartId.pollFailed', actions: assign({ callError: ({ event }) => asAppError(event.error) }) },
            ],
          },
        },
        deciding: {
          always: [
            { guard: 'signingEnded', target: '#smartId.ended' },
            { guard: 'waits', target: 'timedOutCheck' },
            { guard: 'isDone', target: '#smartId.signed' },
            { guard: 'needsOtherMethod', target: '#smartId.needsOtherMethod' },
            { target: '#smartId.failed' },
          ],
        },
        timedOutCheck: {
          always: [{ guard: 'attemptsLeft', target: 'waiting' }, { target: '#smartId.failed', actions: assign({ result: 'TIMEOUT' }) }],
        },
      },
    },
    /** The polls failed in a row: the signing may still run at the provider, so asking again is offered. */
    pollFailed: {
      on: {
        'smartId.retried': { target: 'polling', actions: assign({ consecutiveErrors: 0, callError: null }) },
        'smartId.otherMethodChosen': { target: 'otherMethod' },
      },
    },
    /** A result to try again after (wrong code chosen, timeout, cancelled, provider trouble). */
    failed: {
      on: { 'smartId.retried': { target: 'starting' }, 'smartId.otherMethodChosen': { target: 'otherMethod' } },
    },
    /** A result Smart-ID cannot get past for this person (not a client, certificate level, names). */
    needsOtherMethod: {
      on: { 'smartId.otherMethodChosen': { target: 'otherMethod' } },
    },
    signed: { type: 'final' },
    otherMethod: { type: 'final' },
    /** Decision 175: the bank ended the signing; the application has moved on to the signing negative page. */
    ended: { type: 'final' },
  },
  output: ({ context }) => ({
    outcome: context.signingEnded ? 'ended' : digitalSigningOutcome(context.result).next === 'done' ? 'signed' : 'otherMethod',
  }),
});

export type SmartIdSnapshot = SnapshotFrom<typeof smartIdMachine>;
