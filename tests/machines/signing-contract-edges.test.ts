/**
 * The contract-signing machine's edges (issue 27 item 4, decision 218), after decision 210 named
 * what still survived: the payment probe (what it asks, and what its answer tells the payment
 * machine), the payment machine's own input, leaving the cross-sell modal for self service (the
 * redirect and the address it is given), the way an ended or signed child is read, and the machine
 * without the app's actors. Each test reads what the person's browser would get: the state, the
 * child started and its input, the redirect's address.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { contractSigningMachine } from '../../machines/signing/contract-signing.machine';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { SigningChoice } from '../../core/domain/contracts';
import { SAMPLE_CONTRACT } from '../support/render-step';
import { appError, controllable, settle } from './actor.fakes';

const pending = () => fromPromise(() => new Promise<never>(() => undefined));

type ChildSnapshot = { getSnapshot: () => { context: Record<string, unknown> } };

function contract(signingMethod: SigningChoice, overrides: Partial<ContractDetails> = {}): ContractDetails {
  return { ...SAMPLE_CONTRACT, signingMethod, signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'PAYMENT'], fileServiceId: 'contract-1', digitalSigningDisabledReason: null, sourceChannel: 'WEB', ...overrides };
}

const TWO: Partial<ContractDetails> = {
  contractsInfo: [
    { productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: 'contract-1', signed: false },
    { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0, fileServiceId: 'contract-2', signed: false },
  ],
};

/** The machine with the contract and the signing actors given; `probe` answers the payment probe. */
async function start(details: ContractDetails, actors: Record<string, AnyActorLogic> = {}) {
  const all: Record<string, AnyActorLogic> = Object.fromEntries(
    ['startSigning', 'pollStatus', 'loadStatus', 'authenticate', 'sign', 'redirect', 'checkEnabled', 'startPayment'].map((name) => [name, pending()]),
  );
  const toParent: string[] = [];
  const machine = contractSigningMachine.provide({
    actors: { loadContractDetails: fromPromise(async () => details), loadSigningActors: fromPromise(async () => ({ ...all, ...actors })) },
    actions: { backToChoice: () => void toParent.push('history.back'), reloadApplication: () => void toParent.push('application.reloaded'), sendStep: () => undefined },
  });
  const actor = createActor(machine, { input: { externalId: 'app-7', locale: 'lv' } }).start();
  await settle();
  const children = () => actor.getSnapshot().children as Record<string, ChildSnapshot | undefined>;
  return { actor, children, toParent, state: () => actor.getSnapshot().value };
}

describe('payment signing: the probe, then the payment machine', () => {
  it('asks the status of this application’s signing, and a payment started already comes back as returned', async () => {
    const probe = controllable<unknown, { externalId: string }>();
    const run = await start(contract('PAYMENT'), { pollStatus: probe.logic });
    expect(run.state()).toBe('probingPayment');
    expect(probe.last().input).toEqual({ externalId: 'app-7' });
    probe.last().resolve({ method: 'PAYMENT', status: 'RUNNING', verificationCode: null });
    await settle();
    expect(run.state()).toBe('signing');
    expect(run.children().payment?.getSnapshot().context).toMatchObject({ externalId: 'app-7', flagEnabled: true, sourceChannel: 'WEB', returned: true });
  });

  it('another method’s signing under way is no payment started', async () => {
    const probe = controllable<unknown, { externalId: string }>();
    const run = await start(contract('PAYMENT'), { pollStatus: probe.logic });
    probe.last().resolve({ method: 'SMART_ID', status: 'RUNNING', verificationCode: '1234' });
    await settle();
    expect(run.children().payment?.getSnapshot().context).toMatchObject({ returned: false });
  });

  it('no signing known yet (the probe fails): a new payment', async () => {
    const probe = controllable<unknown, { externalId: string }>();
    const run = await start(contract('PAYMENT'), { pollStatus: probe.logic });
    probe.last().reject(appError('not-found'));
    await settle();
    expect(run.state()).toBe('signing');
    expect(run.children().payment?.getSnapshot().context).toMatchObject({ externalId: 'app-7', flagEnabled: true, sourceChannel: 'WEB', returned: false });
  });

  it('an application of no known channel is not offered payment signing (not the bank’s own source)', async () => {
    const probe = controllable<unknown, { externalId: string }>();
    const run = await start(contract('PAYMENT', { sourceChannel: undefined }), { pollStatus: probe.logic });
    probe.last().reject(appError('not-found'));
    await settle();
    expect(run.state()).toBe('disabled');
  });

  it('where the bank does not list payment among the ways to sign, payment signing is not offered', async () => {
    const probe = controllable<unknown, { externalId: string }>();
    const run = await start(contract('PAYMENT', { signingChoices: ['SMART_ID'] }), { pollStatus: probe.logic });
    probe.last().reject(appError('not-found'));
    await settle();
    expect(run.state()).toBe('disabled');
  });

  it('without a status actor there is nothing to probe: the machine waits, starting nothing', async () => {
    const run = await start(contract('PAYMENT'), { pollStatus: undefined as never });
    expect(run.state()).toBe('probingPayment');
    expect(Object.keys(run.children())).toEqual([]);
  });
});

describe('leaving the cross-sell modal for self service', () => {
  async function leaving(output: unknown) {
    const redirect = controllable<unknown, { url: string }>();
    const run = await start(contract('SMART_ID', TWO), { redirect: redirect.logic });
    expect(run.state()).toBe('crossSell');
    run.actor.send({ type: 'xstate.done.actor.crossSell', output } as never);
    await settle();
    return { run, redirect };
  }

  it('goes to the address the modal gives, through the app’s redirect', async () => {
    const { run, redirect } = await leaving({ result: 'left', leaveTo: 'https://self-service.example/' });
    expect(run.state()).toBe('left');
    expect(redirect.calls.map((call) => call.input)).toEqual([{ url: 'https://self-service.example/' }]);
  });

  it.each([
    ['an empty address', { result: 'left', leaveTo: '' }],
    ['no address', { result: 'left', leaveTo: null }],
    ['no output at all', undefined],
  ])('goes nowhere with %s (the screen says where to go instead)', async (_, output) => {
    const { run, redirect } = await leaving(output);
    expect(run.state()).toBe('left');
    expect(redirect.calls).toEqual([]);
  });

  it('a modal done in another way never leaves: all signed, another method, refused', async () => {
    for (const [result, state] of [
      ['allSigned', 'signed'],
      ['otherMethod', 'otherMethod'],
      ['refused', 'ended'],
    ] as const) {
      const { run, redirect } = await leaving({ result, leaveTo: 'https://self-service.example/' });
      expect(run.state(), result).toBe(state);
      expect(redirect.calls, result).toEqual([]);
    }
  });
});

describe('how a signing machine’s end is read', () => {
  async function ended(method: SigningChoice, childId: string, output: unknown) {
    const run = await start(contract(method));
    run.actor.send({ type: `xstate.done.actor.${childId}`, output } as never);
    await settle();
    return run.state();
  }

  it('Smart-ID: signed, the bank ended it, or anything else goes back to the choice', async () => {
    expect(await ended('SMART_ID', 'smartId', { outcome: 'signed' })).toBe('signed');
    expect(await ended('SMART_ID', 'smartId', { outcome: 'ended' })).toBe('ended');
    expect(await ended('SMART_ID', 'smartId', undefined)).toBe('otherMethod');
    expect(await ended('SMART_ID', 'smartId', { outcome: 'signed', ended: 'yes' })).toBe('signed');
  });

  it('eParaksts: signed only with a signed file; ended wins over signed files', async () => {
    expect(await ended('EPARAKSTS', 'esign', { signedFileServiceIds: ['contract-1'] })).toBe('signed');
    expect(await ended('EPARAKSTS', 'esign', { signedFileServiceIds: [] })).toBe('disabled');
    expect(await ended('EPARAKSTS', 'esign', { signedFileServiceIds: 'contract-1' })).toBe('disabled');
    expect(await ended('EPARAKSTS', 'esign', { signedFileServiceIds: ['contract-1'], ended: true })).toBe('ended');
  });

  it('Mobile-ID: its own child, read as Smart-ID’s', async () => {
    expect(await ended('MOBILE_SIGNATURE', 'mobileId', { outcome: 'signed' })).toBe('signed');
    expect(await ended('MOBILE_SIGNATURE', 'mobileId', { outcome: 'otherMethod' })).toBe('otherMethod');
  });
});

describe('the contract-signing machine without the app’s actors', () => {
  it('fails to read the contract, saying the app provides the actor, and asks for an empty id when it has none', async () => {
    const quiet = { actions: { backToChoice: () => undefined, reloadApplication: () => undefined } };
    const actor = createActor(contractSigningMachine.provide(quiet), { input: { externalId: 'app-7', locale: 'en' } }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.message).toBe('The loadContractDetails actor is provided by the app');
    const load = controllable<ContractDetails, { externalId: string }>();
    const withoutId = createActor(contractSigningMachine.provide({ ...quiet, actors: { loadContractDetails: load.logic } }), { input: { locale: 'en' } as never }).start();
    expect(load.last().input).toEqual({ externalId: '' });
    load.last().resolve(contract('SMART_ID'));
    await settle();
    expect(withoutId.getSnapshot().value).toBe('loadFailed');
    expect(withoutId.getSnapshot().context.error?.message).toBe('The loadSigningActors actor is provided by the app');
  });
});
