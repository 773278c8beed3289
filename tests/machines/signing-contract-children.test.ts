/**
 * What the contract-signing machine hands each signing machine it starts (issue 27 item 4: the
 * surviving mutants of machines/signing/contract-signing.machine.ts, decision 210): the graph test
 * (signing-contract.machine.test.ts) follows its states; this pins the input of the child that
 * runs, read from the child's own context, for each way to sign.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { contractSigningMachine } from '../../machines/signing/contract-signing.machine';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { SigningChoice } from '../../core/domain/contracts';
import { SAMPLE_CONTRACT } from '../support/render-step';
import { settle } from './actor.fakes';

const pending = () => fromPromise(() => new Promise<never>(() => undefined));
/** Every actor a signing machine may be given, none ever answering: the child stays where it starts. */
const SIGNING_ACTORS: Record<string, AnyActorLogic> = Object.fromEntries(
  ['startSigning', 'pollStatus', 'loadStatus', 'authenticate', 'sign', 'redirect', 'checkEnabled', 'startPayment'].map((name) => [name, pending()]),
);

async function childContext(signingMethod: SigningChoice, overrides: Partial<ContractDetails> = {}, childId?: string) {
  const details: ContractDetails = { ...SAMPLE_CONTRACT, signingMethod, signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'PAYMENT'], fileServiceId: 'contract-1', digitalSigningDisabledReason: null, sourceChannel: 'WEB', ...overrides };
  const machine = contractSigningMachine.provide({
    actors: { loadContractDetails: fromPromise(async () => details), loadSigningActors: fromPromise(async () => SIGNING_ACTORS) },
  });
  const actor = createActor(machine, { input: { externalId: 'app-7', locale: 'lv' } }).start();
  await settle();
  const snapshot = actor.getSnapshot();
  const children = snapshot.children as Record<string, { getSnapshot: () => { context: Record<string, unknown> } } | undefined>;
  const id = childId ?? Object.keys(children)[0]!;
  const context = children[id]?.getSnapshot().context;
  actor.stop();
  return { state: snapshot.value, ids: Object.keys(children), context };
}

const TWO: Partial<ContractDetails> = {
  contractsInfo: [
    { productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: 'contract-1', signed: true },
    { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0, fileServiceId: 'contract-2', signed: false },
  ],
};

describe('the signing machine started for the chosen way to sign gets what it signs with', () => {
  it('Smart-ID and Mobile-ID: the application, the method and the contract', async () => {
    const smartId = await childContext('SMART_ID');
    expect(smartId.ids).toEqual(['smartId']);
    expect(smartId.context).toMatchObject({ externalId: 'app-7', method: 'SMART_ID', fileServiceId: 'contract-1', disabledReason: null });
    const mobileId = await childContext('MOBILE_SIGNATURE', { digitalSigningDisabledReason: 'MAINTENANCE' as never });
    expect(mobileId.ids).toEqual(['mobileId']);
    expect(mobileId.context).toMatchObject({ externalId: 'app-7', method: 'MOBILE_SIGNATURE', fileServiceId: 'contract-1', disabledReason: 'MAINTENANCE' });
    expect((await childContext('SMART_ID', { fileServiceId: '' })).context).toMatchObject({ fileServiceId: null });
  });

  it('eParaksts: the language, the method and the contract to sign', async () => {
    const esign = await childContext('EPARAKSTS');
    expect(esign.ids).toEqual(['esign']);
    expect(esign.context).toMatchObject({ externalId: 'app-7', languageCode: 'lv', signingMethod: 'EPARAKSTS', fileServiceIds: ['contract-1'], disabledReason: null });
    expect((await childContext('EPARAKSTS', { fileServiceId: '' })).context).toMatchObject({ fileServiceIds: [] });
  });

  it('payment: whether the bank offers it, the channel, and (after the probe) whether it was started', async () => {
    const payment = await childContext('PAYMENT', {}, 'paymentProbe');
    // The probe asks the payment's status first, for the application.
    expect(payment.ids).toEqual(['paymentProbe']);
    expect(payment.state).toBe('probingPayment');
  });

  it('two contracts: the cross-sell modal gets both, the signed one marked, with the way to sign', async () => {
    const smartId = await childContext('MOBILE_SIGNATURE', TWO);
    expect(smartId.ids).toEqual(['crossSell']);
    expect(smartId.context).toMatchObject({ fileServiceIds: ['contract-1', 'contract-2'], signed: ['contract-1'] });
    expect(smartId.context?.['signerInput']).toEqual({ externalId: 'app-7', method: 'MOBILE_SIGNATURE', disabledReason: null });
    expect((await childContext('SMART_ID', TWO)).context?.['signerInput']).toEqual({ externalId: 'app-7', method: 'SMART_ID', disabledReason: null });
    const esign = await childContext('EPARAKSTS', TWO);
    expect(esign.ids).toEqual(['crossSell']);
    expect(esign.context).toMatchObject({ fileServiceIds: ['contract-1', 'contract-2'], signed: ['contract-1'] });
    expect(esign.context?.['signerInput']).toEqual({ externalId: 'app-7', languageCode: 'lv', signingMethod: 'EPARAKSTS', disabledReason: null });
    // Paying for two contracts at once is not offered: no modal, no signing machine.
    expect((await childContext('PAYMENT', TWO)).ids).toEqual([]);
  });
});
