/**
 * Payment signing's edges (issue 27 item 4, decision 232): what its mutation run (70.31 %, decision
 * 226) left alive. The machine without the app's I/O (each default fails, saying which actor the
 * app provides, and the person sees the payment failed rather than a page that waits), the call
 * errors kept and cleared, and the attempts at the status running out.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type AnyActorLogic } from 'xstate';
import { paymentSigningMachine, type PaymentSigningInput } from '../../machines/signing/payment-signing.machine';
import { paymentSigningView } from '../../machines/signing/payment-signing.view';
import type { PaymentSigningEnabledResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import { SIGNING_MESSAGES, SMART_ID_POLL, smartIdPollDelay } from '../../core/domain/signing';
import { controllable, settle } from './actor.fakes';

const INPUT: PaymentSigningInput = { externalId: 'app-1', flagEnabled: true, sourceChannel: 'WEB' };
const startAnswer: StartSigningResponse = { method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl: 'http://localhost/sandbox/providers/bank-payment?transaction=t1' };

function run(input: PaymentSigningInput, actors: Record<string, AnyActorLogic>) {
  const clock = new SimulatedClock();
  const actor = createActor(paymentSigningMachine.provide({ actors }), { input, clock }).start();
  return { actor, clock, view: () => paymentSigningView(actor.getSnapshot()), message: () => actor.getSnapshot().context.callError?.message };
}

const enabledCheck = () => {
  const check = controllable<PaymentSigningEnabledResponse, { externalId: string }>();
  return check;
};

describe('payment signing without the app’s I/O', () => {
  it('the restriction check: not offered, saying the app provides the check', async () => {
    const payment = run(INPUT, {});
    await settle();
    expect(payment.view()).toMatchObject({ status: 'disabled', disabledReason: 'restricted' });
    expect(payment.message()).toBe('The checkEnabled actor is provided by the app');
  });

  it('starting the payment: the payment failed, saying the app provides the start', async () => {
    const check = enabledCheck();
    const payment = run(INPUT, { checkEnabled: check.logic });
    check.last().resolve({ enabled: true });
    await settle();
    payment.actor.send({ type: 'payment.bankSelected', bic: 'HABALV22' });
    payment.actor.send({ type: 'payment.started' });
    await settle();
    expect(payment.view()).toMatchObject({ status: 'choosingBank', paymentError: true, message: SIGNING_MESSAGES.paymentFailed });
    expect(payment.message()).toBe('The startPayment actor is provided by the app');
  });

  it('going to the bank: the payment failed, saying the app provides the redirect', async () => {
    const check = enabledCheck();
    const start = controllable<StartSigningResponse, unknown>();
    const payment = run(INPUT, { checkEnabled: check.logic, startPayment: start.logic });
    check.last().resolve({ enabled: true });
    await settle();
    payment.actor.send({ type: 'payment.bankSelected', bic: 'HABALV22' });
    payment.actor.send({ type: 'payment.started' });
    start.last().resolve(startAnswer);
    await settle();
    expect(payment.view()).toMatchObject({ status: 'choosingBank', paymentError: true });
    expect(payment.message()).toBe('The redirect actor is provided by the app');
  });

  it('back from the bank: the status cannot be read, saying the app provides the poll', async () => {
    const check = enabledCheck();
    const payment = run({ ...INPUT, returned: true }, { checkEnabled: check.logic });
    check.last().resolve({ enabled: true });
    await settle();
    expect(payment.view().status).toBe('statusFailed');
    expect(payment.message()).toBe('The pollStatus actor is provided by the app');
  });
});

describe('payment signing’s inputs and errors', () => {
  it('without a payment text the start sends none (null), and a page not back from the bank offers the banks', async () => {
    const check = enabledCheck();
    const start = controllable<StartSigningResponse, unknown>();
    const payment = run(INPUT, { checkEnabled: check.logic, startPayment: start.logic });
    check.last().resolve({ enabled: true });
    await settle();
    expect(payment.view().status).toBe('choosingBank');
    payment.actor.send({ type: 'payment.bankSelected', bic: 'RIKOLV2X' });
    payment.actor.send({ type: 'payment.started' });
    expect(start.last().input).toEqual({ externalId: 'app-1', selectedBankBic: 'RIKOLV2X', paymentPurpose: null });
  });

  it('a failed check keeps its error for the screen; a check answering restricted has none', async () => {
    const failing = enabledCheck();
    const failed = run(INPUT, { checkEnabled: failing.logic });
    failing.last().reject(new Error('offline'));
    await settle();
    expect(failed.view()).toMatchObject({ status: 'disabled', disabledReason: 'restricted' });
    expect(failed.message()).toBe('offline');
    const answering = enabledCheck();
    const restricted = run(INPUT, { checkEnabled: answering.logic });
    answering.last().resolve({ enabled: false });
    await settle();
    expect(restricted.view()).toMatchObject({ status: 'disabled', disabledReason: 'restricted', callError: null });
  });

  it('a new start clears the last failure: no payment error, no message while it goes to the bank', async () => {
    const check = enabledCheck();
    const start = controllable<StartSigningResponse, unknown>();
    const redirect = controllable<void, { url: string }>();
    const payment = run(INPUT, { checkEnabled: check.logic, startPayment: start.logic, redirect: redirect.logic });
    check.last().resolve({ enabled: true });
    await settle();
    payment.actor.send({ type: 'payment.bankSelected', bic: 'HABALV22' });
    payment.actor.send({ type: 'payment.started' });
    start.last().reject(new Error('busy'));
    await settle();
    expect(payment.view()).toMatchObject({ paymentError: true });
    payment.actor.send({ type: 'payment.started' });
    expect(payment.view()).toMatchObject({ status: 'redirecting', paymentError: false, message: null, callError: null });
  });

  it('a status read again clears the error it showed', async () => {
    const check = enabledCheck();
    const poll = controllable<SigningStatusResponse, { externalId: string }>();
    const payment = run({ ...INPUT, returned: true }, { checkEnabled: check.logic, pollStatus: poll.logic });
    check.last().resolve({ enabled: true });
    await settle();
    poll.last().reject(new Error('lost'));
    await settle();
    expect(payment.view()).toMatchObject({ status: 'statusFailed', message: SIGNING_MESSAGES.paymentFailed });
    expect(payment.message()).toBe('lost');
    payment.actor.send({ type: 'payment.statusReloaded' });
    expect(payment.view()).toMatchObject({ status: 'checkingStatus', callError: null });
    expect(poll.calls).toHaveLength(2);
    expect(poll.last().input).toEqual({ externalId: 'app-1' });
  });
});

describe('payment signing’s end and its attempts', () => {
  it('not offered: the machine ends neither signed nor ended (the step shows payment disabled)', async () => {
    const flagOff = run({ ...INPUT, flagEnabled: false }, {});
    expect(flagOff.actor.getSnapshot().status).toBe('done');
    expect(flagOff.actor.getSnapshot().output).toEqual({ signed: false });
    const check = enabledCheck();
    const restricted = run(INPUT, { checkEnabled: check.logic });
    check.last().resolve({ enabled: false });
    await settle();
    expect(restricted.actor.getSnapshot().output).toEqual({ signed: false });
  });

  it(`asks the status at most ${SMART_ID_POLL.maxAttempts} times, then says the payment failed`, async () => {
    const check = enabledCheck();
    const poll = controllable<SigningStatusResponse, { externalId: string }>();
    const payment = run({ ...INPUT, returned: true }, { checkEnabled: check.logic, pollStatus: poll.logic });
    check.last().resolve({ enabled: true });
    await settle();
    for (let attempt = 1; attempt <= SMART_ID_POLL.maxAttempts; attempt += 1) {
      expect(poll.calls, `poll ${attempt}`).toHaveLength(attempt);
      poll.last().resolve({ method: 'PAYMENT', status: 'RUNNING', verificationCode: null });
      await settle();
      expect(payment.actor.getSnapshot().context.attempt).toBe(attempt);
      if (attempt < SMART_ID_POLL.maxAttempts) {
        expect(payment.view().status, `after poll ${attempt}`).toBe('checkingStatus');
        payment.clock.increment(smartIdPollDelay(attempt));
        await settle();
      }
    }
    expect(payment.view()).toMatchObject({ status: 'choosingBank', paymentError: true, message: SIGNING_MESSAGES.paymentFailed });
    payment.clock.increment(SMART_ID_POLL.maxDelayMs * 2);
    await settle();
    expect(poll.calls).toHaveLength(SMART_ID_POLL.maxAttempts);
  });

  it('a start answer without the provider’s address sends the browser to none (an empty address)', async () => {
    const check = enabledCheck();
    const start = controllable<StartSigningResponse, unknown>();
    const redirect = controllable<void, { url: string }>();
    const payment = run(INPUT, { checkEnabled: check.logic, startPayment: start.logic, redirect: redirect.logic });
    check.last().resolve({ enabled: true });
    await settle();
    payment.actor.send({ type: 'payment.bankSelected', bic: 'HABALV22' });
    payment.actor.send({ type: 'payment.started' });
    start.last().resolve({ ...startAnswer, redirectUrl: null });
    await settle();
    expect(redirect.calls.map((call) => call.input)).toEqual([{ url: '' }]);
  });
});
