/**
 * eParaksts signing's edges (issue 27 item 4, decision 232): what its mutation run (82.02 %) left
 * alive. A disabled method ends with nothing signed and not ended (the step shows it disabled, never
 * "signed"), a refused signing keeps the code of a server refusal only, and the machine without the
 * app's I/O fails saying which actor the app provides.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { esignMachine, type EsignCallInput, type EsignInput } from '../../machines/signing/eparaksts.machine';
import type { EsignStatusResponse } from '../../core/wire/signing.schema';
import { appError, controllable, settle } from './actor.fakes';

const ONE: EsignInput = { externalId: 'app-1', languageCode: 'lav', signingMethod: 'EPARAKSTS', fileServiceIds: ['contract-1'] };
const status = (value: string): EsignStatusResponse => ({ status: value, errorCode: null, signedFileServiceIds: [] });

function run(actors: Record<string, AnyActorLogic>, input: EsignInput = ONE) {
  return createActor(esignMachine.provide({ actors }), { input }).start();
}

function answering(value: string) {
  const load = controllable<EsignStatusResponse, { externalId: string }>();
  return { load, answer: () => load.last().resolve(status(value)) };
}

describe('eParaksts disabled', () => {
  it('ends with nothing signed and not ended', () => {
    const actor = run({}, { ...ONE, disabledReason: 'RESTRICTED_HOURS' });
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(actor.getSnapshot().output).toEqual({ signedFileServiceIds: [] });
  });
});

describe('a refused signing’s code', () => {
  async function refused(error: unknown) {
    const { load, answer } = answering('AUTHENTICATION_SUCCESS');
    const sign = controllable<{ redirectUrl: string }, EsignCallInput>();
    const actor = run({ loadStatus: load.logic, sign: sign.logic });
    answer();
    await settle();
    sign.last().reject(error);
    await settle();
    return actor.getSnapshot();
  }

  it('a server refusal keeps its code; any other error has none', async () => {
    expect((await refused(appError('server', { code: 'CERTIFICATE_INACTIVE' }))).context).toMatchObject({ signingError: true, errorCode: 'CERTIFICATE_INACTIVE' });
    expect((await refused(appError('conflict', { code: 'CERTIFICATE_INACTIVE' }))).context).toMatchObject({ signingError: true, errorCode: null });
  });
});

describe('eParaksts without the app’s I/O', () => {
  it('the status: cannot be read, saying the app provides loadStatus', async () => {
    const actor = run({});
    await settle();
    expect(actor.getSnapshot().value).toBe('statusFailed');
    expect(actor.getSnapshot().context.callError?.message).toBe('The loadStatus actor is provided by the app');
  });

  it('authentication: failed, saying the app provides authenticate', async () => {
    const { load, answer } = answering('NOT_STARTED');
    const actor = run({ loadStatus: load.logic });
    answer();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.callError?.message).toBe('The authenticate actor is provided by the app');
  });

  it('signing: failed, saying the app provides sign', async () => {
    const { load, answer } = answering('AUTHENTICATION_SUCCESS');
    const actor = run({ loadStatus: load.logic });
    answer();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.callError?.message).toBe('The sign actor is provided by the app');
  });

  it('going to the provider: failed, saying the app provides redirect', async () => {
    const { load, answer } = answering('NOT_STARTED');
    const authenticate = controllable<{ redirectUrl: string }, EsignCallInput>();
    const actor = run({ loadStatus: load.logic, authenticate: authenticate.logic });
    answer();
    await settle();
    authenticate.last().resolve({ redirectUrl: 'https://eparaksts.example/auth' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.callError?.message).toBe('The redirect actor is provided by the app');
  });
});
