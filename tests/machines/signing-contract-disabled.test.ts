/**
 * Section 4's disabled reason, handed on by the contract-signing machine (decision 226, the survivors
 * decision 218 left as killable): a contract whose digital signing is disabled is not signed with
 * eParaksts (the screen says why), and the cross-sell modal's signer gets the same reason for each
 * contract it signs.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { contractSigningMachine } from '../../machines/signing/contract-signing.machine';
import { contractSigningView } from '../../machines/signing/contract-signing.view';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { SigningChoice } from '../../core/domain/contracts';
import { SAMPLE_CONTRACT } from '../support/render-step';
import { settle } from './actor.fakes';

const pending = () => fromPromise(() => new Promise<never>(() => undefined));
const SIGNING_ACTORS: Record<string, AnyActorLogic> = Object.fromEntries(
  ['startSigning', 'pollStatus', 'loadStatus', 'authenticate', 'sign', 'redirect', 'checkEnabled', 'startPayment'].map((name) => [name, pending()]),
);

const TWO: Partial<ContractDetails> = {
  contractsInfo: [
    { productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: 'contract-1', signed: false },
    { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0, fileServiceId: 'contract-2', signed: false },
  ],
};

async function run(signingMethod: SigningChoice, overrides: Partial<ContractDetails>) {
  const details: ContractDetails = {
    ...SAMPLE_CONTRACT,
    signingMethod,
    signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS'],
    fileServiceId: 'contract-1',
    digitalSigningDisabledReason: null,
    sourceChannel: 'WEB',
    ...overrides,
  };
  const machine = contractSigningMachine.provide({
    actors: { loadContractDetails: fromPromise(async () => details), loadSigningActors: fromPromise(async () => SIGNING_ACTORS) },
  });
  const actor = createActor(machine, { input: { externalId: 'app-7', locale: 'et' } }).start();
  await settle();
  const snapshot = actor.getSnapshot();
  const children = snapshot.children as Record<string, { getSnapshot: () => { context: Record<string, unknown> } } | undefined>;
  const signerInput = children['crossSell']?.getSnapshot().context['signerInput'];
  actor.stop();
  return { view: contractSigningView(snapshot), ids: Object.keys(children), signerInput };
}

describe('a contract whose digital signing is disabled (section 4)', () => {
  it('is not signed with eParaksts: the screen shows it disabled and says why', async () => {
    const { view } = await run('EPARAKSTS', { digitalSigningDisabledReason: 'RESTRICTED_HOURS' });
    expect(view.status).toBe('disabled');
    expect(view.disabledMessage).not.toBeNull();
  });

  it('without a reason eParaksts starts signing', async () => {
    const { view, ids } = await run('EPARAKSTS', {});
    expect(view.status).toBe('signing');
    expect(view.disabledMessage).toBeNull();
    expect(ids).toEqual(['esign']);
  });

  it('the cross-sell modal’s signer gets the reason with each way to sign', async () => {
    const esign = await run('EPARAKSTS', { ...TWO, digitalSigningDisabledReason: 'OVER_LIMIT' });
    expect(esign.view.status).toBe('crossSell');
    expect(esign.signerInput).toEqual({ externalId: 'app-7', languageCode: 'et', signingMethod: 'EPARAKSTS', disabledReason: 'OVER_LIMIT' });
    const smartId = await run('SMART_ID', { ...TWO, digitalSigningDisabledReason: 'TECHNICAL_ISSUES' });
    expect(smartId.signerInput).toEqual({ externalId: 'app-7', method: 'SMART_ID', disabledReason: 'TECHNICAL_ISSUES' });
    const mobileId = await run('MOBILE_SIGNATURE', { ...TWO, digitalSigningDisabledReason: 'NAMES_DONT_MATCH' });
    expect(mobileId.signerInput).toEqual({ externalId: 'app-7', method: 'MOBILE_SIGNATURE', disabledReason: 'NAMES_DONT_MATCH' });
  });
});
