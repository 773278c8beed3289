/**
 * The remote identification modal (issue 13; decision 157): unit tests with fake actors, then the
 * paths generated from the machine (xstate/graph) replayed against the real machine with fake I/O.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  remoteIdentificationMachine,
  remoteIdentificationView,
  type RemoteIdentificationEvent,
  type RemoteIdentificationParentEvent,
  type RemoteIdentificationSnapshot,
} from '../../src/steps/identifyCustomer/remote-identification.machine';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import { appError, controllable, settle, stepLogicInput, submission } from './actor.fakes';

const INPUT = stepLogicInput({ externalId: 'app-1' });
const sent: RemoteIdentificationEvent = { type: 'step.submitted', submission: submission('identifyCustomer') };
const state = (status: RemoteIdentificationState['status'], enabled = true, identified = false, available = true): RemoteIdentificationState => ({ status, enabled, identified, available });

function startLogic() {
  const load = controllable<RemoteIdentificationState, { externalId: string }>();
  const start = controllable<{ redirectUrl: string }, { externalId: string; languageCode: string }>();
  const redirect = controllable<void, { url: string }>();
  const toParent: RemoteIdentificationParentEvent[] = [];
  const host = setup({
    types: { events: {} as RemoteIdentificationParentEvent },
    actors: {
      remote: remoteIdentificationMachine.provide({
        actors: { loadRemoteIdentification: load.logic, startRemoteIdentification: start.logic, redirectBrowser: redirect.logic },
      }),
    },
  }).createMachine({
    invoke: { id: 'remote', src: 'remote', input: INPUT },
    on: {
      'step.submitted': { actions: ({ event }) => toParent.push(event) },
      'remoteIdentification.completed': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const actor = createActor(host);
  actor.start();
  const child = actor.getSnapshot().children.remote;
  if (!child) throw new Error('the logic did not start');
  const snapshot = () => child.getSnapshot() as RemoteIdentificationSnapshot;
  return { host: actor, child, load, start, redirect, toParent, snapshot, view: () => remoteIdentificationView(snapshot()) };
}

async function loaded(answer: RemoteIdentificationState) {
  const run = startLogic();
  run.load.last().resolve(answer);
  await settle();
  return run;
}

describe('remote identification (step logic)', () => {
  it('is not required when the bank does not ask for it: the step goes on', async () => {
    const run = await loaded(state('NO_STATUS', false));
    expect(run.load.last().input).toEqual({ externalId: 'app-1' });
    expect(run.view()).toMatchObject({ phase: 'notRequired', modalOpen: false });
    run.child.send(sent);
    expect(run.toParent).toEqual([{ type: 'step.submitted', submission: submission('identifyCustomer') }]);
  });

  it.each([
    ['COMPLETED_OK', false],
    ['NO_STATUS', true],
  ] as const)('is completed with status %s and identified=%s: it signals completion and the step goes on', async (status, identified) => {
    const run = await loaded(state(status, true, identified));
    expect(run.view().phase).toBe('completed');
    expect(run.toParent).toEqual([{ type: 'remoteIdentification.completed' }]);
    run.child.send(sent);
    expect(run.toParent.at(-1)?.type).toBe('step.submitted');
  });

  it('is required when enabled and not completed: continuing opens the modal instead of going on', async () => {
    const run = await loaded(state('NO_STATUS'));
    expect(run.view()).toMatchObject({ phase: 'required', modalOpen: false });
    run.child.send(sent);
    expect(run.view()).toMatchObject({ modalOpen: true, modal: 'ready' });
    expect(run.toParent).toEqual([]);
  });

  it('initiating sets RUNNING and sends the browser to the provider’s page', async () => {
    const run = await loaded(state('NO_STATUS'));
    run.child.send({ type: 'remoteIdentification.opened' });
    run.child.send({ type: 'remoteIdentification.started' });
    expect(run.view()).toMatchObject({ modal: 'starting', status: 'RUNNING' });
    expect(run.start.last().input).toEqual({ externalId: 'app-1', languageCode: 'est' });
    run.start.last().resolve({ redirectUrl: 'http://localhost/sandbox/remote-identification?reference=r' });
    await settle();
    expect(run.redirect.last().input).toEqual({ url: 'http://localhost/sandbox/remote-identification?reference=r' });
  });

  it('a failure to start gives TECHNICAL_ERROR and a try again, which starts again', async () => {
    const run = await loaded(state('NO_STATUS'));
    run.child.send({ type: 'remoteIdentification.opened' });
    run.child.send({ type: 'remoteIdentification.started' });
    run.start.last().reject(appError('server'));
    await settle();
    expect(run.view()).toMatchObject({ modal: 'failed', status: 'TECHNICAL_ERROR' });
    expect(run.view().error?.kind).toBe('server');
    run.child.send({ type: 'remoteIdentification.retried' });
    expect(run.start.calls).toHaveLength(2);
    expect(run.view()).toMatchObject({ modal: 'starting', status: 'RUNNING', error: null });
  });

  it('closing the modal resets it', async () => {
    const run = await loaded(state('NO_STATUS'));
    run.child.send({ type: 'remoteIdentification.opened' });
    run.child.send({ type: 'remoteIdentification.started' });
    run.start.last().reject(appError('network'));
    await settle();
    run.child.send({ type: 'remoteIdentification.closed' });
    expect(run.view()).toMatchObject({ phase: 'required', modalOpen: false, status: 'NO_STATUS', error: null });
    run.child.send({ type: 'remoteIdentification.opened' });
    expect(run.view().modal).toBe('ready');
  });

  it('the query action reads the status again: completed closes the modal and signals it', async () => {
    const run = await loaded(state('RUNNING'));
    run.child.send({ type: 'remoteIdentification.completionAsked' });
    expect(run.load.calls).toHaveLength(2);
    run.load.last().resolve(state('COMPLETED_OK'));
    await settle();
    expect(run.view()).toMatchObject({ phase: 'completed', modalOpen: false });
    expect(run.toParent).toEqual([{ type: 'remoteIdentification.completed' }]);
  });

  it.each(['TECHNICAL_ERROR', 'COMPLETED_FAILURE'] as const)('the query action with %s opens the modal with the error and a try again', async (status) => {
    const run = await loaded(state('NO_STATUS'));
    run.child.send({ type: 'remoteIdentification.completionAsked' });
    run.load.last().resolve(state(status));
    await settle();
    expect(run.view()).toMatchObject({ modalOpen: true, modal: 'failed', status });
  });

  it('the query action while the provider still checks offers to look again', async () => {
    const run = await loaded(state('NO_STATUS'));
    run.child.send({ type: 'remoteIdentification.completionAsked' });
    run.load.last().resolve(state('RUNNING'));
    await settle();
    expect(run.view()).toMatchObject({ modal: 'running' });
    run.child.send({ type: 'remoteIdentification.reloaded' });
    run.load.last().resolve(state('COMPLETED_OK'));
    await settle();
    expect(run.view().phase).toBe('completed');
  });

  it('asked for while no provider is configured (decision 171): the step says so and does not go on, not even to the modal', async () => {
    const run = await loaded(state('NO_STATUS', true, false, false));
    expect(run.view()).toMatchObject({ phase: 'unavailable', modalOpen: false });
    run.child.send(sent);
    run.child.send({ type: 'remoteIdentification.opened' });
    expect(run.view()).toMatchObject({ phase: 'unavailable', modalOpen: false });
    expect(run.toParent).toEqual([]);
    // Done before the provider went away: done.
    expect((await loaded(state('COMPLETED_OK', true, false, false))).view().phase).toBe('completed');
    // Not asked for: it does not matter.
    expect((await loaded(state('NO_STATUS', false, false, false))).view().phase).toBe('notRequired');
  });

  it('a status that cannot be read offers to try again', async () => {
    const run = startLogic();
    run.load.last().reject(appError('network'));
    await settle();
    expect(run.view().phase).toBe('loadFailed');
    run.child.send({ type: 'remoteIdentification.reloaded' });
    run.load.last().resolve(state('NO_STATUS', false));
    await settle();
    expect(run.view().phase).toBe('notRequired');
  });
});

type Outcome = { type: string; output?: unknown; error?: unknown };

const LOADED = 'xstate.done.actor.0.remoteIdentification.loading';
const LOAD_FAILED = 'xstate.error.actor.0.remoteIdentification.loading';
const STARTED = 'xstate.done.actor.0.remoteIdentification.required.modal.initiating';
const START_FAILED = 'xstate.error.actor.0.remoteIdentification.required.modal.initiating';
const REDIRECT_FAILED = 'xstate.error.actor.0.remoteIdentification.required.modal.redirecting';

/** What can happen in each state: the applicant's events and every answer of the call under way. */
function eventsIn(snapshot: RemoteIdentificationSnapshot): Outcome[] {
  const events: Outcome[] = [];
  const can = (event: Outcome) => snapshot.can(event as RemoteIdentificationEvent);
  for (const event of [
    sent,
    { type: 'remoteIdentification.opened' },
    { type: 'remoteIdentification.started' },
    { type: 'remoteIdentification.retried' },
    { type: 'remoteIdentification.closed' },
    { type: 'remoteIdentification.reloaded' },
  ] as Outcome[]) {
    if (can(event)) events.push(event);
  }
  // The query action is honoured in every state; asked once per path is enough to cover it.
  if (!snapshot.context.completionAsked) events.push({ type: 'remoteIdentification.completionAsked' });
  if (snapshot.matches('loading')) {
    events.push(
      { type: LOADED, output: state('NO_STATUS') },
      { type: LOADED, output: state('NO_STATUS', false) },
      { type: LOADED, output: state('COMPLETED_OK') },
      { type: LOADED, output: state('COMPLETED_FAILURE', true, true) },
      { type: LOADED, output: state('RUNNING') },
      { type: LOADED, output: state('TECHNICAL_ERROR') },
      { type: LOADED, output: state('COMPLETED_FAILURE') },
      { type: LOADED, output: state('NO_STATUS', true, false, false) },
      { type: LOAD_FAILED, error: appError('network') },
    );
  }
  if (snapshot.matches({ required: { modal: 'initiating' } })) {
    events.push({ type: STARTED, output: { redirectUrl: 'http://localhost/sandbox/remote-identification?reference=r' } }, { type: START_FAILED, error: appError('server') });
  }
  if (snapshot.matches({ required: { modal: 'redirecting' } })) events.push({ type: REDIRECT_FAILED, error: appError('config') });
  return events;
}

describe('remote identification: model-based paths', () => {
  const walked = remoteIdentificationMachine.provide({ actions: { forward: () => undefined, signalCompleted: () => undefined } });
  const paths = getShortestPaths(walked, {
    input: INPUT,
    events: (snapshot) => eventsIn(snapshot as RemoteIdentificationSnapshot) as unknown as RemoteIdentificationEvent[],
    serializeState: (snapshot) => {
      const { status, enabled, identified, available, completionAsked, error } = (snapshot as RemoteIdentificationSnapshot).context;
      return JSON.stringify({ value: snapshot.value, status, enabled, identified, available, completionAsked, error: error?.kind ?? null });
    },
  });

  it('reaches every state of the machine and every status', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const value of ['"loadFailed"', '"notRequired"', '"completed"', '"unavailable"', '{"required":"idle"}']) expect(values).toContain(value);
    for (const modal of ['ready', 'initiating', 'redirecting', 'failed', 'running']) expect(values).toContain(JSON.stringify({ required: { modal } }));
    const statuses = new Set(paths.map((path) => path.state.context.status));
    for (const status of ['NO_STATUS', 'RUNNING', 'COMPLETED_OK', 'COMPLETED_FAILURE', 'TECHNICAL_ERROR']) expect(statuses).toContain(status);
    expect(paths.length).toBeGreaterThanOrEqual(30);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      const output = event.output as RemoteIdentificationState | undefined;
      const detail = output && 'status' in output ? `(${output.status}${output.enabled ? '' : ',off'}${output.identified ? ',identified' : ''}${output.available ? '' : ',unavailable'})` : event.error ? `(${(event.error as { kind: string }).kind})` : '';
      return `${event.type.replace(/^xstate\.(done|error)\.actor\.0\.remoteIdentification\./, '$1:')}${detail}`;
    });
    it(`${names.join(' > ') || '(start)'}`, async () => {
      const run = startLogic();
      let forwarded = 0;
      let signalled = 0;
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        const before = run.snapshot();
        if (event.type.startsWith('xstate.')) {
          const pending = event.type.endsWith('.loading') ? run.load : event.type.endsWith('.initiating') ? run.start : run.redirect;
          const open = (pending as typeof run.load).open();
          expect(open, `a ${event.type} call under way`).toHaveLength(1);
          if (event.type.startsWith('xstate.done')) open[0]!.resolve(event.output as never);
          else open[0]!.reject(event.error);
        } else {
          if (event.type === 'step.submitted' && (before.matches('notRequired') || before.matches('completed'))) forwarded += 1;
          run.child.send(event as RemoteIdentificationEvent);
        }
        await settle();
        const after = run.snapshot();
        if (after.matches('completed') && !before.matches('completed')) signalled += 1;
        expect(after.value).toEqual(step.state.value);
        expect(after.context.status).toEqual(step.state.context.status);
        // Initiating always shows RUNNING; a failure to start or to redirect always TECHNICAL_ERROR.
        if (after.matches({ required: { modal: 'initiating' } })) expect(after.context.status).toBe('RUNNING');
        if (event.type === START_FAILED || event.type === REDIRECT_FAILED) expect(after.context.status).toBe('TECHNICAL_ERROR');
        // The parent hears "go on" only when it is not required, and "completed" once per completion.
        expect(run.toParent.filter((e) => e.type === 'step.submitted')).toHaveLength(forwarded);
        expect(run.toParent.filter((e) => e.type === 'remoteIdentification.completed')).toHaveLength(signalled);
        // Never more than one call under way.
        expect(run.load.open().length + run.start.open().length).toBeLessThanOrEqual(1);
        // The modal is open exactly while the machine is in its modal states.
        expect(remoteIdentificationView(after).modalOpen).toBe(after.matches({ required: 'modal' }));
      }
      run.host.stop();
    });
  }
});
