/**
 * ViewContractConditions' own machine (issue 12; decisions 142, 143): paths generated from the machine
 * (xstate/graph) and replayed against it, asserting per step what the view model shows: the contract
 * loaded or not, which signing machine runs (Smart-ID, Mobile-ID, eParaksts, payment), or that the
 * chosen way is signed elsewhere, disabled, signed, or left for another method, or (decision 175) that
 * the bank ended the signing and the application machine is told to load what follows.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { contractSigningMachine, signingFlowOf, type ContractSigningEvent, type ContractSigningSnapshot } from '../../machines/signing/contract-signing.machine';
import { contractSigningView } from '../../machines/signing/contract-signing.view';
import type { ContractDetails } from '../../core/wire/contract.schema';
import type { SigningChoice } from '../../core/domain/contracts';
import { SAMPLE_CONTRACT } from '../support/render-step';
import { appError, controllable, settle } from './actor.fakes';

type Outcome = { type: string; output?: unknown; error?: unknown };
const LOAD_DONE = 'xstate.done.actor.0.contractSigning.loading';
const LOAD_ERROR = 'xstate.error.actor.0.contractSigning.loading';
const ACTORS_DONE = 'xstate.done.actor.0.contractSigning.loadingActors';
const ACTORS_ERROR = 'xstate.error.actor.0.contractSigning.loadingActors';

const INPUT = { externalId: 'app-1', locale: 'en' as const };
const details = (signingMethod: SigningChoice, overrides: Partial<ContractDetails> = {}): ContractDetails => ({
  ...SAMPLE_CONTRACT,
  signingMethod,
  signingChoices: ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'PAYMENT', 'POST'],
  sourceChannel: 'WEB',
  ...overrides,
});

/** Two contracts (decision 162): the loan's and the cross-sold card's. */
const TWO_CONTRACTS: Partial<ContractDetails> = {
  contractsInfo: [
    { productName: 'SMALL_LOAN', amount: 5000, cardIssuingFee: null, fileServiceId: 'contract-1', signed: false },
    { productName: 'CREDIT_CARD_VISA_CLASSIC', amount: 1500, cardIssuingFee: 0, fileServiceId: 'contract-2', signed: false },
  ],
};
const SELF_SERVICE = 'https://self-service.example/';

/** The contracts that lead somewhere different: each method, a way signed elsewhere, one already signed, cross-sell. */
const CONTRACTS: ContractDetails[] = [
  details('SMART_ID', TWO_CONTRACTS),
  details('EPARAKSTS', TWO_CONTRACTS),
  details('PAYMENT', TWO_CONTRACTS),
  details('SMART_ID'),
  details('MOBILE_SIGNATURE'),
  details('EPARAKSTS'),
  details('PAYMENT'),
  details('POST'),
  details('SMART_ID', { signed: true }),
];

function eventsIn(snapshot: ContractSigningSnapshot): Outcome[] {
  const kind = snapshot.context.kind;
  if (snapshot.matches('loading')) return [...CONTRACTS.map((output) => ({ type: LOAD_DONE, output })), { type: LOAD_ERROR, error: appError('network') }];
  if (snapshot.matches('loadFailed')) return [{ type: 'contractSigning.retried' }];
  if (snapshot.matches('loadingActors')) return [{ type: ACTORS_DONE, output: {} }, { type: ACTORS_ERROR, error: appError('network') }];
  if (snapshot.matches('probingPayment')) {
    return [
      { type: 'xstate.done.actor.paymentProbe', output: { method: 'PAYMENT', status: 'RUNNING', verificationCode: null } },
      { type: 'xstate.error.actor.paymentProbe', error: appError('server', { status: 404 }) },
    ];
  }
  if (snapshot.matches('signing')) {
    const signedOutput = kind === 'esign' ? { signedFileServiceIds: ['contract-1'] } : kind === 'payment' ? { signed: true } : { outcome: 'signed' };
    const unsignedOutput = kind === 'esign' ? { signedFileServiceIds: [] } : kind === 'payment' ? { signed: false } : { outcome: 'otherMethod' };
    // Decision 175: the bank ended the signing (the provider refused for good).
    const endedOutput = kind === 'esign' ? { signedFileServiceIds: [], ended: true } : kind === 'payment' ? { signed: false, ended: true } : { outcome: 'ended' };
    return [
      { type: 'contractSigning.otherMethodChosen' },
      { type: `xstate.done.actor.${kind}`, output: signedOutput },
      { type: `xstate.done.actor.${kind}`, output: unsignedOutput },
      { type: `xstate.done.actor.${kind}`, output: endedOutput },
    ];
  }
  if (snapshot.matches('disabled')) return [{ type: 'contractSigning.otherMethodChosen' }];
  if (snapshot.matches('crossSell')) {
    return [
      { type: 'contractSigning.otherMethodChosen' },
      { type: 'xstate.done.actor.crossSell', output: { result: 'allSigned', leaveTo: null } },
      { type: 'xstate.done.actor.crossSell', output: { result: 'otherMethod', leaveTo: null } },
      { type: 'xstate.done.actor.crossSell', output: { result: 'left', leaveTo: SELF_SERVICE } },
      { type: 'xstate.done.actor.crossSell', output: { result: 'refused', leaveTo: null } },
    ];
  }
  return [];
}

/** What the view model must show in each state of the step's machine. */
const VIEW_STATUS: Record<string, string> = {
  loading: 'loading',
  deciding: 'loading',
  loadingActors: 'loading',
  probingPayment: 'loading',
  loadFailed: 'loadFailed',
  elsewhere: 'elsewhere',
  signing: 'signing',
  disabled: 'disabled',
  signed: 'signed',
  otherMethod: 'otherMethod',
  crossSell: 'crossSell',
  left: 'left',
  ended: 'ended',
};

function start() {
  const fakes = { loadContractDetails: controllable<ContractDetails, { externalId: string }>(), loadSigningActors: controllable<Readonly<Record<string, AnyActorLogic>>, unknown>() };
  const backs: number[] = [];
  const reloads: number[] = [];
  const sends: number[] = [];
  const machine = contractSigningMachine.provide({
    actors: { loadContractDetails: fakes.loadContractDetails.logic, loadSigningActors: fakes.loadSigningActors.logic },
    actions: { backToChoice: () => void backs.push(1), reloadApplication: () => void reloads.push(1), sendStep: () => void sends.push(1) },
  });
  const actor = createActor(machine, { input: INPUT });
  actor.start();
  return { actor, backs, reloads, sends, ...fakes };
}

/** The signing I/O, every call still under way: the children wait, and their ends come from the path. */
const pending = fromPromise<never>(() => new Promise<never>(() => undefined));
const PENDING_IO: Record<string, AnyActorLogic> = Object.fromEntries(
  ['startSigning', 'pollStatus', 'loadStatus', 'authenticate', 'sign', 'redirect', 'checkEnabled', 'startPayment'].map((name) => [name, pending]),
);

/** The model: the machine without a parent (the process) to send `history.back` or `step.signed` to. */
const MODEL = contractSigningMachine.provide({ actions: { backToChoice: () => undefined, reloadApplication: () => undefined, sendStep: () => undefined } });

describe('contract signing step: which way is signed here', () => {
  it.each([
    ['SMART_ID', 'smartId'],
    ['MOBILE_SIGNATURE', 'mobileId'],
    ['EPARAKSTS', 'esign'],
    ['EPARAKSTS_EID', 'esign'],
    ['PAYMENT', 'payment'],
    ['POST', 'none'],
    ['PARTNER_STORE', 'none'],
  ] as const)('%s runs %s', (method, kind) => {
    expect(signingFlowOf(method)).toBe(kind);
  });
});

describe('contract signing step: model-based paths', () => {
  const paths = getShortestPaths(MODEL, {
    input: INPUT,
    events: (snapshot) => eventsIn(snapshot as ContractSigningSnapshot) as unknown as ContractSigningEvent[],
    serializeState: (snapshot) => {
      const { context } = snapshot as ContractSigningSnapshot;
      return JSON.stringify({
        value: snapshot.value,
        kind: context.kind,
        signed: context.details?.signed ?? null,
        contracts: context.details?.contractsInfo.length ?? 0,
        error: context.error !== null,
        paid: context.paymentStarted,
      });
    },
  });

  it('reaches every state, with every signing machine running', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loadFailed', 'elsewhere', 'signing', 'disabled', 'signed', 'otherMethod', 'crossSell', 'left', 'ended']) expect(values).toContain(JSON.stringify(state));
    const running = new Set(paths.filter((path) => path.state.matches('signing')).map((path) => path.state.context.kind));
    expect([...running].sort()).toEqual(['esign', 'mobileId', 'payment', 'smartId']);
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      const output = event.output as { signingMethod?: string; signed?: boolean } | undefined;
      const many = (event.output as ContractDetails | undefined)?.contractsInfo?.length ?? 0;
      const result = (event.output as { result?: string } | undefined)?.result;
      const detail = event.type === LOAD_DONE ? `(${output?.signingMethod}${output?.signed ? ', signed' : ''}${many > 1 ? ', cross-sell' : ''})` : result ? `(${result})` : '';
      return `${event.type.replace('.actor.0.contractSigning', '')}${detail}`;
    });
    it(names.join(' > ') || '(start)', async () => {
      const run = start();
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        if (event.type === LOAD_DONE || event.type === LOAD_ERROR) {
          const open = run.loadContractDetails.open();
          expect(open, 'one contract read under way').toHaveLength(1);
          if (event.type === LOAD_DONE) open[0]!.resolve(event.output as ContractDetails);
          else open[0]!.reject(event.error);
        } else if (event.type === ACTORS_DONE || event.type === ACTORS_ERROR) {
          const open = run.loadSigningActors.open();
          expect(open, 'one load of the signing I/O under way').toHaveLength(1);
          if (event.type === ACTORS_DONE) open[0]!.resolve(PENDING_IO);
          else open[0]!.reject(event.error);
        } else {
          // User events, and the children's ends (the child machines have their own model-based tests).
          run.actor.send(event as never);
        }
        await settle();
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        const view = contractSigningView(snapshot);
        expect(view.status).toBe(VIEW_STATUS[String(snapshot.value)]);
        expect(view.kind).toBe(step.state.context.kind);
        // The contract's details show once read, and the error only after a failed load.
        expect(view.details).toEqual(step.state.context.details);
        if (snapshot.matches('loadFailed')) expect(view.error).not.toBeNull();
        if (snapshot.matches('signing') || snapshot.matches('signed')) expect(view.error).toBeNull();
        // While a method runs, its signing machine is the child the screen subscribes to.
        if (snapshot.matches('signing')) expect(snapshot.children[view.kind]).toBeDefined();
        // Two contracts: the cross-sell modal runs instead (decision 162); leaving sends the browser to self service.
        expect(snapshot.children['crossSell'] !== undefined).toBe(snapshot.matches('crossSell'));
        expect(snapshot.children['leaving'] !== undefined).toBe(snapshot.matches('left'));
        // Signed only when the contract says so or the child ended signed; another method goes back in the process.
        expect(view.status === 'signed').toBe(snapshot.matches('signed'));
        expect(run.backs.length).toBe(snapshot.matches('otherMethod') ? 1 : 0);
        // Decision 175: the bank ended the signing: the application machine loads the page that follows, once.
        expect(run.reloads.length).toBe(snapshot.matches('ended') ? 1 : 0);
        // Decision 211: signed, the step is sent at once (no Continue screen), and only then, once.
        expect(run.sends.length).toBe(snapshot.matches('signed') ? 1 : 0);
      }
    });
  }
});
