/**
 * The personal code check (sections 5 and 8): which code a verdict is about, when a code is asked
 * about again, what a submission reaches the application machine with, and what the field says
 * while a check is asked again. Runs under a parent that records what reaches it, as the application
 * machine hosts it; the server is a controllable fake.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { personalCodeCheckMachine, type PersonalCodeCheckEvent } from '../../src/features/personal-code/personal-code-check.machine';
import { MESSAGES } from '../../core/validation/messages';
import { appError, settle, submission } from './actor.fakes';
import { OTHER_VALID, VALID, startCheck } from './personal-code-check.run';

const submittedWith = (personalCode: string, taskDefinitionKey = 'createApplicationStep'): PersonalCodeCheckEvent => ({
  type: 'step.submitted',
  submission: submission(taskDefinitionKey),
  personalCode,
});

const blurred = (text: string): PersonalCodeCheckEvent => ({ type: 'personalCode.blurred', text });

describe('personal code check: which code a verdict is about', () => {
  it('starts knowing nothing: no code, no verdict, no retry, nothing waiting', () => {
    const actor = createActor(personalCodeCheckMachine, { input: { country: 'LV' } }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ country: 'LV', code: null, text: null, verdict: null, error: null, retry: false, pending: null });
    actor.stop();
  });

  it('asks about another code left in the field after a verdict on the first', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    run.send(blurred(OTHER_VALID));
    expect(run.check.calls).toHaveLength(2);
    expect(run.check.last().input).toEqual({ code: OTHER_VALID, country: 'EE' });
    expect(run.view()).toMatchObject({ status: 'checking', busy: true });
  });

  it('asks again about the same code left in the field after its check failed', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().reject(appError('network'));
    await settle();
    expect(run.view().status).toBe('failed');
    run.send(blurred(VALID));
    expect(run.check.calls).toHaveLength(2);
    expect(run.view()).toMatchObject({ status: 'checking', problem: undefined });
  });

  it('does not offer "Check again" while a newly left code is checked, even after a retried failure', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    expect(run.view()).toMatchObject({ status: 'checking', retryOffered: false });
    run.check.last().reject(appError('network'));
    await settle();
    run.send({ type: 'personalCode.retried' });
    expect(run.view()).toMatchObject({ status: 'checking', retryOffered: true });
    run.check.last().reject(appError('network'));
    await settle();
    run.send(blurred(OTHER_VALID));
    expect(run.view()).toMatchObject({ status: 'checking', retryOffered: false });
    run.send(submittedWith(VALID));
    expect(run.view()).toMatchObject({ status: 'checking', retryOffered: false, submitting: true });
  });
});

describe('personal code check: what a submission reaches the application machine with', () => {
  it('passes on the very submission it was given when its code already proved valid', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    run.send(submittedWith(VALID, 'submitPersonalInfo'));
    expect(run.forwarded).toEqual([{ type: 'step.submitted', submission: submission('submitPersonalInfo') }]);
    expect(run.check.calls).toHaveLength(1);
    expect(run.view().submitting).toBe(false);
  });

  it('checks the code again when it was found invalid, rather than letting the submission through', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().resolve({ valid: false });
    await settle();
    run.send(submittedWith(VALID));
    expect(run.forwarded).toHaveLength(0);
    expect(run.check.calls).toHaveLength(2);
    expect(run.view()).toMatchObject({ status: 'checking', submitting: true });
    run.check.last().resolve({ valid: false });
    await settle();
    expect(run.forwarded).toHaveLength(0);
    expect(run.refused).toHaveLength(1);
  });

  it('checks a submitted code other than the one found valid before letting it through', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    run.send(submittedWith(OTHER_VALID));
    expect(run.forwarded).toHaveLength(0);
    expect(run.check.last().input).toEqual({ code: OTHER_VALID, country: 'EE' });
    run.check.last().resolve({ valid: false });
    await settle();
    expect(run.forwarded).toHaveLength(0);
    expect(run.refused).toHaveLength(1);
  });

  it('a submit of another code while one is checked asks about the submitted code, not the one in flight', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.send(submittedWith(OTHER_VALID));
    expect(run.check.calls).toHaveLength(2);
    expect(run.check.last().input).toEqual({ code: OTHER_VALID, country: 'EE' });
    expect(run.check.calls[0]?.signal.aborted).toBe(true);
    run.check.last().resolve({ valid: false });
    await settle();
    expect(run.forwarded).toHaveLength(0);
    expect(run.refused).toHaveLength(1);
    expect(run.view()).toMatchObject({ status: 'invalid', problem: MESSAGES.personalCodeInvalid });
  });

  it('lets a waiting submission through once, then holds nothing waiting', async () => {
    const run = startCheck();
    run.send(submittedWith(VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    expect(run.forwarded).toHaveLength(1);
    expect(run.view().submitting).toBe(false);
    // A later check of another code that proves valid lets nothing more through.
    run.send(blurred(OTHER_VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    expect(run.forwarded).toHaveLength(1);
    expect(run.refused).toHaveLength(0);
  });
});

describe('personal code check: whose country the code is of', () => {
  it('keeps its verdict when the same country is chosen again', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    run.send({ type: 'personalCode.countryChosen', country: 'EE' });
    expect(run.view().status).toBe('valid');
    run.send(submittedWith(VALID));
    expect(run.forwarded).toHaveLength(1);
    expect(run.check.calls).toHaveLength(1);
  });

  it('forgets the verdict when another country is chosen, and asks by that country\'s rules next', async () => {
    const run = startCheck();
    run.send(blurred(VALID));
    run.check.last().resolve({ valid: true });
    await settle();
    run.send({ type: 'personalCode.countryChosen', country: 'LT' });
    expect(run.child.getSnapshot().value).toBe('idle');
    expect(run.view()).toMatchObject({ status: 'idle', problem: undefined });
    run.send(submittedWith(VALID));
    expect(run.forwarded).toHaveLength(0);
    expect(run.check.last().input).toEqual({ code: VALID, country: 'LT' });
  });
});

describe('personal code check: without a server check provided', () => {
  it('treats the missing check as a failed one, saying which actor is missing', async () => {
    const actor = createActor(personalCodeCheckMachine, { input: { country: 'EE' } }).start();
    actor.send(blurred(VALID));
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'server', message: 'The checkPersonalCode actor is provided by the app' });
    actor.stop();
  });
});
