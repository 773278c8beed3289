/**
 * The app's signing I/O handed on by the contract-signing machine (issue 27 item 4, decision 232):
 * what its re-measured run (90.87 %) left alive and a test can tell apart. The cross-sell modal's
 * signer signs each contract with the app's own actors (not the signing machine's defaults, not an
 * empty machine), and an actor the app does not provide leaves the child its own default, which
 * fails saying which actor the app must provide (the screen offers a retry), rather than an actor
 * of nothing that never answers.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { contractSigningMachine } from '../../machines/signing/contract-signing.machine';
import type { SmartIdSnapshot } from '../../machines/signing/smart-id.machine';
import { smartIdView } from '../../machines/signing/smart-id.view';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { SigningChoice } from '../../core/domain/contracts';
import { SAMPLE_CONTRACT } from '../support/render-step';
import { controllable, settle } from './actor.fakes';

const pending = () => fromPromise(() => new Promise<never>(() => undefined));

type Child = { send: (event: { type: string; fileServiceId?: string }) => void; getSnapshot: () => { value: unknown; context: Record<string, unknown>; children: Record<string, Child | undefined> } };

function contract(signingMethod: SigningChoice, overrides: Partial<ContractDetails> = {}): ContractDetails {
  return { ...SAMPLE_CONTRACT, signingMethod, signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS'], fileServiceId: 'contract-1', digitalSigningDisabledReason: null, sourceChannel: 'WEB', ...overrides };
}

const TWO: Partial<ContractDetails> = {
  contractsInfo: [
    { productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: 'contract-1', signed: false },
    { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0, fileServiceId: 'contract-2', signed: false },
  ],
};

async function start(details: ContractDetails, actors: Record<string, AnyActorLogic | undefined>) {
  const machine = contractSigningMachine.provide({
    actors: { loadContractDetails: fromPromise(async () => details), loadSigningActors: fromPromise(async () => actors as Record<string, AnyActorLogic>) },
    actions: { backToChoice: () => undefined, reloadApplication: () => undefined, sendStep: () => undefined },
  });
  const actor = createActor(machine, { input: { externalId: 'app-7', locale: 'et' } }).start();
  await settle();
  return { actor, children: () => actor.getSnapshot().children as Record<string, Child | undefined> };
}

describe('the cross-sell modal’s signer signs with the app’s I/O', () => {
  it.each([
    ['SMART_ID', 'SMART_ID'],
    ['MOBILE_SIGNATURE', 'MOBILE_SIGNATURE'],
  ] as const)('%s: the contract chosen in the modal is sent to the app’s startSigning', async (method, sent) => {
    const startSigning = controllable<unknown, unknown>();
    const run = await start(contract(method, TWO), { startSigning: startSigning.logic, pollStatus: pending() });
    const modal = run.children()['crossSell'];
    expect(modal).toBeDefined();
    modal?.send({ type: 'crossSell.signRequested', fileServiceId: 'contract-2' });
    await settle();
    const signer = modal?.getSnapshot().children['signer'];
    expect(signer?.getSnapshot().value).toBe('ready');
    signer?.send({ type: 'smartId.started' });
    await settle();
    expect(startSigning.calls.map((call) => call.input)).toEqual([{ externalId: 'app-7', method: sent, fileServiceId: 'contract-2' }]);
    expect(signer?.getSnapshot().value).toBe('starting');
  });

  it('eParaksts: the app’s loadStatus is asked about the contract chosen', async () => {
    const loadStatus = controllable<unknown, unknown>();
    const run = await start(contract('EPARAKSTS', TWO), { loadStatus: loadStatus.logic, authenticate: pending(), sign: pending(), redirect: pending() });
    const modal = run.children()['crossSell'];
    modal?.send({ type: 'crossSell.signRequested', fileServiceId: 'contract-1' });
    await settle();
    expect(loadStatus.calls).toHaveLength(1);
    expect(loadStatus.last().input).toMatchObject({ externalId: 'app-7' });
  });
});

describe('an actor the app does not provide', () => {
  it('Smart-ID keeps its own startSigning, which fails saying the app provides it; the screen offers a retry', async () => {
    const pollStatus = controllable<unknown, unknown>();
    const run = await start(contract('SMART_ID'), { startSigning: undefined, pollStatus: pollStatus.logic });
    const child = run.children()['smartId'];
    child?.send({ type: 'smartId.started' });
    await settle();
    const snapshot = child?.getSnapshot();
    expect(snapshot?.value).toBe('startFailed');
    expect((snapshot?.context['callError'] as { message?: string } | null)?.message).toBe('The startSigning actor is provided by the app');
    expect(smartIdView(snapshot as unknown as SmartIdSnapshot)).toMatchObject({ status: 'failed', canRetry: true });
    expect(pollStatus.calls).toEqual([]);
  });
});
