/**
 * The e-signature (eParaksts) status loop of section 4 (issue 12; decision 139): unit tests with fake
 * actors, then every path generated from the machine (xstate/graph) replayed against it.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { esignMachine, type EsignCallInput, type EsignEvent, type EsignInput, type EsignSnapshot } from '../../machines/signing/eparaksts.machine';
import { esignView } from '../../machines/signing/eparaksts.view';
import type { EsignStatusResponse } from '../../core/wire/signing.schema';
import { ESIGN_CERTIFICATE_INACTIVE, SIGNING_DISABLED_REASONS, SIGNING_MESSAGES } from '../../core/domain/signing';
import { appError, controllable, settle } from './actor.fakes';

const ONE: EsignInput = { externalId: 'app-1', languageCode: 'lav', signingMethod: 'EPARAKSTS', fileServiceIds: ['contract-1'] };
const CROSS_SELL: EsignInput = { ...ONE, fileServiceIds: ['contract-1', 'contract-2'] };

const status = (value: string, extra: Partial<EsignStatusResponse> = {}): EsignStatusResponse => ({ status: value, errorCode: null, signedFileServiceIds: [], ...extra });

function start(input: EsignInput = ONE) {
  const fakes = {
    loadStatus: controllable<EsignStatusResponse, { externalId: string }>(),
    authenticate: controllable<{ redirectUrl: string }, EsignCallInput>(),
    sign: controllable<{ redirectUrl: string }, EsignCallInput>(),
    redirect: controllable<void, { url: string }>(),
  };
  const actor = createActor(
    esignMachine.provide({ actors: { loadStatus: fakes.loadStatus.logic, authenticate: fakes.authenticate.logic, sign: fakes.sign.logic, redirect: fakes.redirect.logic } }),
    { input },
  );
  actor.start();
  return { actor, ...fakes, view: () => esignView(actor.getSnapshot()) };
}

async function withStatus(answer: EsignStatusResponse, input: EsignInput = ONE) {
  const run = start(input);
  expect(run.loadStatus.last().input).toEqual({ externalId: 'app-1' });
  run.loadStatus.last().resolve(answer);
  await settle();
  return run;
}

describe('eParaksts status loop (section 4)', () => {
  it('NOT_STARTED starts authentication and sends the browser to the returned address', async () => {
    const run = await withStatus(status('NOT_STARTED'));
    expect(run.authenticate.last().input).toEqual({ externalId: 'app-1', languageCode: 'lav', signingMethod: 'EPARAKSTS', fileServiceId: 'contract-1' });
    expect(run.view().busy).toBe(true);
    run.authenticate.last().resolve({ redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=t1' });
    await settle();
    expect(run.redirect.last().input).toEqual({ url: 'http://localhost/sandbox/providers/eparaksts?transaction=t1' });
    expect(run.sign.calls).toHaveLength(0);
  });

  it('AUTHENTICATION_FAILED sets the authentication error and starts authentication when asked', async () => {
    const run = await withStatus(status('AUTHENTICATION_FAILED'));
    expect(run.view()).toMatchObject({ status: 'failed', authenticationError: true, signingError: false, message: SIGNING_MESSAGES.authenticationFailed, canRetry: true });
    expect(run.authenticate.calls).toHaveLength(0);
    run.actor.send({ type: 'esign.retried' });
    await settle();
    expect(run.authenticate.calls).toHaveLength(1);
  });

  it('AUTHENTICATION_SUCCESS starts signing of the contract', async () => {
    const run = await withStatus(status('AUTHENTICATION_SUCCESS'));
    expect(run.sign.last().input.fileServiceId).toBe('contract-1');
    run.sign.last().resolve({ redirectUrl: 'http://localhost/sandbox/providers/eparaksts?transaction=t2' });
    await settle();
    expect(run.redirect.last().input.url).toContain('transaction=t2');
  });

  it('a refused signing sets the signing error and keeps the server errorCode (inactive certificate)', async () => {
    const run = await withStatus(status('AUTHENTICATION_SUCCESS'));
    run.sign.last().reject(appError('server', { status: 422, code: ESIGN_CERTIFICATE_INACTIVE }));
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', authenticationError: false, signingError: true, errorCode: ESIGN_CERTIFICATE_INACTIVE, message: SIGNING_MESSAGES.certificateInactive });
    run.actor.send({ type: 'esign.retried' });
    await settle();
    expect(run.authenticate.calls).toHaveLength(1);
  });

  it('SIGNING_FAILED keeps the errorCode of the status and starts authentication again when asked', async () => {
    const run = await withStatus(status('SIGNING_FAILED', { errorCode: 'ESIGN_SIGNING_REFUSED' }));
    expect(run.view()).toMatchObject({ signingError: true, authenticationError: false, errorCode: 'ESIGN_SIGNING_REFUSED', message: SIGNING_MESSAGES.signingFailed });
    run.actor.send({ type: 'esign.retried' });
    await settle();
    expect(run.authenticate.last().input.fileServiceId).toBe('contract-1');
  });

  it('SIGNING_SUCCESS continues: the machine is done with the signed contracts', async () => {
    const run = await withStatus(status('SIGNING_SUCCESS', { signedFileServiceIds: ['contract-1'] }));
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().output).toEqual({ signedFileServiceIds: ['contract-1'] });
    expect(run.view()).toMatchObject({ status: 'signed', signedCount: 1, contractCount: 1 });
  });

  it('in cross-sell, SIGNING_SUCCESS starts signing of the next contract', async () => {
    const run = await withStatus(status('SIGNING_SUCCESS', { signedFileServiceIds: ['contract-1'] }), CROSS_SELL);
    expect(run.authenticate.calls).toHaveLength(0);
    expect(run.sign.last().input.fileServiceId).toBe('contract-2');
    expect(run.view()).toMatchObject({ signedCount: 1, contractCount: 2 });
  });

  it('any other status turns the authentication error off and the signing error on', async () => {
    const run = await withStatus(status('SOMETHING_NEW'));
    expect(run.view()).toMatchObject({ status: 'failed', authenticationError: false, signingError: true });
  });

  it('a status that says the bank ended the signing (decision 175) ends the loop as ended, with no call and no retry', async () => {
    const run = await withStatus(status('AUTHENTICATION_FAILED', { signingEnded: true }));
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().value).toBe('ended');
    expect(run.actor.getSnapshot().output).toEqual({ signedFileServiceIds: [], ended: true });
    expect(run.authenticate.calls).toHaveLength(0);
    expect(run.sign.calls).toHaveLength(0);
  });

  it('a disabled method asks nothing and says why only where section 8 has an e-signature message', () => {
    const messages = SIGNING_DISABLED_REASONS.map((reason) => {
      const run = start({ ...ONE, disabledReason: reason });
      expect(run.loadStatus.calls).toHaveLength(0);
      expect(run.view()).toMatchObject({ status: 'disabled', canRetry: false });
      return [reason, run.view().message];
    });
    expect(messages).toEqual([
      ['RESTRICTED_HOURS', SIGNING_MESSAGES.disabledRestrictedHours],
      ['OVER_LIMIT', SIGNING_MESSAGES.disabledOverLimit],
      ['PRODUCT_NOT_ENABLED', null],
      ['NAMES_DONT_MATCH', null],
      ['TECHNICAL_ISSUES', null],
    ]);
  });

  it('a status that cannot be read can be read again; a failed start call keeps the page recoverable', async () => {
    const run = start();
    run.loadStatus.last().reject(appError('network'));
    await settle();
    expect(run.view().status).toBe('statusFailed');
    run.actor.send({ type: 'esign.statusReloaded' });
    run.loadStatus.last().resolve(status('NOT_STARTED'));
    await settle();
    run.authenticate.last().reject(appError('timeout'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', authenticationError: true, callError: { kind: 'timeout' } });
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths
// ---------------------------------------------------------------------------------------------

type Outcome = { type: string; output?: unknown; error?: unknown };
const DONE = (state: string) => `xstate.done.actor.0.esign.${state}`;
const ERROR = (state: string) => `xstate.error.actor.0.esign.${state}`;

function eventsIn(snapshot: EsignSnapshot): Outcome[] {
  if (snapshot.matches('loadingStatus')) {
    return [
      { type: DONE('loadingStatus'), output: status('NOT_STARTED') },
      { type: DONE('loadingStatus'), output: status('AUTHENTICATION_FAILED') },
      { type: DONE('loadingStatus'), output: status('AUTHENTICATION_SUCCESS') },
      { type: DONE('loadingStatus'), output: status('SIGNING_FAILED', { errorCode: ESIGN_CERTIFICATE_INACTIVE }) },
      { type: DONE('loadingStatus'), output: status('SIGNING_SUCCESS', { signedFileServiceIds: ['contract-1'] }) },
      { type: DONE('loadingStatus'), output: status('SIGNING_SUCCESS', { signedFileServiceIds: ['contract-1', 'contract-2'] }) },
      { type: DONE('loadingStatus'), output: status('UNEXPECTED') },
      { type: ERROR('loadingStatus'), error: appError('network') },
    ];
  }
  if (snapshot.matches('statusFailed')) return [{ type: 'esign.statusReloaded' }];
  if (snapshot.matches('failed')) return [{ type: 'esign.retried' }];
  if (snapshot.matches('authenticating')) {
    return [{ type: DONE('authenticating'), output: { redirectUrl: 'http://localhost/p?t=a' } }, { type: ERROR('authenticating'), error: appError('server') }];
  }
  if (snapshot.matches('signing')) {
    return [
      { type: DONE('signing'), output: { redirectUrl: 'http://localhost/p?t=s' } },
      { type: ERROR('signing'), error: appError('server', { status: 422, code: ESIGN_CERTIFICATE_INACTIVE }) },
    ];
  }
  if (snapshot.matches('redirecting')) return [{ type: ERROR('redirecting'), error: appError('config') }];
  return [];
}

describe('eParaksts: model-based paths', () => {
  const paths = getShortestPaths(esignMachine, {
    input: CROSS_SELL,
    events: (snapshot) => eventsIn(snapshot as EsignSnapshot) as unknown as EsignEvent[],
    serializeState: (snapshot) => {
      const { context } = snapshot as EsignSnapshot;
      return JSON.stringify({ value: snapshot.value, a: context.authenticationError, s: context.signingError, code: context.errorCode, signed: context.signedFileServiceIds, status: context.status });
    },
  });

  it('reaches every state of the loop', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['loadingStatus', 'statusFailed', 'failed', 'authenticating', 'signing', 'redirecting', 'signed']) expect(values).toContain(JSON.stringify(state));
    expect(paths.length).toBeGreaterThanOrEqual(15);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      const output = event.output as { status?: string } | undefined;
      return `${event.type.replace('.actor.0.esign', '')}${output?.status ? `(${output.status})` : ''}`;
    });
    it(names.join(' > ') || '(start)', async () => {
      const run = start(CROSS_SELL);
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        if (event.type.startsWith('xstate.')) {
          const state = event.type.split('.').pop() as string;
          const fake = { loadingStatus: run.loadStatus, authenticating: run.authenticate, signing: run.sign, redirecting: run.redirect }[state];
          const open = (fake as typeof run.sign).open();
          expect(open, `one ${state} call under way`).toHaveLength(1);
          if (event.type.startsWith('xstate.done')) open[0]!.resolve(event.output as never);
          else open[0]!.reject(event.error);
        } else {
          run.actor.send(event as EsignEvent);
        }
        await settle();
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        const model = step.state.context as EsignSnapshot['context'];
        expect([snapshot.context.authenticationError, snapshot.context.signingError, snapshot.context.errorCode]).toEqual([model.authenticationError, model.signingError, model.errorCode]);
        // Never both error flags, and never a call to a provider without its redirect afterwards.
        expect(snapshot.context.authenticationError && snapshot.context.signingError).toBe(false);
        // A redirect goes only to the address the server returned.
        for (const call of run.redirect.calls) expect(call.input.url).toMatch(/^http:\/\/localhost\/p\?t=[as]$/);
      }
      run.actor.stop();
    });
  }
});
