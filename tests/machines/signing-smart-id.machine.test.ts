/**
 * Smart-ID signing with polling as states (issue 12; decision 140): unit tests on a simulated clock,
 * every result status of section 4 with its message and next action, then the paths generated from
 * the machine (xstate/graph) replayed against it.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { smartIdMachine, type SmartIdCallInput, type SmartIdEvent, type SmartIdInput, type SmartIdSnapshot } from '../../machines/signing/smart-id.machine';
import { smartIdView } from '../../machines/signing/smart-id.view';
import type { SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import {
  DIGITAL_SIGNING_RESULTS,
  SIGNING_DISABLED_REASONS,
  SIGNING_MESSAGES,
  SMART_ID_POLL,
  disabledReasonMessage,
  digitalSigningOutcome,
  smartIdPollDelay,
} from '../../core/domain/signing';
import { appError, controllable, settle } from './actor.fakes';

const INPUT: SmartIdInput = { externalId: 'app-1', fileServiceId: 'contract-1' };
const started = (status = 'RUNNING'): StartSigningResponse => ({ method: 'SMART_ID', status, verificationCode: '4821', redirectUrl: null });
const polled = (status: string): SigningStatusResponse => ({ method: 'SMART_ID', status, verificationCode: '4821' });

function start(input: SmartIdInput = INPUT) {
  const clock = new SimulatedClock();
  const fakes = { startSigning: controllable<StartSigningResponse, SmartIdCallInput>(), pollStatus: controllable<SigningStatusResponse, SmartIdCallInput>() };
  const actor = createActor(smartIdMachine.provide({ actors: { startSigning: fakes.startSigning.logic, pollStatus: fakes.pollStatus.logic } }), { input, clock });
  actor.start();
  return { actor, clock, ...fakes, view: () => smartIdView(actor.getSnapshot()) };
}

async function verifying(input: SmartIdInput = INPUT) {
  const run = start(input);
  run.actor.send({ type: 'smartId.started' });
  run.startSigning.last().resolve(started());
  await settle();
  return run;
}

/** Lets the next poll's wait pass and answers it. */
async function poll(run: Awaited<ReturnType<typeof verifying>>, status: string) {
  run.clock.increment(smartIdPollDelay(run.actor.getSnapshot().context.attempt));
  await settle();
  run.pollStatus.last().resolve(polled(status));
  await settle();
}

describe('Smart-ID signing', () => {
  it('an answer that says the bank ended the signing (decision 175) ends the machine as ended: no retry, no other method', async () => {
    const run = await verifying();
    run.clock.increment(smartIdPollDelay(0));
    await settle();
    run.pollStatus.last().resolve({ ...polled('NAMES_DONT_MATCH'), signingEnded: true });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('ended');
    expect(run.actor.getSnapshot().output).toEqual({ outcome: 'ended' });
    run.actor.send({ type: 'smartId.retried' });
    expect(run.startSigning.calls).toHaveLength(1);
  });

  it('the same result without the bank’s word keeps decision 140’s next action', async () => {
    const run = await verifying();
    await poll(run, 'NAMES_DONT_MATCH');
    expect(run.actor.getSnapshot().value).toBe('needsOtherMethod');
  });

  it('starts on request, shows the verification code and asks the provider with growing waits until a result', async () => {
    const run = start();
    expect(run.view()).toMatchObject({ status: 'ready', canStart: true, verificationCode: null });
    run.actor.send({ type: 'smartId.started' });
    expect(run.startSigning.last().input).toEqual({ externalId: 'app-1', method: 'SMART_ID', fileServiceId: 'contract-1' });
    run.startSigning.last().resolve(started());
    await settle();
    expect(run.view()).toMatchObject({ status: 'verifying', verificationCode: '4821', next: 'wait', canCancel: true });
    // Nothing is asked before the first wait has passed.
    run.clock.increment(smartIdPollDelay(0) - 1);
    await settle();
    expect(run.pollStatus.calls).toHaveLength(0);
    run.clock.increment(1);
    await settle();
    expect(run.pollStatus.calls).toHaveLength(1);
    run.pollStatus.last().resolve(polled('RUNNING'));
    await settle();
    // The second wait is longer than the first.
    run.clock.increment(smartIdPollDelay(0));
    await settle();
    expect(run.pollStatus.calls).toHaveLength(1);
    run.clock.increment(smartIdPollDelay(1) - smartIdPollDelay(0));
    await settle();
    expect(run.pollStatus.calls).toHaveLength(2);
    run.pollStatus.last().resolve(polled('SIGNED_CONTRACT'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'signed', message: SIGNING_MESSAGES.signed, next: 'done', verificationCode: null });
    expect(run.actor.getSnapshot().output).toEqual({ outcome: 'signed' });
  });

  it.each(DIGITAL_SIGNING_RESULTS.filter((result) => digitalSigningOutcome(result).next !== 'wait'))('%s ends the wait with its message and next action', async (result) => {
    const run = await verifying();
    await poll(run, result);
    const outcome = digitalSigningOutcome(result);
    expect(outcome.message).not.toBeNull();
    expect(run.view()).toMatchObject({ message: outcome.message, next: outcome.next, verificationCode: null });
    expect(run.view().canRetry).toBe(outcome.next === 'retry');
    expect(run.view().canChooseOtherMethod).toBe(outcome.next !== 'done');
  });

  it('maps the statuses the issue names to what a person can do next', () => {
    expect(digitalSigningOutcome('WRONG_VC')).toEqual({ next: 'retry', message: SIGNING_MESSAGES.wrongVerificationCode });
    expect(digitalSigningOutcome('TIMEOUT')).toEqual({ next: 'retry', message: SIGNING_MESSAGES.timeout });
    expect(digitalSigningOutcome('USER_CANCELLED')).toEqual({ next: 'retry', message: SIGNING_MESSAGES.userCancelled });
    expect(digitalSigningOutcome('NOT_CLIENT').next).toBe('chooseAnotherMethod');
    expect(digitalSigningOutcome('INVALID_CERTIFICATE_LEVEL').next).toBe('chooseAnotherMethod');
    expect(digitalSigningOutcome('NAMES_DONT_MATCH').next).toBe('chooseAnotherMethod');
    expect(digitalSigningOutcome('A_NEW_STATUS')).toEqual(digitalSigningOutcome('UNKNOWN'));
  });

  it('a wrong verification code is tried again with a new code', async () => {
    const run = await verifying();
    await poll(run, 'WRONG_VC');
    run.actor.send({ type: 'smartId.retried' });
    expect(run.startSigning.calls).toHaveLength(2);
    run.startSigning.last().resolve({ ...started(), verificationCode: '9035' });
    await settle();
    expect(run.view()).toMatchObject({ status: 'verifying', verificationCode: '9035', message: null });
  });

  it('still running after the last attempt is a timeout', async () => {
    const run = await verifying();
    for (let attempt = 0; attempt < SMART_ID_POLL.maxAttempts; attempt += 1) await poll(run, 'RUNNING');
    expect(run.view()).toMatchObject({ status: 'failed', result: 'TIMEOUT', message: SIGNING_MESSAGES.timeout, next: 'retry' });
    expect(run.pollStatus.calls).toHaveLength(SMART_ID_POLL.maxAttempts);
  });

  it('a lost poll is asked again; several in a row stop the wait with a way to ask again', async () => {
    const run = await verifying();
    for (let failure = 0; failure < SMART_ID_POLL.maxConsecutiveErrors; failure += 1) {
      run.clock.increment(smartIdPollDelay(run.actor.getSnapshot().context.attempt));
      await settle();
      run.pollStatus.last().reject(appError('network'));
      await settle();
    }
    expect(run.view()).toMatchObject({ status: 'failed', message: SIGNING_MESSAGES.technicalError, canRetry: true });
    run.actor.send({ type: 'smartId.retried' });
    await poll(run, 'SIGNED_CONTRACT');
    expect(run.startSigning.calls).toHaveLength(1);
    expect(run.view().status).toBe('signed');
  });

  it('a provider that did not answer as it should (issue 21: PROVIDER_UNAVAILABLE) is named as the provider\'s problem, and can be tried again', async () => {
    const run = start();
    run.actor.send({ type: 'smartId.started' });
    run.startSigning.last().reject(appError('server', { status: 503, code: 'PROVIDER_UNAVAILABLE' }));
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', message: SIGNING_MESSAGES.providerError, canRetry: true });
    run.actor.send({ type: 'smartId.retried' });
    run.startSigning.last().resolve(started());
    await settle();
    expect(run.view()).toMatchObject({ status: 'verifying', verificationCode: '4821' });
  });

  it('a method the server does not offer (issue 21: its provider is not configured) asks for another way to sign', async () => {
    const run = start();
    run.actor.send({ type: 'smartId.started' });
    run.startSigning.last().reject(appError('conflict', { code: 'SIGNING_NOT_AVAILABLE' }));
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', message: SIGNING_MESSAGES.providerMisconfigured });
  });

  it('a start that fails can be tried again; cancelling stops the polls', async () => {
    const run = start();
    run.actor.send({ type: 'smartId.started' });
    run.startSigning.last().reject(appError('server'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', message: SIGNING_MESSAGES.technicalError, canRetry: true });
    run.actor.send({ type: 'smartId.retried' });
    run.startSigning.last().resolve(started());
    await settle();
    run.actor.send({ type: 'smartId.cancelled' });
    run.clock.increment(SMART_ID_POLL.maxDelayMs * 2);
    await settle();
    expect(run.pollStatus.calls).toHaveLength(0);
    expect(run.view().status).toBe('ready');
  });

  it('a disabled method says why (section 8: every reason has a Smart-ID message) and offers another method', () => {
    for (const reason of SIGNING_DISABLED_REASONS) {
      const run = start({ ...INPUT, disabledReason: reason });
      expect(run.view()).toMatchObject({ status: 'disabled', message: disabledReasonMessage('SMART_ID', reason), canStart: false, canChooseOtherMethod: true });
      expect(run.view().message).not.toBeNull();
    }
  });

  it('the e-signature provider has messages only for restricted hours and over limit (section 8)', () => {
    expect(SIGNING_DISABLED_REASONS.filter((reason) => disabledReasonMessage('ESIGNATURE', reason) !== null)).toEqual(['RESTRICTED_HOURS', 'OVER_LIMIT']);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths
// ---------------------------------------------------------------------------------------------

type Outcome = { type: string; output?: unknown; error?: unknown };
const START_DONE = 'xstate.done.actor.0.smartId.starting';
const START_ERROR = 'xstate.error.actor.0.smartId.starting';
const POLL_DONE = 'xstate.done.actor.0.smartId.polling.fetching';
const POLL_ERROR = 'xstate.error.actor.0.smartId.polling.fetching';
const WAITED = 'xstate.after.pollDelay.smartId.polling.waiting';
/** A bounded model: the results that lead somewhere different, and at most two polls per start. */
const MODEL_RESULTS = ['RUNNING', 'SIGNED_CONTRACT', 'WRONG_VC', 'NOT_CLIENT', 'USER_CANCELLED'];

function eventsIn(snapshot: SmartIdSnapshot): Outcome[] {
  const { context } = snapshot;
  if (snapshot.matches('ready')) return [{ type: 'smartId.started' }, { type: 'smartId.otherMethodChosen' }];
  if (snapshot.matches('starting')) return [{ type: START_DONE, output: started() }, { type: START_DONE, output: started('NOT_CLIENT') }, { type: START_ERROR, error: appError('network') }];
  if (snapshot.matches({ polling: 'waiting' })) return [{ type: WAITED }, { type: 'smartId.cancelled' }];
  if (snapshot.matches({ polling: 'fetching' })) {
    const events: Outcome[] = [{ type: 'smartId.cancelled' }, { type: POLL_ERROR, error: appError('network') }];
    for (const result of MODEL_RESULTS) if (result !== 'RUNNING' || context.attempt < 2) events.push({ type: POLL_DONE, output: polled(result) });
    return events;
  }
  const events: Outcome[] = [];
  if (snapshot.can({ type: 'smartId.retried' })) events.push({ type: 'smartId.retried' });
  if (snapshot.can({ type: 'smartId.otherMethodChosen' })) events.push({ type: 'smartId.otherMethodChosen' });
  return events;
}

describe('Mobile-ID on the same machine (decision 143)', () => {
  it('names its method in every call and in the view; results lead on as for Smart-ID', async () => {
    const run = start({ ...INPUT, method: 'MOBILE_SIGNATURE' });
    expect(run.view()).toMatchObject({ method: 'MOBILE_SIGNATURE', status: 'ready' });
    run.actor.send({ type: 'smartId.started' });
    expect(run.startSigning.last().input).toEqual({ externalId: 'app-1', method: 'MOBILE_SIGNATURE', fileServiceId: 'contract-1' });
    run.startSigning.last().resolve({ ...started(), method: 'MOBILE_SIGNATURE' });
    await settle();
    await poll(run, 'USER_CANCELLED');
    expect(run.view()).toMatchObject({ status: 'failed', next: 'retry', message: SIGNING_MESSAGES.userCancelled });
    run.actor.send({ type: 'smartId.retried' });
    expect(run.startSigning.last().input).toMatchObject({ method: 'MOBILE_SIGNATURE' });
    run.startSigning.last().resolve({ ...started(), method: 'MOBILE_SIGNATURE' });
    await settle();
    await poll(run, 'SIGNED_CONTRACT');
    expect(run.pollStatus.last().input).toMatchObject({ method: 'MOBILE_SIGNATURE' });
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().output).toEqual({ outcome: 'signed' });
  });
});

describe('Smart-ID: model-based paths', () => {
  const paths = getShortestPaths(smartIdMachine, {
    input: INPUT,
    events: (snapshot) => eventsIn(snapshot as SmartIdSnapshot) as unknown as SmartIdEvent[],
    serializeState: (snapshot) => {
      const { context } = snapshot as SmartIdSnapshot;
      return JSON.stringify({ value: snapshot.value, result: context.result, attempt: Math.min(context.attempt, 2), errors: context.consecutiveErrors });
    },
  });

  it('reaches every state', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['ready', 'startFailed', 'pollFailed', 'failed', 'needsOtherMethod', 'signed', 'otherMethod']) expect(values).toContain(JSON.stringify(state));
    expect(values).toContain(JSON.stringify({ polling: 'fetching' }));
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      const output = event.output as { status?: string } | undefined;
      return `${event.type.replace('.actor.0.smartId', '')}${output?.status ? `(${output.status})` : ''}`;
    });
    it(names.join(' > ') || '(start)', async () => {
      const run = start();
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        if (event.type === WAITED) {
          run.clock.increment(smartIdPollDelay(run.actor.getSnapshot().context.attempt));
        } else if (event.type.startsWith('xstate.')) {
          const fake = event.type.includes('starting') ? run.startSigning : run.pollStatus;
          const open = fake.open();
          expect(open, `one ${event.type} call under way`).toHaveLength(1);
          if (event.type.startsWith('xstate.done')) open[0]!.resolve(event.output as never);
          else open[0]!.reject(event.error);
        } else {
          run.actor.send(event as SmartIdEvent);
        }
        await settle();
        const snapshot = run.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context.result).toEqual(step.state.context.result);
        // Never more than one call to the provider at a time.
        expect(run.startSigning.open().length + run.pollStatus.open().length).toBeLessThanOrEqual(1);
        // The code shows only while the person is asked to confirm it.
        const view = smartIdView(snapshot);
        expect(view.verificationCode !== null).toBe(snapshot.matches('polling'));
      }
      run.actor.stop();
    });
  }
});
