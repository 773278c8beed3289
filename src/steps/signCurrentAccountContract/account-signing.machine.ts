import { assign, enqueueActions, fromPromise, sendParent, setup, stopChild, type AnyActorLogic, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { AccountContractDetails } from '../../../core/wire/account-contract.schema';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import type { SigningChoice } from '../../../core/domain/contracts';
import { disabledReasonMessage, type EsignMethod, type SigningMessageKey } from '../../../core/domain/signing';
import type { StepLogicInput } from '../../../machines/application/application.actors';
import { signingFlowOf, type SigningActors, type SigningFlowKind } from '../../../machines/signing/contract-signing.machine';
import { esignMachine } from '../../../machines/signing/eparaksts.machine';
import { smartIdMachine } from '../../../machines/signing/smart-id.machine';

/**
 * signCurrentAccountContract's own machine (issue 12; decisions 144, 145): loads the signing I/O (a
 * catalogue loaded with the step, never with the first page), reads the account contract, lets the
 * applicant choose one of its ways to sign and runs that method's signing machine as a child under
 * the same fixed ids as the loan signing (`smartId`, `mobileId`, `esign`), so the shared signing
 * screens subscribe to it. Back from the eParaksts provider's page, it resumes that loop at once.
 * "Another way" comes back to the choice here (the choice is on this step, not a step before).
 * Signed, it sends the step at once (`step.signed`, decision 211).
 */
export interface AccountSigningContext {
  externalId: string;
  locale: string;
  details: AccountContractDetails | null;
  error: AppError | null;
  kind: SigningFlowKind;
  method: SigningChoice | null;
  /** Why the choice is shown again (the last method could not sign), as a message key. */
  notice: SigningMessageKey | 'otherMethod' | null;
  signingActors: SigningActors | null;
}

export type AccountSigningEvent =
  | { type: 'accountSigning.retried' }
  | { type: 'accountSigning.methodChosen'; method: SigningChoice }
  | { type: 'accountSigning.otherMethodChosen' };

const CHILD_ACTORS = {
  smartId: ['startSigning', 'pollStatus'],
  mobileId: ['startSigning', 'pollStatus'],
  esign: ['loadStatus', 'authenticate', 'sign', 'redirect'],
} as const;

const CHILD_IDS = ['smartId', 'mobileId', 'esign'] as const;

function withActors(machine: AnyStateMachine, provided: SigningActors, names: readonly string[]): AnyStateMachine {
  return machine.provide({ actors: Object.fromEntries(names.filter((name) => provided[name] !== undefined).map((name) => [name, provided[name]])) });
}

function childSigned(output: unknown): boolean {
  const value = (output ?? {}) as { outcome?: unknown; signedFileServiceIds?: unknown };
  return value.outcome === 'signed' || (Array.isArray(value.signedFileServiceIds) && value.signedFileServiceIds.length > 0);
}

type Spawn = (logic: AnyActorLogic, options: { id: string; input: unknown }) => void;

export const accountSigningMachine = setup({
  types: {
    context: {} as AccountSigningContext,
    events: {} as AccountSigningEvent,
    input: {} as Pick<StepLogicInput, 'externalId' | 'locale'>,
  },
  actors: {
    /** The signing I/O by name, the account contract's details among them (src/app/signing-actors.ts). */
    loadSigningActors: fromPromise<SigningActors>(async () => {
      throw new Error('The loadSigningActors actor is provided by the app');
    }),
  },
  guards: {
    hasActors: ({ context }) => context.signingActors !== null,
    // Asked only in `deciding` and `choosing`, which are entered once loading has put the contract in `details`.
    signedAlready: ({ context }) => context.details!.signed,
    esignUnderWay: ({ context }) => context.details!.esignInProgress !== null,
    offered: ({ context }, method: SigningChoice) => context.details!.signingChoices.includes(method),
    childSigned: ({ event }) => childSigned((event as { output?: unknown }).output),
  },
  actions: {
    /** Tells the application the contract is signed, so it sends the step (named, so a test can watch it without a parent). */
    sendStep: sendParent({ type: 'step.signed' }),
    loadDetails: enqueueActions(({ context, enqueue }) => {
      // `loading` is entered only with the signing I/O loaded (loadingActors' onDone, or a retry `hasActors` let through).
      const load = context.signingActors!['loadAccountContractDetails'];
      if (load) (enqueue.spawnChild as unknown as Spawn)(load, { id: 'accountContract', input: { externalId: context.externalId } });
    }),
    startChild: enqueueActions(({ context, enqueue }) => {
      // `signing` is entered only with the contract loaded and a method set (chosen, or eParaksts resumed).
      const details = context.details!;
      const provided: SigningActors = context.signingActors ?? {};
      const spawn = enqueue.spawnChild as unknown as Spawn;
      const disabledReason = details.digitalSigningDisabledReason ?? null;
      if (context.kind === 'smartId' || context.kind === 'mobileId') {
        spawn(withActors(smartIdMachine, provided, CHILD_ACTORS[context.kind]), {
          id: context.kind,
          input: { externalId: context.externalId, method: context.kind === 'mobileId' ? 'MOBILE_SIGNATURE' : 'SMART_ID', fileServiceId: details.fileServiceId, disabledReason },
        });
      } else if (context.kind === 'esign') {
        spawn(withActors(esignMachine, provided, CHILD_ACTORS.esign), {
          id: 'esign',
          input: { externalId: context.externalId, languageCode: context.locale, signingMethod: context.method as EsignMethod, fileServiceIds: [details.fileServiceId], disabledReason },
        });
      }
    }),
    stopChildren: enqueueActions(({ enqueue }) => {
      for (const id of CHILD_IDS) enqueue(stopChild(id));
    }),
  },
}).createMachine({
  id: 'accountSigning',
  context: ({ input }) => ({ externalId: input.externalId ?? '', locale: input.locale, details: null, error: null, kind: 'none', method: null, notice: null, signingActors: null }),
  initial: 'loadingActors',
  states: {
    loadingActors: {
      invoke: {
        src: 'loadSigningActors',
        onDone: { target: 'loading', actions: assign({ signingActors: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    loading: {
      entry: 'loadDetails',
      on: {
        'xstate.done.actor.accountContract': {
          target: 'deciding',
          actions: assign({ details: ({ event }) => (event as unknown as { output: AccountContractDetails }).output, error: null }),
        },
        'xstate.error.actor.accountContract': { target: 'loadFailed', actions: assign({ error: ({ event }) => asAppError((event as unknown as { error: unknown }).error) }) },
      } as never,
    },
    loadFailed: {
      on: { 'accountSigning.retried': [{ guard: 'hasActors', target: 'loading' }, { target: 'loadingActors' }] },
    },
    deciding: {
      always: [
        { guard: 'signedAlready', target: 'signed' },
        // Back from the eParaksts page: its loop goes on (section 4), no new choice.
        {
          guard: 'esignUnderWay',
          target: 'signing',
          actions: assign(({ context }) => ({ method: context.details!.esignInProgress, kind: 'esign' as const })),
        },
        { target: 'choosing' },
      ],
    },
    /** The account's ways to sign (decision 145); the applicant picks one. */
    choosing: {
      on: {
        'accountSigning.methodChosen': {
          guard: { type: 'offered', params: ({ event }) => event.method },
          target: 'signing',
          actions: assign(({ event }) => ({ method: event.method, kind: signingFlowOf(event.method), notice: null })),
        },
      },
    },
    signing: {
      entry: 'startChild',
      exit: 'stopChildren',
      on: {
        'accountSigning.otherMethodChosen': { target: 'choosing', actions: assign({ notice: null }) },
        'xstate.done.actor.smartId': [{ guard: 'childSigned', target: 'signed' }, { target: 'choosing', actions: assign({ notice: 'otherMethod' as const }) }],
        'xstate.done.actor.mobileId': [{ guard: 'childSigned', target: 'signed' }, { target: 'choosing', actions: assign({ notice: 'otherMethod' as const }) }],
        // eParaksts ends signed, or disabled for this contract (section 8's words where it has them).
        'xstate.done.actor.esign': [
          { guard: 'childSigned', target: 'signed' },
          {
            target: 'choosing',
            actions: assign(({ context }) => {
              const reason = context.details?.digitalSigningDisabledReason ?? null;
              return { notice: (reason ? disabledReasonMessage('ESIGNATURE', reason) : null) ?? ('otherMethod' as const) };
            }),
          },
        ],
      } as never,
    },
    /** The contract is signed: the step is sent (the API checks it again). */
    signed: {
      // Decision 211 (issue 26: one contract-signed page): the step goes on by itself; the screen offers Continue only if that send fails.
      entry: 'sendStep',
    },
  },
});

export type AccountSigningSnapshot = SnapshotFrom<typeof accountSigningMachine>;
