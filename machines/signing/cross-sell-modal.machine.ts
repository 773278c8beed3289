/**
 * The cross-sell contract signing modal (issue 12; section 2; decisions 161, 162): which contract is
 * being signed, the set already signed, and the "Leave?" confirmation. The signing itself is the chosen
 * method's machine, invoked for the active contract as `signer` (the `signContract` actor, provided by
 * the step's machine; the screen subscribes to it with the method's own view). Its end reports back as
 * `crossSell.contractSigned` (eParaksts may report several: its loop signs the next one itself),
 * `crossSell.signingEnded` (not signed: back to the cards) or `crossSell.otherMethodChosen` (the person
 * wants another way to sign: the modal ends and the step goes back to the choice), or `crossSell.refused`
 * (decision 175: the bank ended the signing; the modal ends and the step loads what follows). Closing asks
 * "Leave?": yes ends in `left` (the view goes to self service), no returns to the cards. All signed
 * ends in `allSigned`.
 */
import { assign, createMachine, raise, setup, type SnapshotFrom } from 'xstate';

export interface CrossSellModalInput {
  /** The contracts in signing order, with those already signed. */
  fileServiceIds: readonly string[];
  signedFileServiceIds?: readonly string[];
  /** What the method's machine needs besides the contract (externalId, method, ...): handed on to the signer. */
  signerInput?: Readonly<Record<string, unknown>>;
}

export interface CrossSellModalContext {
  fileServiceIds: readonly string[];
  signed: readonly string[];
  active: string | null;
  signerInput: Readonly<Record<string, unknown>>;
  /** Where the person goes after "Leave?" - yes (the self service address the screen knows). */
  leaveTo: string | null;
  /** The person asked for another way to sign while signing a contract. */
  otherMethod: boolean;
  /** Decision 175: the bank ended the signing (refused for good). */
  refused: boolean;
}

export type CrossSellModalEvent =
  | { type: 'crossSell.signRequested'; fileServiceId: string }
  | { type: 'crossSell.contractSigned'; fileServiceIds: readonly string[] }
  | { type: 'crossSell.signingEnded' }
  | { type: 'crossSell.otherMethodChosen' }
  | { type: 'crossSell.refused' }
  | { type: 'crossSell.closeRequested' }
  | { type: 'crossSell.leaveConfirmed'; url?: string }
  | { type: 'crossSell.leaveCancelled' };

/** What the invoked signer is given: the contract to sign, and the unsigned ones after it (eParaksts signs them on). */
export interface SignContractInput {
  fileServiceId: string;
  fileServiceIds: readonly string[];
}

/**
 * The signer's end, as the signing machines give it: Smart-ID / Mobile-ID `{ outcome }`, eParaksts the
 * files it signed. Signed: the files (or the active one); other method: the person asked for another way.
 */
export function signerResult(output: unknown, active: string): CrossSellModalEvent {
  const value = (output ?? {}) as { outcome?: unknown; signedFileServiceIds?: unknown; ended?: unknown };
  if (value.outcome === 'ended' || value.ended === true) return { type: 'crossSell.refused' };
  if (Array.isArray(value.signedFileServiceIds) && value.signedFileServiceIds.length > 0) {
    return { type: 'crossSell.contractSigned', fileServiceIds: value.signedFileServiceIds.filter((id): id is string => typeof id === 'string') };
  }
  if (value.outcome === 'signed') return { type: 'crossSell.contractSigned', fileServiceIds: [active] };
  if (value.outcome === 'otherMethod') return { type: 'crossSell.otherMethodChosen' };
  return { type: 'crossSell.signingEnded' };
}

/** The contract being signed: `signRequested` sets it on the way into `signing`, so it is never null there. */
const activeOf = (context: CrossSellModalContext) => context.active as string;

const allSigned = (context: CrossSellModalContext) => context.fileServiceIds.every((id) => context.signed.includes(id));

export const crossSellModalMachine = setup({
  types: {
    context: {} as CrossSellModalContext,
    events: {} as CrossSellModalEvent,
    input: {} as CrossSellModalInput,
    output: {} as { result: 'allSigned' | 'left' | 'otherMethod' | 'refused'; leaveTo: string | null },
  },
  actors: {
    /** The chosen method's signing machine for one contract (provided by the step's machine). */
    signContract: createMachine({ types: {} as { input: SignContractInput } }),
  },
  actions: {
    /** The contracts reported signed, added to those signed before, in the modal's order. */
    markSigned: assign(({ context }, ids: readonly string[]) => ({
      signed: context.fileServiceIds.filter((id) => context.signed.includes(id) || ids.includes(id)),
      active: null,
    })),
    wantOtherMethod: assign({ active: null, otherMethod: true }),
    markRefused: assign({ active: null, refused: true }),
  },
  guards: {
    allSigned: ({ context }) => allSigned(context),
    canSign: ({ context }, fileServiceId: string) => context.fileServiceIds.includes(fileServiceId) && !context.signed.includes(fileServiceId),
  },
}).createMachine({
  id: 'crossSellModal',
  context: ({ input }) => ({
    fileServiceIds: [...input.fileServiceIds],
    signed: input.fileServiceIds.filter((id) => input.signedFileServiceIds?.includes(id)),
    active: null,
    signerInput: input.signerInput ?? {},
    leaveTo: null,
    otherMethod: false,
    refused: false,
  }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'allSigned', target: 'allSigned' }, { target: 'choosing' }] },
    choosing: {
      on: {
        'crossSell.signRequested': {
          guard: { type: 'canSign', params: ({ event }) => event.fileServiceId },
          target: 'signing',
          actions: assign({ active: ({ event }) => event.fileServiceId }),
        },
        'crossSell.closeRequested': { target: 'confirmingLeave' },
      },
    },
    signing: {
      invoke: {
        id: 'signer',
        src: 'signContract',
        input: ({ context }) => ({
          ...context.signerInput,
          fileServiceId: activeOf(context),
          fileServiceIds: context.fileServiceIds.slice(context.fileServiceIds.indexOf(activeOf(context))).filter((id) => !context.signed.includes(id)),
        }),
        // The signer's end, read as the report it stands for (signed, another way to sign, not signed,
        // refused) and handled as that report is below.
        onDone: { actions: raise(({ context, event }) => signerResult(event.output, activeOf(context))) },
      },
      on: {
        'crossSell.contractSigned': { target: 'checking', actions: { type: 'markSigned', params: ({ event }) => event.fileServiceIds } },
        'crossSell.signingEnded': { target: 'choosing', actions: assign({ active: null }) },
        'crossSell.otherMethodChosen': { target: 'otherMethod', actions: 'wantOtherMethod' },
        'crossSell.refused': { target: 'refused', actions: 'markRefused' },
      },
    },
    confirmingLeave: {
      on: {
        'crossSell.leaveConfirmed': { target: 'left', actions: assign({ leaveTo: ({ event }) => event.url ?? null }) },
        'crossSell.leaveCancelled': { target: 'choosing' },
      },
    },
    allSigned: { type: 'final' },
    left: { type: 'final' },
    otherMethod: { type: 'final' },
    /** Decision 175: the bank ended the signing; the step loads what follows. */
    refused: { type: 'final' },
  },
  output: ({ context }) => ({
    result: allSigned(context) ? 'allSigned' : context.refused ? 'refused' : context.otherMethod ? 'otherMethod' : 'left',
    leaveTo: context.leaveTo,
  }),
});

export type CrossSellModalSnapshot = SnapshotFrom<typeof crossSellModalMachine>;

/** What the modal shows: a thin view of the snapshot. */
export function crossSellModalView(snapshot: CrossSellModalSnapshot) {
  const { context } = snapshot;
  return {
    cards: context.fileServiceIds.map((fileServiceId, index) => ({
      fileServiceId,
      index: index + 1,
      signed: context.signed.includes(fileServiceId),
      signing: context.active === fileServiceId,
      canSign: snapshot.matches('choosing') && !context.signed.includes(fileServiceId),
    })),
    askingToLeave: snapshot.matches('confirmingLeave'),
    left: snapshot.matches('left'),
    allSigned: snapshot.matches('allSigned'),
  };
}
