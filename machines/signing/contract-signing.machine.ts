import { assign, enqueueActions, fromPromise, sendParent, setup, stopChild, type AnyActorLogic, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { SigningStatusResponse } from '../../core/wire/signing.schema';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { SigningChoice } from '../../core/domain/contracts';
import { ESIGN_METHODS, type EsignMethod } from '../../core/domain/signing';
import type { StepLogicInput } from '../application/application.actors';
import type { ContractRef } from '../contract/contract-details.machine';
import { crossSellModalMachine } from './cross-sell-modal.machine';
import { esignMachine } from './eparaksts.machine';
import { paymentSigningMachine } from './payment-signing.machine';
import { smartIdMachine } from './smart-id.machine';

/**
 * ViewContractConditions' own machine (issue 12): reads the contract (its file, the expected signing
 * date, the method chosen on ViewContractAndChooseSigningMethod, section 4's disabled reason), then
 * runs the signing machine of that method as a child under a fixed id (`smartId`, `mobileId`,
 * `esign`, `payment`), with the app's I/O actors this machine was provided with handed on to it. The screen
 * subscribes to the child with the child's own view selector. The child's end says what follows:
 * signed (the step is sent at once, `step.signed` to the application machine, decision 211; the API
 * checks the signature again), another method wanted, or
 * (decision 175) the bank ended the signing: the process has moved on to the signing negative page,
 * and the application machine is told to load it (`application.reloaded`).
 */
export type SigningFlowKind = 'smartId' | 'mobileId' | 'esign' | 'payment' | 'none';

export interface ContractSigningContext {
  externalId: string;
  locale: string;
  details: ContractDetails | null;
  error: AppError | null;
  /** Which signing machine the chosen method runs. */
  kind: SigningFlowKind;
  /** Payment: a payment was started already (the browser is back from the bank's page). */
  paymentStarted: boolean;
  /** The app's signing I/O, once loaded. */
  signingActors: SigningActors | null;
}

export type ContractSigningEvent = { type: 'contractSigning.retried' } | { type: 'contractSigning.otherMethodChosen' };

/** The signing machine a chosen method runs (the others are signed elsewhere: store, post office). */
export function signingFlowOf(method: SigningChoice | null | undefined): SigningFlowKind {
  if (method === 'SMART_ID') return 'smartId';
  // Mobile-ID runs the Smart-ID machine for its own provider (docs/decisions/143).
  if (method === 'MOBILE_SIGNATURE') return 'mobileId';
  if (method && (ESIGN_METHODS as readonly string[]).includes(method)) return 'esign';
  if (method === 'PAYMENT') return 'payment';
  return 'none';
}

/** The I/O each child names (src/app/step-actors.ts provides them to this machine by the same names). */
const CHILD_ACTORS = {
  smartId: ['startSigning', 'pollStatus'],
  mobileId: ['startSigning', 'pollStatus'],
  esign: ['loadStatus', 'authenticate', 'sign', 'redirect'],
  payment: ['checkEnabled', 'startPayment', 'pollStatus', 'redirect'],
} as const;

/** The app's signing I/O by name (src/app/signing-actors.ts). */
export type SigningActors = Readonly<Record<string, AnyActorLogic>>;

function childWithActors(machine: AnyStateMachine, provided: SigningActors, names: readonly string[]): AnyStateMachine {
  const actors = Object.fromEntries(names.filter((name) => provided[name] !== undefined).map((name) => [name, provided[name]]));
  return machine.provide({ actors });
}

/** Decision 175: a child's output says the bank ended the signing (Smart-ID `{ outcome: 'ended' }`, e-signature and payment `{ ended: true }`). */
function childEnded(output: unknown): boolean {
  const value = (output ?? {}) as { outcome?: unknown; ended?: unknown };
  return value.outcome === 'ended' || value.ended === true;
}

/**
 * A child's output says signed: Smart-ID `{ outcome: 'signed' }`, e-signature signed files, payment `{ signed: true }`.
 * An ended signing is never read as signed: every transition tests `childEnded` first (decision 226).
 */
function childSigned(output: unknown): boolean {
  const value = (output ?? {}) as { outcome?: unknown; signedFileServiceIds?: unknown; signed?: unknown };
  return value.outcome === 'signed' || value.signed === true || (Array.isArray(value.signedFileServiceIds) && value.signedFileServiceIds.length > 0);
}

export const contractSigningMachine = setup({
  types: {
    context: {} as ContractSigningContext,
    events: {} as ContractSigningEvent,
    input: {} as Pick<StepLogicInput, 'externalId' | 'locale'>,
  },
  actors: {
    loadContractDetails: fromPromise<ContractDetails, ContractRef>(async () => {
      throw new Error('The loadContractDetails actor is provided by the app');
    }),
    /** The signing I/O, by the names the signing machines give it (loaded with this step by the app). */
    loadSigningActors: fromPromise<SigningActors>(async () => {
      throw new Error('The loadSigningActors actor is provided by the app');
    }),
  },
  guards: {
    /** Decision 162: more than one contract, signed one by one in the cross-sell modal (Smart-ID, Mobile-ID, eParaksts). */
    // Stryker disable next-line OptionalChaining: equivalent (decision 232), tested only once the loaded contract is in `details` (loading's onDone sets it; the test narrows the type).
    crossSells: ({ context }) => (context.details?.contractsInfo.length ?? 0) > 1 && ['smartId', 'mobileId', 'esign'].includes(context.kind),
    /** Decision 162: a payment signs one contract; with several, payment signing is not offered. */
    // Stryker disable next-line OptionalChaining: equivalent (decision 232), tested only in `deciding`, after loading set `details`.
    paysForSeveral: ({ context }) => context.kind === 'payment' && (context.details?.contractsInfo.length ?? 0) > 1,
    crossSellDone: ({ event }) => (event as { output?: { result?: unknown } }).output?.result === 'allSigned',
    crossSellOtherMethod: ({ event }) => (event as { output?: { result?: unknown } }).output?.result === 'otherMethod',
    crossSellRefused: ({ event }) => (event as { output?: { result?: unknown } }).output?.result === 'refused',
    childEnded: ({ event }) => childEnded((event as { output?: unknown }).output),
    // Stryker disable next-line OptionalChaining: equivalent (decision 232), tested only in `deciding`, after loading set `details`.
    signedAlready: ({ context }) => context.details?.signed === true,
    signsElsewhere: ({ context }) => context.kind === 'none',
    paysToSign: ({ context }) => context.kind === 'payment',
    childSigned: ({ event }) => childSigned((event as { output?: unknown }).output),
  },
  actions: {
    /** Tells the application the contract is signed, so it sends the step (named, so a test can watch it without a parent). */
    sendStep: sendParent({ type: 'step.signed' }),
    /** The process goes back to the choice of method (named, so a test can watch it without a parent). */
    backToChoice: sendParent({ type: 'history.back' }),
    /** Decision 175: the process moved on (the signing negative page): the application machine loads it. */
    reloadApplication: sendParent({ type: 'application.reloaded' }),
    probePayment: enqueueActions(({ context, enqueue }) => {
      // Stryker disable next-line OptionalChaining: equivalent (decision 232), run on entering `probingPayment`, after the loaded actors are in `signingActors`.
      const pollStatus = context.signingActors?.['pollStatus'];
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => void;
      if (pollStatus) spawn(pollStatus, { id: 'paymentProbe', input: { externalId: context.externalId } });
    }),
    /** Decision 162: the cross-sell modal (`crossSell`), which runs the method's machine per contract as its `signer`. */
    startCrossSell: enqueueActions(({ context, enqueue }) => {
      const details = context.details;
      // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: equivalent (decision 232), `crossSell` is entered only through the crossSells guard (a loaded contract, Smart-ID, Mobile-ID or eParaksts); the test narrows the types.
      if (!details || context.kind === 'none' || context.kind === 'payment') return;
      const provided: SigningActors = context.signingActors ?? {};
      const esign = context.kind === 'esign';
      const signer = esign ? childWithActors(esignMachine, provided, CHILD_ACTORS.esign) : childWithActors(smartIdMachine, provided, CHILD_ACTORS[context.kind]);
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => void;
      spawn(crossSellModalMachine.provide({ actors: { signContract: signer as never } }), {
        id: 'crossSell',
        input: {
          fileServiceIds: details.contractsInfo.map((info) => info.fileServiceId),
          signedFileServiceIds: details.contractsInfo.filter((info) => info.signed).map((info) => info.fileServiceId),
          // What the method's machine needs besides the contract (the modal adds fileServiceId / fileServiceIds).
          signerInput: esign
            ? { externalId: context.externalId, languageCode: context.locale, signingMethod: details.signingMethod as EsignMethod, disabledReason: details.digitalSigningDisabledReason ?? null }
            : { externalId: context.externalId, method: context.kind === 'mobileId' ? 'MOBILE_SIGNATURE' : 'SMART_ID', disabledReason: details.digitalSigningDisabledReason ?? null },
        },
      });
    }),
    /** "Leave?" - yes: the browser goes to self service (the app's redirect I/O). */
    leaveToSelfService: enqueueActions(({ context, event, enqueue }) => {
      const url = (event as { output?: { leaveTo?: unknown } }).output?.leaveTo;
      // Stryker disable next-line OptionalChaining: equivalent (decision 232), run on leaving `crossSell`, which is entered with the loaded actors.
      const redirect = context.signingActors?.['redirect'];
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => void;
      if (redirect && typeof url === 'string' && url !== '') spawn(redirect, { id: 'leaving', input: { url } });
    }),
    startChild: enqueueActions(({ context, enqueue }) => {
      const details = context.details;
      // Stryker disable next-line ConditionalExpression: equivalent (decision 232), `signing` is entered only after loading set `details`; the test narrows the type.
      if (!details) return;
      // The app's signing I/O, handed on by name.
      const provided: SigningActors = context.signingActors ?? {};
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => void;
      if (context.kind === 'smartId' || context.kind === 'mobileId') {
        spawn(childWithActors(smartIdMachine, provided, CHILD_ACTORS[context.kind]), {
          id: context.kind,
          input: {
            externalId: context.externalId,
            method: context.kind === 'mobileId' ? 'MOBILE_SIGNATURE' : 'SMART_ID',
            fileServiceId: details.fileServiceId || null,
            disabledReason: details.digitalSigningDisabledReason ?? null,
          },
        });
      } else if (context.kind === 'esign') {
        spawn(childWithActors(esignMachine, provided, CHILD_ACTORS.esign), {
          id: 'esign',
          input: {
            externalId: context.externalId,
            languageCode: context.locale,
            signingMethod: details.signingMethod as EsignMethod,
            fileServiceIds: details.fileServiceId ? [details.fileServiceId] : [],
            disabledReason: details.digitalSigningDisabledReason ?? null,
          },
        });
      } else if (
        // Stryker disable next-line ConditionalExpression: equivalent (decision 232), the only kind left: `deciding` sends `none` elsewhere before `signing`.
        context.kind === 'payment'
      ) {
        spawn(childWithActors(paymentSigningMachine, provided, CHILD_ACTORS.payment), {
          id: 'payment',
          input: {
            externalId: context.externalId,
            flagEnabled: details.signingChoices.includes('PAYMENT'),
            sourceChannel: details.sourceChannel ?? null,
            // A payment already started (the browser is back from the bank): ask how it went.
            returned: context.paymentStarted,
          },
        });
      }
    }),
  },
}).createMachine({
  id: 'contractSigning',
  // Stryker disable next-line BooleanLiteral: equivalent (decision 232), `paymentStarted` is read only by payment's child, and payment reaches `signing` only through `probingPayment`, which sets it.
  context: ({ input }) => ({ externalId: input.externalId ?? '', locale: input.locale, details: null, error: null, kind: 'none', paymentStarted: false, signingActors: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadContractDetails',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: {
          target: 'deciding',
          actions: assign(({ event }) => ({ details: event.output, error: null, kind: signingFlowOf(event.output.signingMethod) })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    loadFailed: { on: { 'contractSigning.retried': { target: 'loading' } } },
    deciding: {
      always: [
        { guard: 'signedAlready', target: 'signed' },
        { guard: 'signsElsewhere', target: 'elsewhere' },
        { guard: 'paysForSeveral', target: 'disabled' },
        { target: 'loadingActors' },
      ],
    },
    loadingActors: {
      invoke: {
        src: 'loadSigningActors',
        onDone: [
          { guard: 'crossSells', target: 'crossSell', actions: assign({ signingActors: ({ event }) => event.output }) },
          { guard: 'paysToSign', target: 'probingPayment', actions: assign({ signingActors: ({ event }) => event.output }) },
          { target: 'signing', actions: assign({ signingActors: ({ event }) => event.output }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    /** Payment: whether one was started already (then the browser is back from the bank's page). */
    probingPayment: {
      entry: 'probePayment',
      on: {
        'xstate.done.actor.paymentProbe': {
          target: 'signing',
          actions: assign({ paymentStarted: ({ event }) => (event as unknown as { output: SigningStatusResponse }).output.method === 'PAYMENT' }),
        },
        // None started (the API knows no signing of this application yet).
        'xstate.error.actor.paymentProbe': { target: 'signing', actions: assign({ paymentStarted: false }) },
      } as never,
    },
    /** The chosen way is not signed on this screen (at the store, at a post office). */
    elsewhere: {},
    signing: {
      entry: 'startChild',
      on: {
        'contractSigning.otherMethodChosen': { target: 'otherMethod' },
        'xstate.done.actor.smartId': [{ guard: 'childEnded', target: 'ended' }, { guard: 'childSigned', target: 'signed' }, { target: 'otherMethod' }],
        'xstate.done.actor.mobileId': [{ guard: 'childEnded', target: 'ended' }, { guard: 'childSigned', target: 'signed' }, { target: 'otherMethod' }],
        // The e-signature machine ends signed, or disabled (the screen says why, where section 8 has words).
        'xstate.done.actor.esign': [{ guard: 'childEnded', target: 'ended' }, { guard: 'childSigned', target: 'signed' }, { target: 'disabled' }],
        // Payment signing ends signed, or not offered (flag, source, restriction check): the screen says so.
        'xstate.done.actor.payment': [{ guard: 'childEnded', target: 'ended' }, { guard: 'childSigned', target: 'signed' }, { target: 'disabled' }],
      } as never,
    },
    /** Decision 162: the contracts are signed one by one in the cross-sell modal. */
    crossSell: {
      entry: 'startCrossSell',
      exit: stopChild('crossSell'),
      on: {
        // eParaksts' failure offers another way to sign (its view sends this to the step's machine).
        'contractSigning.otherMethodChosen': { target: 'otherMethod' },
        'xstate.done.actor.crossSell': [
          { guard: 'crossSellDone', target: 'signed' },
          { guard: 'crossSellOtherMethod', target: 'otherMethod' },
          { guard: 'crossSellRefused', target: 'ended' },
          { target: 'left', actions: 'leaveToSelfService' },
        ],
      } as never,
    },
    /** The person left the cross-sell modal: the screen takes them to self service (signed contracts stay signed). */
    left: {},
    /** Every contract is signed: the step is sent (the API checks it again). */
    signed: {
      // Decision 211 (issue 26: one contract-signed page): the step goes on by itself; the screen offers Continue only if that send fails.
      entry: 'sendStep',
    },
    /** The e-signature method is disabled for this contract (section 4), or payment signing is not offered. */
    disabled: {
      on: { 'contractSigning.otherMethodChosen': { target: 'otherMethod' } },
    },
    /** The method cannot sign it, or the person asked for another: the process goes back to the choice. */
    otherMethod: {
      entry: 'backToChoice',
    },
    /**
     * Decision 175: the bank ended the signing (the provider refused for good); the process rests at the
     * signing negative page, which the application machine loads.
     */
    ended: {
      entry: 'reloadApplication',
    },
  },
});

export type ContractSigningSnapshot = SnapshotFrom<typeof contractSigningMachine>;
