/**
 * Issue 27, item 1 (docs/decisions/221): the cross-sell modal (machines/signing/cross-sell-modal.machine.ts)
 * as a model of `machine-paths.ts`: the small loan's contract and the credit card's offered with it,
 * signed one by one in the modal on ViewContractConditions (decisions 160-162), with Smart-ID. The
 * modal runs the signing machine per contract (its `signer`); the signing machine's own paths are the
 * `smartId` model's, so here a contract's signing is one step: how the signer ended, as the Smart-ID
 * simulator can make it end (`SIGNED_CONTRACT`, `NAMES_DONT_MATCH`: decision 175, the bank ends the
 * signing) or the person choosing another way to sign in the signer's panel. Decision 211: with both
 * signed the step sends itself (the closing page).
 *
 * Decision 229: the bank ends the signing only while no contract is signed (decision 175: a signed
 * contract is not undone, and the negative page says nothing was signed). After one is signed,
 * `NAMES_DONT_MATCH` is a result Smart-ID cannot get past: the signer's panel says so and offers only
 * another way to sign, which the person takes (`signing: NAMES_DONT_MATCH, other method`).
 */
import { assign, type Snapshot } from 'xstate';
import { crossSellModalMachine, type CrossSellModalSnapshot } from '../../machines/signing/cross-sell-modal.machine';
import type { MachineModel, ModelEvent } from './machine-paths';

/** Where "Leave?" - Yes takes the person (the server's `SELF_SERVICE_URL`; a reserved name: the replay sees the browser go, nothing answers). */
export const SELF_SERVICE_URL = 'https://self-service.example/';

/** The contracts in the modal's order, by the name the replay finds their card by (its index). */
export const CROSS_SELL_CONTRACTS = ['loan', 'card'] as const;

/**
 * How the signer ended: the label, the Smart-ID simulator's result that makes it so, and the signer's
 * output. `NAMES_DONT_MATCH` ends the signing (the bank's refusal) only with nothing signed; after a
 * signed contract it is the panel's "choose another way" (decision 229). `after` is the model's mark
 * (not the signer's output): which answer the person chose another way after.
 */
export const SIGNER_ENDS = {
  'signing: SIGNED_CONTRACT': { result: 'SIGNED_CONTRACT', output: { outcome: 'signed' } },
  'signing: NAMES_DONT_MATCH': { result: 'NAMES_DONT_MATCH', output: { outcome: 'ended' } },
  'signing: NAMES_DONT_MATCH, other method': { result: 'NAMES_DONT_MATCH', output: { outcome: 'otherMethod', after: 'NAMES_DONT_MATCH' } },
  'signing: other method': { result: null, output: { outcome: 'otherMethod' } },
} as const;

function crossSellEvents(snapshot: Snapshot<unknown>): ModelEvent[] {
  const state = snapshot as CrossSellModalSnapshot;
  const { context } = state;
  if (state.matches('choosing')) {
    return [
      ...CROSS_SELL_CONTRACTS.filter((id) => !context.signed.includes(id)).map((id) => ({ type: 'crossSell.signRequested', label: `sign ${id}`, fileServiceId: id }) as ModelEvent),
      { type: 'crossSell.closeRequested', label: 'close' },
    ];
  }
  if (state.matches('signing')) {
    // Decision 175/229: the server ends the signing for NAMES_DONT_MATCH only while nothing is signed.
    const ends = Object.entries(SIGNER_ENDS).filter(([label]) =>
      label === 'signing: NAMES_DONT_MATCH' ? context.signed.length === 0 : label === 'signing: NAMES_DONT_MATCH, other method' ? context.signed.length > 0 : true,
    );
    return ends.map(([label, end]) => ({ type: 'xstate.done.actor.signer', label, output: end.output }));
  }
  if (state.matches('confirmingLeave')) return [{ type: 'crossSell.leaveCancelled', label: 'leave: no' }, { type: 'crossSell.leaveConfirmed', label: 'leave: yes', url: SELF_SERVICE_URL } as ModelEvent];
  return [];
}

/** Which cards show "Signed" (or none): the modal's screen beside its state. */
function crossSellScreen(snapshot: Snapshot<unknown>): string | undefined {
  const state = snapshot as CrossSellModalSnapshot;
  if (!state.matches('choosing') && !state.matches('confirmingLeave')) return undefined;
  return state.context.signed.length > 0 ? `signed:${state.context.signed.join('+')}` : undefined;
}

function crossSellSerialize(snapshot: Snapshot<unknown>): string {
  const { context, value } = snapshot as CrossSellModalSnapshot;
  const after = (context as { otherMethodAfter?: string }).otherMethodAfter;
  return JSON.stringify({ value, signed: context.signed, active: context.active, ...(after ? { after } : {}) });
}

/**
 * The modal with the model's mark: which answer the person chose another way after (the panel's
 * NAMES_DONT_MATCH, or none), so both ways to `otherMethod` are paths of their own (decision 229).
 */
const crossSellLogic = crossSellModalMachine.provide({
  actions: {
    wantOtherMethod: assign(({ event }) => {
      const after = (event as { output?: { after?: unknown } }).output?.after;
      return { active: null, otherMethod: true, ...(typeof after === 'string' ? { otherMethodAfter: after } : {}) };
    }),
  },
});

export function crossSellModel(): MachineModel {
  return {
    machine: 'crossSellModal',
    variant: 'SMART_ID',
    domain: 'retail-banking-ee',
    productName: 'SMALL_LOAN',
    taskKey: 'viewContractConditions',
    // The card offered with the loan and accepted; the modal needs the server's flag (cross-sell-signing.spec.ts).
    // A self service of its own: without one "Leave?" - Yes goes to the app's home, which resumes the
    // application and opens the modal again (decision 221).
    serverEnv: { FEATURE_FLAGS: 'crossSellSigning', SELF_SERVICE_URL },
    logic: crossSellLogic,
    inputs: [{ input: { fileServiceIds: [...CROSS_SELL_CONTRACTS], signerInput: { externalId: 'path', method: 'SMART_ID' } } }],
    events: crossSellEvents,
    screen: crossSellScreen,
    serialize: crossSellSerialize,
    resting: ['choosing', 'confirmingLeave', 'allSigned', 'left', 'otherMethod', 'refused'],
    finals: ['allSigned', 'left', 'otherMethod', 'refused'],
    retry: 'leave: no',
  };
}
