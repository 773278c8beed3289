/**
 * The remote identification modal (decisions 157, 171, 253) before the server has answered, and
 * where the app leaves a call out: the step's view before its logic runs and while the status is
 * read; what the machine assumes until the answer (not asked for, not identified, a provider there);
 * the status read for this application (an empty id before it exists); and each call the app does
 * not provide failing as that call's error, so the modal shows it and offers to try again.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { remoteIdentificationMachine, remoteIdentificationView } from '../../src/steps/identifyCustomer/remote-identification.machine';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import type { StepLogicInput } from '../../machines/application/application.actors';
import { appError, controllable, settle, stepLogicInput } from './actor.fakes';

const REQUIRED: RemoteIdentificationState = { status: 'NO_STATUS', enabled: true, identified: false, available: true };

function start(actors: Record<string, AnyActorLogic>, input: StepLogicInput = stepLogicInput({ externalId: 'app-1', locale: 'en' })) {
  const actor = createActor(remoteIdentificationMachine.provide({ actors }), { input });
  actor.start();
  return actor;
}

describe('remote identification: before the server answers', () => {
  it('the step’s view before its logic runs: loading, no modal, no status, no error', () => {
    expect(remoteIdentificationView(undefined)).toEqual({ phase: 'loading', modalOpen: false, modal: null, status: 'NO_STATUS', error: null });
  });

  it('while the status is read: loading, nothing assumed asked for or done, a provider taken as there', () => {
    const load = controllable<RemoteIdentificationState, { externalId: string }>();
    const actor = start({ loadRemoteIdentification: load.logic });
    const snapshot = actor.getSnapshot();
    expect(remoteIdentificationView(snapshot)).toEqual({ phase: 'loading', modalOpen: false, modal: null, status: 'NO_STATUS', error: null });
    expect(snapshot.context).toMatchObject({ enabled: false, identified: false, available: true, completionAsked: false });
    expect(load.calls.map((call) => call.input)).toEqual([{ externalId: 'app-1' }]);
  });

  it('a failed read keeps those assumptions and shows the failure', async () => {
    const load = controllable<RemoteIdentificationState, { externalId: string }>();
    const actor = start({ loadRemoteIdentification: load.logic });
    load.last().reject(appError('network'));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(remoteIdentificationView(snapshot)).toEqual({ phase: 'loadFailed', modalOpen: false, modal: null, status: 'NO_STATUS', error: appError('network') });
    expect(snapshot.context).toMatchObject({ enabled: false, identified: false, available: true });
  });

  it('with no application yet (no id), the status is asked with an empty id', () => {
    const load = controllable<RemoteIdentificationState, { externalId: string }>();
    start({ loadRemoteIdentification: load.logic }, stepLogicInput({ externalId: null }));
    expect(load.calls.map((call) => call.input)).toEqual([{ externalId: '' }]);
  });
});

describe('remote identification: a call the app does not provide fails as that call', () => {
  it('reading the status: the load fails and says why', async () => {
    const actor = start({});
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(remoteIdentificationView(actor.getSnapshot()).error).toEqual({ kind: 'server', message: 'The loadRemoteIdentification actor is provided by the app' });
  });

  it('starting: the modal shows the technical error and offers to try again', async () => {
    const load = controllable<RemoteIdentificationState, { externalId: string }>();
    const actor = start({ loadRemoteIdentification: load.logic });
    load.last().resolve(REQUIRED);
    await settle();
    actor.send({ type: 'remoteIdentification.opened' });
    actor.send({ type: 'remoteIdentification.started' });
    await settle();
    expect(remoteIdentificationView(actor.getSnapshot())).toEqual({
      phase: 'required',
      modalOpen: true,
      modal: 'failed',
      status: 'TECHNICAL_ERROR',
      error: { kind: 'server', message: 'The startRemoteIdentification actor is provided by the app' },
    });
  });

  it('sending the browser to the provider: the modal shows the technical error', async () => {
    const load = controllable<RemoteIdentificationState, { externalId: string }>();
    const begin = controllable<{ redirectUrl: string }, { externalId: string; languageCode: string }>();
    const actor = start({ loadRemoteIdentification: load.logic, startRemoteIdentification: begin.logic });
    load.last().resolve(REQUIRED);
    await settle();
    actor.send({ type: 'remoteIdentification.opened' });
    actor.send({ type: 'remoteIdentification.started' });
    await settle();
    expect(begin.last().input).toEqual({ externalId: 'app-1', languageCode: 'eng' });
    begin.last().resolve({ redirectUrl: 'https://provider.example/identify' });
    await settle();
    expect(remoteIdentificationView(actor.getSnapshot())).toMatchObject({
      modal: 'failed',
      status: 'TECHNICAL_ERROR',
      error: { kind: 'server', message: 'The redirectBrowser actor is provided by the app' },
    });
  });
});
