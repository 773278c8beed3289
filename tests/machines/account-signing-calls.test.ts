/**
 * signCurrentAccountContract's own machine (decisions 144, 145, 253): what it asks the app for and
 * with what. It reads this application's account contract; each chosen way runs its signing machine
 * with the app's signing I/O and the contract's file (Smart-ID and Mobile-ID each for its own
 * provider, eParaksts with the language and the chosen eParaksts method); a way the contract does not
 * offer is not taken, a way signed elsewhere starts no signing machine, a contract with digital
 * signing disabled shows the method disabled; a signing call the app does not provide fails in the
 * signing machine as a call error; without the app's signing I/O the step shows a load failure.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { accountSigningMachine } from '../../src/steps/signCurrentAccountContract/account-signing.machine';
import type { AccountContractDetails } from '../../core/wire/account-contract.schema';
import type { EsignStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import type { StepLogicInput } from '../../machines/application/application.actors';
import { SAMPLE_ACCOUNT_CONTRACT } from '../support/account-contract-sample';
import { controllable, settle } from './actor.fakes';

const ESTONIA = SAMPLE_ACCOUNT_CONTRACT;
const LATVIA: AccountContractDetails = { ...SAMPLE_ACCOUNT_CONTRACT, signingChoices: ['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID'] };

interface CallInput {
  externalId: string;
  [key: string]: unknown;
}

/** The app's signing I/O as fakes; `omit` leaves names out of what the app provides. */
function start(options: { input?: Pick<StepLogicInput, 'externalId' | 'locale'>; omit?: string[]; provideIo?: boolean } = {}) {
  const loadDetails = controllable<AccountContractDetails, { externalId: string }>();
  const startSigning = controllable<StartSigningResponse, CallInput>();
  const pollStatus = controllable<unknown, CallInput>();
  const loadStatus = controllable<EsignStatusResponse, CallInput>();
  const authenticate = controllable<{ redirectUrl: string }, CallInput>();
  const sign = controllable<{ redirectUrl: string }, CallInput>();
  const redirect = controllable<void, { url: string }>();
  const all: Record<string, AnyActorLogic> = {
    loadAccountContractDetails: loadDetails.logic,
    startSigning: startSigning.logic,
    pollStatus: pollStatus.logic,
    loadStatus: loadStatus.logic,
    authenticate: authenticate.logic,
    sign: sign.logic,
    redirect: redirect.logic,
  };
  const io = Object.fromEntries(Object.entries(all).filter(([name]) => !(options.omit ?? []).includes(name)));
  const loadSigningActors = controllable<Readonly<Record<string, AnyActorLogic>>, unknown>();
  const sends: string[] = [];
  const sendStep = () => void sends.push('step.signed');
  const machine = options.provideIo === false
    ? accountSigningMachine.provide({ actions: { sendStep } })
    : accountSigningMachine.provide({ actors: { loadSigningActors: loadSigningActors.logic }, actions: { sendStep } });
  const actor = createActor(machine, { input: options.input ?? { externalId: 'app-1', locale: 'en' } });
  actor.start();
  return { actor, sends, io, loadSigningActors, loadDetails, startSigning, pollStatus, loadStatus, authenticate, sign, redirect };
}

type Run = ReturnType<typeof start>;

/** The signing I/O loaded and the account contract read. */
async function loaded(run: Run, details: AccountContractDetails): Promise<void> {
  run.loadSigningActors.last().resolve(run.io);
  await settle();
  run.loadDetails.last().resolve(details);
  await settle();
}

function child(run: Run, id: string): AnyActorRef {
  const ref = run.actor.getSnapshot().children[id] as AnyActorRef | undefined;
  if (!ref) throw new Error(`Expected the ${id} signing machine to run`);
  return ref;
}

describe('current account signing: reading the contract', () => {
  it('reads the account contract of this application, once the signing I/O is there', async () => {
    const run = start();
    expect(run.loadDetails.calls).toHaveLength(0);
    run.loadSigningActors.last().resolve(run.io);
    await settle();
    expect(run.loadDetails.calls.map((call) => call.input)).toEqual([{ externalId: 'app-1' }]);
  });

  it('a contract already signed: the step is sent at once, no way to sign is offered', async () => {
    const run = start();
    await loaded(run, { ...ESTONIA, signed: true });
    expect(run.actor.getSnapshot().value).toBe('signed');
    expect(run.sends).toEqual(['step.signed']);
  });

  it('an unsigned contract offers its ways and sends nothing yet', async () => {
    const run = start();
    await loaded(run, ESTONIA);
    expect(run.actor.getSnapshot().value).toBe('choosing');
    expect(run.sends).toEqual([]);
  });

  it('with no application yet (no id), it asks with an empty id (the server refuses it)', async () => {
    const run = start({ input: { externalId: null, locale: 'en' } });
    run.loadSigningActors.last().resolve(run.io);
    await settle();
    expect(run.loadDetails.calls.map((call) => call.input)).toEqual([{ externalId: '' }]);
  });

  it('without the app’s signing I/O, the load fails and says why', async () => {
    const run = start({ provideIo: false });
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('loadFailed');
    expect(snapshot.context.error).toEqual({ kind: 'server', message: 'The loadSigningActors actor is provided by the app' });
  });

  it('signing I/O without the contract reader: it waits to read and does not crash', async () => {
    const run = start({ omit: ['loadAccountContractDetails'] });
    run.loadSigningActors.last().resolve(run.io);
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.value).toBe('loading');
    expect(Object.keys(snapshot.children)).toEqual([]);
  });
});

describe('current account signing: the chosen way runs its signing machine', () => {
  it('Smart-ID signs the contract’s file with the app’s Smart-ID calls', async () => {
    const run = start();
    await loaded(run, ESTONIA);
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'SMART_ID' });
    await settle();
    child(run, 'smartId').send({ type: 'smartId.started' });
    await settle();
    expect(run.startSigning.calls.map((call) => call.input)).toEqual([{ externalId: 'app-1', method: 'SMART_ID', fileServiceId: ESTONIA.fileServiceId }]);
  });

  it('Mobile-ID signs the contract’s file as Mobile-ID', async () => {
    const run = start();
    await loaded(run, ESTONIA);
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'MOBILE_SIGNATURE' });
    await settle();
    child(run, 'mobileId').send({ type: 'smartId.started' });
    await settle();
    expect(run.startSigning.calls.map((call) => call.input)).toEqual([{ externalId: 'app-1', method: 'MOBILE_SIGNATURE', fileServiceId: ESTONIA.fileServiceId }]);
  });

  it('eParaksts reads its status, then authenticates for the contract’s file in the applicant’s language', async () => {
    const run = start({ input: { externalId: 'app-1', locale: 'lv' } });
    await loaded(run, LATVIA);
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'EPARAKSTS_EID' });
    await settle();
    expect(run.startSigning.calls).toHaveLength(0);
    expect(run.loadStatus.calls.map((call) => call.input)).toEqual([{ externalId: 'app-1' }]);
    run.loadStatus.last().resolve({ status: 'NOT_STARTED', errorCode: null, signedFileServiceIds: [] });
    await settle();
    expect(run.authenticate.calls.map((call) => call.input)).toEqual([
      { externalId: 'app-1', languageCode: 'lv', signingMethod: 'EPARAKSTS_EID', fileServiceId: LATVIA.fileServiceId },
    ]);
  });

  it('back from the eParaksts page, its loop goes on at once with the method under way, no new choice', async () => {
    const run = start();
    await loaded(run, { ...LATVIA, esignInProgress: 'EPARAKSTS_EID' });
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('signing');
    expect(snapshot.context.method).toBe('EPARAKSTS_EID');
    expect(run.loadStatus.calls.map((call) => call.input)).toEqual([{ externalId: 'app-1' }]);
    run.loadStatus.last().resolve({ status: 'NOT_STARTED', errorCode: null, signedFileServiceIds: [] });
    await settle();
    expect(run.authenticate.last().input).toMatchObject({ signingMethod: 'EPARAKSTS_EID', fileServiceId: LATVIA.fileServiceId });
  });

  it('a way the contract does not offer is not taken', async () => {
    const run = start();
    await loaded(run, ESTONIA);
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'EPARAKSTS' });
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('choosing');
    expect(snapshot.context.method).toBeNull();
    expect(run.loadStatus.calls).toHaveLength(0);
  });

  it('a way signed elsewhere (by post) starts no signing machine', async () => {
    const run = start();
    await loaded(run, { ...ESTONIA, signingChoices: ['SMART_ID', 'POST'] });
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'POST' });
    await settle();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.value).toBe('signing');
    expect(snapshot.context.kind).toBe('none');
    for (const id of ['smartId', 'mobileId', 'esign']) expect(snapshot.children[id], id).toBeUndefined();
    expect(run.loadStatus.calls).toHaveLength(0);
    expect(run.startSigning.calls).toHaveLength(0);
  });

  it('digital signing disabled for the contract: the method shows disabled and starts nothing', async () => {
    const run = start();
    await loaded(run, { ...ESTONIA, digitalSigningDisabledReason: 'RESTRICTED_HOURS' });
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'SMART_ID' });
    await settle();
    const smartId = child(run, 'smartId');
    expect(smartId.getSnapshot().value).toBe('disabled');
    expect(smartId.getSnapshot().context.disabledReason).toBe('RESTRICTED_HOURS');
    smartId.send({ type: 'smartId.started' });
    await settle();
    expect(run.startSigning.calls).toHaveLength(0);
  });

  it('a signing call the app does not provide fails in the signing machine as a call error', async () => {
    const run = start({ omit: ['authenticate'] });
    await loaded(run, LATVIA);
    run.actor.send({ type: 'accountSigning.methodChosen', method: 'EPARAKSTS' });
    await settle();
    run.loadStatus.last().resolve({ status: 'NOT_STARTED', errorCode: null, signedFileServiceIds: [] });
    await settle();
    const esign = child(run, 'esign').getSnapshot();
    expect(esign.status).toBe('active');
    expect(esign.value).toBe('failed');
    expect(esign.context.callError).toEqual({ kind: 'server', message: 'The authenticate actor is provided by the app' });
    expect(run.actor.getSnapshot().value).toBe('signing');
  });
});
