/**
 * signCurrentAccountContract's own machine (issue 12; decisions 144, 145): paths generated from the
 * machine (xstate/graph) and replayed against it with the app's I/O faked, asserting per step what the
 * view model shows: the contract loaded or not, the account's ways to sign (a way not offered is not
 * taken), which signing machine runs, eParaksts resumed after the provider's page, back to the choice
 * when a method cannot sign, and signed.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { accountSigningMachine, type AccountSigningEvent, type AccountSigningSnapshot } from '../../src/steps/signCurrentAccountContract/account-signing.machine';
import { accountSigningView } from '../../src/steps/signCurrentAccountContract/account-signing.view';
import type { AccountContractDetails } from '../../core/wire/account-contract.schema';
import { SAMPLE_ACCOUNT_CONTRACT } from '../support/account-contract-sample';
import { appError, controllable, settle } from './actor.fakes';

type Outcome = { type: string; output?: unknown; error?: unknown; method?: string };
const ACTORS_DONE = 'xstate.done.actor.0.accountSigning.loadingActors';
const ACTORS_ERROR = 'xstate.error.actor.0.accountSigning.loadingActors';
const DETAILS_DONE = 'xstate.done.actor.accountContract';
const DETAILS_ERROR = 'xstate.error.actor.accountContract';

const INPUT = { externalId: 'app-1', locale: 'en' as const };
const ESTONIA = SAMPLE_ACCOUNT_CONTRACT;
const LATVIA: AccountContractDetails = { ...SAMPLE_ACCOUNT_CONTRACT, signingChoices: ['SMART_ID', 'EPARAKSTS', 'EPARAKSTS_EID'] };
const CONTRACTS: AccountContractDetails[] = [ESTONIA, LATVIA, { ...LATVIA, esignInProgress: 'EPARAKSTS_EID' }, { ...ESTONIA, signed: true }];
/** Every way a person might ask for, offered or not (payment never is, decision 145). */
const ASKED = ['SMART_ID', 'MOBILE_SIGNATURE', 'EPARAKSTS', 'PAYMENT'] as const;

function eventsIn(snapshot: AccountSigningSnapshot): Outcome[] {
  const kind = snapshot.context.kind;
  if (snapshot.matches('loadingActors')) return [{ type: ACTORS_DONE, output: {} }, { type: ACTORS_ERROR, error: appError('network') }];
  if (snapshot.matches('loading')) return [...CONTRACTS.map((output) => ({ type: DETAILS_DONE, output })), { type: DETAILS_ERROR, error: appError('network') }];
  if (snapshot.matches('loadFailed')) return [{ type: 'accountSigning.retried' }];
  if (snapshot.matches('choosing')) return ASKED.map((method) => ({ type: 'accountSigning.methodChosen', method }));
  if (snapshot.matches('signing')) {
    const signedOutput = kind === 'esign' ? { signedFileServiceIds: [ESTONIA.fileServiceId] } : { outcome: 'signed' };
    const unsignedOutput = kind === 'esign' ? { signedFileServiceIds: [] } : { outcome: 'otherMethod' };
    return [{ type: 'accountSigning.otherMethodChosen' }, { type: `xstate.done.actor.${kind}`, output: signedOutput }, { type: `xstate.done.actor.${kind}`, output: unsignedOutput }];
  }
  return [];
}

const VIEW_STATUS: Record<string, string> = { loadingActors: 'loading', loading: 'loading', deciding: 'loading', loadFailed: 'loadFailed', choosing: 'choosing', signing: 'signing', signed: 'signed' };

const pending = fromPromise<never>(() => new Promise<never>(() => undefined));

function start() {
  const loadSigningActors = controllable<Readonly<Record<string, AnyActorLogic>>, unknown>();
  const loadDetails = controllable<AccountContractDetails, { externalId: string }>();
  const io: Record<string, AnyActorLogic> = {
    ...Object.fromEntries(['startSigning', 'pollStatus', 'loadStatus', 'authenticate', 'sign', 'redirect'].map((name) => [name, pending])),
    loadAccountContractDetails: loadDetails.logic,
  };
  const sends: number[] = [];
  const actor = createActor(accountSigningMachine.provide({ actors: { loadSigningActors: loadSigningActors.logic }, actions: { sendStep: () => void sends.push(1) } }), { input: INPUT });
  actor.start();
  return { actor, loadSigningActors, loadDetails, io, sends };
}

describe('current account signing: model-based paths', () => {
  const paths = getShortestPaths(accountSigningMachine.provide({ actions: { sendStep: () => undefined } }), {
    input: INPUT,
    events: (snapshot) => eventsIn(snapshot as AccountSigningSnapshot) as unknown as AccountSigningEvent[],
    serializeState: (snapshot) => {
      const { context } = snapshot as AccountSigningSnapshot;
      return JSON.stringify({
        value: snapshot.value,
        kind: context.kind,
        method: context.method,
        choices: context.details?.signingChoices ?? null,
        signed: context.details?.signed ?? null,
        resumes: context.details?.esignInProgress ?? null,
        notice: context.notice,
        actors: context.signingActors !== null,
      });
    },
  });

  it('reaches every state, runs each of the account’s methods, and never a payment', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loadFailed', 'choosing', 'signing', 'signed']) expect(values).toContain(JSON.stringify(state));
    const methods = new Set(paths.filter((path) => path.state.matches('signing')).map((path) => path.state.context.method));
    expect([...methods].sort()).toEqual(['EPARAKSTS', 'EPARAKSTS_EID', 'MOBILE_SIGNATURE', 'SMART_ID']);
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      const output = event.output as AccountContractDetails | undefined;
      const detail = event.type === DETAILS_DONE ? `(${output?.signingChoices.join('/')}${output?.signed ? ', signed' : ''}${output?.esignInProgress ? `, back from ${output.esignInProgress}` : ''})` : event.method ? `(${event.method})` : '';
      return `${event.type.replace('.actor.0.accountSigning', '')}${detail}`;
    });
    it(names.join(' > ') || '(start)', async () => {
      const run = start();
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        if (event.type === ACTORS_DONE || event.type === ACTORS_ERROR) {
          const open = run.loadSigningActors.open();
          expect(open, 'one load of the signing I/O under way').toHaveLength(1);
          if (event.type === ACTORS_DONE) open[0]!.resolve(run.io);
          else open[0]!.reject(event.error);
        } else if (event.type === DETAILS_DONE || event.type === DETAILS_ERROR) {
          const open = run.loadDetails.open();
          expect(open, 'one read of the account contract under way').toHaveLength(1);
          if (event.type === DETAILS_DONE) open[0]!.resolve(event.output as AccountContractDetails);
          else open[0]!.reject(event.error);
        } else {
          run.actor.send(event as never);
        }
        await settle();
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        const view = accountSigningView(snapshot);
        expect(view.status).toBe(VIEW_STATUS[String(snapshot.value)]);
        expect(view.kind).toBe(step.state.context.kind);
        expect(view.details).toEqual(step.state.context.details);
        expect(view.notice).toBe(step.state.context.notice);
        // The method's signing machine runs only while signing, under the id the shared screens read.
        for (const id of ['smartId', 'mobileId', 'esign']) expect(snapshot.children[id] !== undefined, id).toBe(snapshot.matches('signing') && view.kind === id);
        // Only the account's ways are ever taken.
        if (snapshot.matches('signing')) expect(view.choices).toContain(snapshot.context.method);
        // Decision 211: signed, the step is sent at once (no Continue screen), and only then, once.
        expect(run.sends.length).toBe(snapshot.matches('signed') ? 1 : 0);
      }
    });
  }
});
