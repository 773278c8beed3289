/**
 * The cross-sell contract signing modal (issue 12; section 2; decision 161): which contract is being
 * signed, the set already signed, and the "Leave?" confirmation. The signing itself is the chosen
 * method's machine, run by the view for the active contract; it reports back with
 * `crossSell.contractSigned` (eParaksts may report several: its loop signs the next one itself) or
 * `crossSell.signingEnded` (failed or cancelled: back to the cards). Closing asks "Leave?": yes ends
 * in `left` (the view goes to self service), no returns to the cards. All signed ends in `allSigned`.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export interface CrossSellModalInput {
  /** The contracts in signing order, with those already signed. */
  fileServiceIds: readonly string[];
  signedFileServiceIds?: readonly string[];
}

export interface CrossSellModalContext {
  fileServiceIds: readonly string[];
  signed: readonly string[];
  active: string | null;
}

export type CrossSellModalEvent =
  | { type: 'crossSell.signRequested'; fileServiceId: string }
  | { type: 'crossSell.contractSigned'; fileServiceIds: readonly string[] }
  | { type: 'crossSell.signingEnded' }
  | { type: 'crossSell.closeRequested' }
  | { type: 'crossSell.leaveConfirmed' }
  | { type: 'crossSell.leaveCancelled' };

const allSigned = (context: CrossSellModalContext) => context.fileServiceIds.every((id) => context.signed.includes(id));

export const crossSellModalMachine = setup({
  types: {
    context: {} as CrossSellModalContext,
    events: {} as CrossSellModalEvent,
    input: {} as CrossSellModalInput,
    output: {} as { result: 'allSigned' | 'left' },
  },
  guards: {
    allSigned: ({ context }) => allSigned(context),
    canSign: ({ context, event }) =>
      event.type === 'crossSell.signRequested' && context.fileServiceIds.includes(event.fileServiceId) && !context.signed.includes(event.fileServiceId),
  },
}).createMachine({
  id: 'crossSellModal',
  context: ({ input }) => ({
    fileServiceIds: [...input.fileServiceIds],
    signed: input.fileServiceIds.filter((id) => (input.signedFileServiceIds ?? []).includes(id)),
    active: null,
  }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'allSigned', target: 'allSigned' }, { target: 'choosing' }] },
    choosing: {
      on: {
        'crossSell.signRequested': { guard: 'canSign', target: 'signing', actions: assign({ active: ({ event }) => event.fileServiceId }) },
        'crossSell.closeRequested': { target: 'confirmingLeave' },
      },
    },
    signing: {
      on: {
        'crossSell.contractSigned': {
          target: 'checking',
          actions: assign({
            signed: ({ context, event }) => context.fileServiceIds.filter((id) => context.signed.includes(id) || event.fileServiceIds.includes(id)),
            active: null,
          }),
        },
        'crossSell.signingEnded': { target: 'choosing', actions: assign({ active: null }) },
      },
    },
    confirmingLeave: {
      on: {
        'crossSell.leaveConfirmed': { target: 'left' },
        'crossSell.leaveCancelled': { target: 'choosing' },
      },
    },
    allSigned: { type: 'final' },
    left: { type: 'final' },
  },
  output: ({ context }) => ({ result: allSigned(context) ? 'allSigned' : 'left' }),
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
