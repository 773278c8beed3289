import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EsignStatusResponse } from '../../core/wire/signing.schema';
import { asAppError, type AppError } from '../../core/domain/app-error';
import { esignNextAction, type EsignMethod, type SigningDisabledReason } from '../../core/domain/signing';

/**
 * The e-signature (eParaksts) status loop of section 4, exactly (issue 12; docs/decisions/139):
 * the status decides the next call. NOT_STARTED, AUTHENTICATION_FAILED and SIGNING_FAILED start
 * authentication; AUTHENTICATION_SUCCESS starts signing; SIGNING_SUCCESS continues (cross-sell: it
 * starts signing of the next contract); any other status turns the authentication error off and the
 * signing error on. Authentication and signing hand back a provider address and the browser goes
 * there (the `redirect` actor, provided by the app); the provider sends it back to the app, which
 * starts this machine again, so the loop reads the status afresh after every visit.
 *
 * A failed status starts authentication only when the person asks (`esign.retried`): sent on at
 * once, they would never see why the last attempt failed, and a refusal would loop.
 * Decision 175: a status that says the bank ended the signing (refused for good) ends it as `ended`.
 */
export interface EsignInput {
  externalId: string;
  languageCode: string;
  signingMethod: EsignMethod;
  /** The contracts to sign, in order (one, or several in cross-sell signing). */
  fileServiceIds: readonly string[];
  /** Section 4: digital signing disabled for this contract (from the contract's details). */
  disabledReason?: SigningDisabledReason | null;
}

export interface EsignContext extends EsignInput {
  disabledReason: SigningDisabledReason | null;
  status: string | null;
  authenticationError: boolean;
  signingError: boolean;
  /** The server's errorCode of a refused signing (section 8: e.g. the inactive certificate). */
  errorCode: string | null;
  signedFileServiceIds: string[];
  /** Why the status, a start call or the redirect could not be had (network, server). */
  callError: AppError | null;
  /** The provider address the browser is being sent to. */
  redirectUrl: string | null;
  /** Decision 175: the bank ended the signing (the application moved on to the signing negative page). */
  signingEnded: boolean;
}

export type EsignEvent = { type: 'esign.retried' } | { type: 'esign.statusReloaded' };

export interface EsignCallInput {
  externalId: string;
  languageCode: string;
  signingMethod: EsignMethod;
  fileServiceId: string | null;
}

function nextContract(context: Pick<EsignContext, 'fileServiceIds' | 'signedFileServiceIds'>): string | null {
  return context.fileServiceIds.find((id) => !context.signedFileServiceIds.includes(id)) ?? null;
}

function callInput(context: EsignContext): EsignCallInput {
  return { externalId: context.externalId, languageCode: context.languageCode, signingMethod: context.signingMethod, fileServiceId: nextContract(context) };
}

/** The call the last status starts; no status yet reads as an error. */
// Stryker disable next-line StringLiteral: equivalent (decision 232), any text that is not a status reads as an error, as '' does.
const nextActionOf = (context: EsignContext) => esignNextAction(context.status ?? '');

export const esignMachine = setup({
  types: {
    context: {} as EsignContext,
    events: {} as EsignEvent,
    input: {} as EsignInput,
    output: {} as { signedFileServiceIds: string[]; ended?: true },
  },
  actors: {
    loadStatus: fromPromise<EsignStatusResponse, { externalId: string }>(async () => {
      throw new Error('The loadStatus actor is provided by the app');
    }),
    authenticate: fromPromise<{ redirectUrl: string }, EsignCallInput>(async () => {
      throw new Error('The authenticate actor is provided by the app');
    }),
    sign: fromPromise<{ redirectUrl: string }, EsignCallInput>(async () => {
      throw new Error('The sign actor is provided by the app');
    }),
    /** Sends the browser to the provider; it does not come back to this page's machine. */
    redirect: fromPromise<void, { url: string }>(async () => {
      throw new Error('The redirect actor is provided by the app');
    }),
  },
  guards: {
    isDisabled: ({ context }) => context.disabledReason !== null,
    signingEnded: ({ context }) => context.signingEnded,
    startsAuthentication: ({ context }) => nextActionOf(context) === 'authenticate',
    isNotStarted: ({ context }) => context.status === 'NOT_STARTED',
    startsSigning: ({ context }) => nextActionOf(context) === 'sign',
    continuesToNext: ({ context }) => nextActionOf(context) === 'continue' && nextContract(context) !== null,
    continues: ({ context }) => nextActionOf(context) === 'continue',
  },
}).createMachine({
  id: 'esign',
  context: ({ input }) => ({
    ...input,
    disabledReason: input.disabledReason ?? null,
    status: null,
    authenticationError: false,
    signingError: false,
    errorCode: null,
    signedFileServiceIds: [],
    callError: null,
    redirectUrl: null,
    signingEnded: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isDisabled', target: 'disabled' }, { target: 'loadingStatus' }],
    },
    /** Section 8: the method is disabled; the screen says why where the provider has a message. */
    disabled: { type: 'final' },
    loadingStatus: {
      tags: ['busy'],
      invoke: {
        src: 'loadStatus',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: {
          target: 'deciding',
          actions: assign(({ event }) => ({
            status: event.output.status,
            errorCode: event.output.errorCode,
            signedFileServiceIds: event.output.signedFileServiceIds,
            signingEnded: event.output.signingEnded === true,
            callError: null,
          })),
        },
        onError: { target: 'statusFailed', actions: assign({ callError: ({ event }) => asAppError(event.error) }) },
      },
    },
    statusFailed: {
      on: { 'esign.statusReloaded': { target: 'loadingStatus' } },
    },
    deciding: {
      always: [
        { guard: 'signingEnded', target: 'ended' },
        { guard: 'isNotStarted', target: 'authenticating', actions: assign({ authenticationError: false, signingError: false, errorCode: null }) },
        {
          guard: 'startsAuthentication',
          target: 'failed',
          actions: assign(({ context }) =>
            context.status === 'AUTHENTICATION_FAILED'
              ? { authenticationError: true, signingError: false, errorCode: null }
              : { authenticationError: false, signingError: true },
          ),
        },
        { guard: 'startsSigning', target: 'signing', actions: assign({ authenticationError: false, signingError: false, errorCode: null }) },
        // Cross-sell: the next contract is signed under the same authentication.
        { guard: 'continuesToNext', target: 'signing', actions: assign({ authenticationError: false, signingError: false, errorCode: null }) },
        { guard: 'continues', target: 'signed' },
        { target: 'failed', actions: assign({ authenticationError: false, signingError: true }) },
      ],
    },
    /** The last attempt failed: the person sees why and starts authentication again. */
    failed: {
      on: { 'esign.retried': { target: 'authenticating' } },
    },
    authenticating: {
      tags: ['busy'],
      invoke: {
        src: 'authenticate',
        input: ({ context }) => callInput(context),
        onDone: { target: 'redirecting', actions: assign({ callError: null, redirectUrl: ({ event }) => event.output.redirectUrl }) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ authenticationError: true, signingError: false, errorCode: null, callError: asAppError(event.error) })),
        },
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        src: 'sign',
        input: ({ context }) => callInput(context),
        onDone: { target: 'redirecting', actions: assign({ callError: null, redirectUrl: ({ event }) => event.output.redirectUrl }) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const error = asAppError(event.error);
            return { authenticationError: false, signingError: true, errorCode: error.kind === 'server' ? (error.code ?? null) : null, callError: error };
          }),
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'redirect',
        // Stryker disable next-line StringLiteral: equivalent (decision 232), `redirecting` is entered only with the address authenticate or sign answered (`RedirectResponseSchema`: a string).
        input: ({ context }) => ({ url: context.redirectUrl ?? '' }),
        onError: { target: 'failed', actions: assign({ callError: ({ event }) => asAppError(event.error) }) },
      },
    },
    signed: {
      type: 'final',
    },
    /** Decision 175: the bank ended the signing; the application has moved on. */
    ended: { type: 'final' },
  },
  output: ({ context }) => (context.signingEnded ? { signedFileServiceIds: context.signedFileServiceIds, ended: true } : { signedFileServiceIds: context.signedFileServiceIds }),
});

export type EsignSnapshot = SnapshotFrom<typeof esignMachine>;
