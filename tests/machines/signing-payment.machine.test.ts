/**
 * Payment signing (issue 12; section 4; decision 141): unit tests with fake actors, then the paths
 * generated from the machine (xstate/graph) replayed against it.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { paymentSigningMachine, type PaymentSigningEvent, type PaymentSigningInput, type PaymentSigningSnapshot } from '../../machines/signing/payment-signing.machine';
import { paymentSigningView } from '../../machines/signing/payment-signing.view';
import type { PaymentSigningEnabledResponse, SigningStatusResponse, StartSigningResponse } from '../../core/wire/signing.schema';
import { PAYMENT_BANKS, SIGNING_MESSAGES, smartIdPollDelay, type PaymentBankBic } from '../../core/domain/signing';
import { appError, controllable, settle } from './actor.fakes';

const INPUT: PaymentSigningInput = { externalId: 'app-1', flagEnabled: true, sourceChannel: 'WEB', paymentPurpose: 'Contract 2026-0001' };
const startAnswer: StartSigningResponse = { method: 'PAYMENT', status: 'RUNNING', verificationCode: null, redirectUrl: 'http://localhost/sandbox/providers/bank-payment?transaction=t1' };
const polled = (status: string): SigningStatusResponse => ({ method: 'PAYMENT', status, verificationCode: null });

function start(input: PaymentSigningInput = INPUT) {
  const clock = new SimulatedClock();
  const fakes = {
    checkEnabled: controllable<PaymentSigningEnabledResponse, { externalId: string }>(),
    startPayment: controllable<StartSigningResponse, { externalId: string; selectedBankBic: PaymentBankBic; paymentPurpose: string | null }>(),
    pollStatus: controllable<SigningStatusResponse, { externalId: string }>(),
    redirect: controllable<void, { url: string }>(),
  };
  const actor = createActor(
    paymentSigningMachine.provide({ actors: { checkEnabled: fakes.checkEnabled.logic, startPayment: fakes.startPayment.logic, pollStatus: fakes.pollStatus.logic, redirect: fakes.redirect.logic } }),
    { input, clock },
  );
  actor.start();
  return { actor, clock, ...fakes, view: () => paymentSigningView(actor.getSnapshot()) };
}

async function enabled(input: PaymentSigningInput = INPUT) {
  const run = start(input);
  run.checkEnabled.last().resolve({ enabled: true });
  await settle();
  return run;
}

describe('payment signing: when it is offered (section 4)', () => {
  it('not with the flag off, and the restriction is not even asked', () => {
    const run = start({ ...INPUT, flagEnabled: false });
    expect(run.view()).toMatchObject({ status: 'disabled', disabledReason: 'flagOff' });
    expect(run.checkEnabled.calls).toHaveLength(0);
  });

  it("not for an application a partner brought (the source is not the product's own)", () => {
    for (const channel of ['PARTNER_HOSTED_FLOW', 'BROKER_API', null]) {
      expect(start({ ...INPUT, sourceChannel: channel }).view()).toMatchObject({ status: 'disabled', disabledReason: 'notOwnSource' });
    }
  });

  it('not when the restriction check says restricted, nor when the check fails', async () => {
    const restricted = start();
    restricted.checkEnabled.last().resolve({ enabled: false });
    await settle();
    expect(restricted.view()).toMatchObject({ status: 'disabled', disabledReason: 'restricted' });
    const failed = start();
    failed.checkEnabled.last().reject(appError('timeout'));
    await settle();
    expect(failed.view()).toMatchObject({ status: 'disabled', disabledReason: 'restricted' });
  });

  it('offers the four banks of section 3 once the check answers unrestricted', async () => {
    const run = await enabled();
    expect(run.checkEnabled.last().input).toEqual({ externalId: 'app-1' });
    expect(run.view().status).toBe('choosingBank');
    expect(run.view().banks.map((bank) => [bank.bank, bank.bic])).toEqual([
      ['CITADELE', 'PARXLV22'],
      ['LUMINOR', 'RIKOLV2X'],
      ['SEB', 'UNLALV2X'],
      ['SWEDBANK', 'HABALV22'],
    ]);
  });
});

describe('payment signing: paying', () => {
  it('starts only with a known bank chosen, then sends the browser to the bank payment provider', async () => {
    const run = await enabled();
    expect(run.view().canStart).toBe(false);
    run.actor.send({ type: 'payment.bankSelected', bic: 'NOTABANK' });
    expect(run.view().selectedBankBic).toBeNull();
    run.actor.send({ type: 'payment.bankSelected', bic: 'HABALV22' });
    expect(run.view().canStart).toBe(true);
    run.actor.send({ type: 'payment.started' });
    expect(run.startPayment.last().input).toEqual({ externalId: 'app-1', selectedBankBic: 'HABALV22', paymentPurpose: 'Contract 2026-0001' });
    run.startPayment.last().resolve(startAnswer);
    await settle();
    expect(run.redirect.last().input).toEqual({ url: startAnswer.redirectUrl });
    expect(run.view().busy).toBe(true);
  });

  it('a start that fails sets the payment error and keeps the chosen bank', async () => {
    const run = await enabled();
    run.actor.send({ type: 'payment.bankSelected', bic: 'UNLALV2X' });
    run.actor.send({ type: 'payment.started' });
    run.startPayment.last().reject(appError('server'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'choosingBank', paymentError: true, selectedBankBic: 'UNLALV2X', message: SIGNING_MESSAGES.paymentFailed, canStart: true });
  });

  it('back from the bank, asks the status until a result: signed', async () => {
    const run = await enabled({ ...INPUT, returned: true });
    run.pollStatus.last().resolve(polled('RUNNING'));
    await settle();
    expect(run.view().status).toBe('checkingStatus');
    run.clock.increment(smartIdPollDelay(1));
    await settle();
    run.pollStatus.last().resolve(polled('SIGNED_CONTRACT'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'signed', message: SIGNING_MESSAGES.signed });
    expect(run.actor.getSnapshot().output).toEqual({ signed: true });
  });

  it('back from the bank with a failed payment: the payment error, and another bank may be chosen', async () => {
    const run = await enabled({ ...INPUT, returned: true });
    run.pollStatus.last().resolve(polled('USER_CANCELLED'));
    await settle();
    expect(run.view()).toMatchObject({ status: 'choosingBank', paymentError: true });
    run.actor.send({ type: 'payment.bankSelected', bic: 'PARXLV22' });
    run.actor.send({ type: 'payment.started' });
    expect(run.startPayment.calls).toHaveLength(1);
  });

  it('back from the bank with a failed payment that ended the signing (decision 175): ended, no other bank offered', async () => {
    const run = await enabled({ ...INPUT, returned: true });
    run.pollStatus.last().resolve({ ...polled('COMPLETED_FAILURE'), signingEnded: true });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('ended');
    expect(run.actor.getSnapshot().output).toEqual({ signed: false, ended: true });
    run.actor.send({ type: 'payment.bankSelected', bic: 'PARXLV22' });
    run.actor.send({ type: 'payment.started' });
    expect(run.startPayment.calls).toHaveLength(0);
  });

  it('a status that cannot be read can be asked again', async () => {
    const run = await enabled({ ...INPUT, returned: true });
    run.pollStatus.last().reject(appError('network'));
    await settle();
    expect(run.view().status).toBe('statusFailed');
    run.actor.send({ type: 'payment.statusReloaded' });
    run.pollStatus.last().resolve(polled('COMPLETED_OK'));
    await settle();
    expect(run.view().status).toBe('signed');
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths
// ---------------------------------------------------------------------------------------------

type Outcome = { type: string; output?: unknown; error?: unknown; bic?: string };
const DONE = (state: string) => `xstate.done.actor.0.paymentSigning.${state}`;
const ERROR = (state: string) => `xstate.error.actor.0.paymentSigning.${state}`;
const WAITED = 'xstate.after.pollDelay.paymentSigning.checkingStatus.waiting';

function eventsIn(snapshot: PaymentSigningSnapshot): Outcome[] {
  const { context } = snapshot;
  if (snapshot.matches('checking')) {
    return [{ type: DONE('checking'), output: { enabled: true } }, { type: DONE('checking'), output: { enabled: false } }, { type: ERROR('checking'), error: appError('network') }];
  }
  if (snapshot.matches('choosingBank')) {
    const events: Outcome[] = [{ type: 'payment.started' }, { type: 'payment.bankSelected', bic: 'NOTABANK' }];
    // One bank, then another: enough to see a choice replaced.
    for (const bank of PAYMENT_BANKS.slice(0, 2)) if (context.selectedBankBic !== bank.bic) events.push({ type: 'payment.bankSelected', bic: bank.bic });
    return events;
  }
  if (snapshot.matches('starting')) return [{ type: DONE('starting'), output: startAnswer }, { type: ERROR('starting'), error: appError('server') }];
  if (snapshot.matches('redirecting')) return [{ type: ERROR('redirecting'), error: appError('config') }];
  if (snapshot.matches({ checkingStatus: 'fetching' })) {
    const events: Outcome[] = [
      { type: DONE('checkingStatus.fetching'), output: polled('SIGNED_CONTRACT') },
      { type: DONE('checkingStatus.fetching'), output: polled('COMPLETED_FAILURE') },
      { type: ERROR('checkingStatus.fetching'), error: appError('network') },
    ];
    if (context.attempt < 2) events.push({ type: DONE('checkingStatus.fetching'), output: polled('RUNNING') });
    return events;
  }
  if (snapshot.matches({ checkingStatus: 'waiting' })) return [{ type: WAITED }];
  if (snapshot.matches('statusFailed')) return [{ type: 'payment.statusReloaded' }];
  return [];
}

describe('payment signing: model-based paths', () => {
  const inputs: Array<[string, PaymentSigningInput]> = [
    ['choosing', INPUT],
    ['returned', { ...INPUT, returned: true }],
    ['flag off', { ...INPUT, flagEnabled: false }],
    ['partner source', { ...INPUT, sourceChannel: 'PARTNER_HOSTED_FLOW' }],
  ];
  for (const [label, input] of inputs) {
    const paths = getShortestPaths(paymentSigningMachine, {
      input,
      events: (snapshot) => eventsIn(snapshot as PaymentSigningSnapshot) as unknown as PaymentSigningEvent[],
      serializeState: (snapshot) => {
        const { context } = snapshot as PaymentSigningSnapshot;
        return JSON.stringify({ value: snapshot.value, bic: context.selectedBankBic, error: context.paymentError, result: context.result, attempt: Math.min(context.attempt, 2), disabled: context.disabledReason });
      },
    });

    it(`${label}: reaches its states`, () => {
      const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      if (input.flagEnabled && input.sourceChannel === 'WEB') {
        const expected = input.returned ? ['signed', 'statusFailed', 'choosingBank', 'disabled'] : ['choosingBank', 'starting', 'redirecting', 'disabled'];
        for (const state of expected) expect(values).toContain(JSON.stringify(state));
      } else {
        expect([...values]).toEqual([JSON.stringify('disabled')]);
      }
    });

    for (const path of paths) {
      const names = path.steps.slice(1).map((step) => {
        const event = step.event as Outcome;
        const output = event.output as { status?: string; enabled?: boolean } | undefined;
        return `${event.type.replace('.actor.0.paymentSigning', '')}${event.bic ? `(${event.bic})` : output?.status ? `(${output.status})` : output?.enabled !== undefined ? `(${output.enabled})` : ''}`;
      });
      it(`${label}: ${names.join(' > ') || '(start)'}`, async () => {
        const run = start(input);
        for (const step of path.steps.slice(1)) {
          const event = step.event as Outcome;
          if (event.type === WAITED) {
            run.clock.increment(smartIdPollDelay(run.actor.getSnapshot().context.attempt));
          } else if (event.type.startsWith('xstate.')) {
            const fake = event.type.includes('.checking') && !event.type.includes('checkingStatus')
              ? run.checkEnabled
              : event.type.includes('starting')
                ? run.startPayment
                : event.type.includes('redirecting')
                  ? run.redirect
                  : run.pollStatus;
            const open = (fake as typeof run.pollStatus).open();
            expect(open, `one ${event.type} call under way`).toHaveLength(1);
            if (event.type.startsWith('xstate.done')) open[0]!.resolve(event.output as never);
            else open[0]!.reject(event.error);
          } else {
            run.actor.send(event as PaymentSigningEvent);
          }
          await settle();
          const snapshot = run.actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect([snapshot.context.selectedBankBic, snapshot.context.paymentError, snapshot.context.disabledReason]).toEqual([
            step.state.context.selectedBankBic,
            step.state.context.paymentError,
            step.state.context.disabledReason,
          ]);
          // A payment is started only with one of section 3's banks.
          for (const call of run.startPayment.calls) expect(PAYMENT_BANKS.map((bank) => bank.bic)).toContain(call.input.selectedBankBic);
        }
        // Without the flag or with a partner's source the restriction is never asked.
        if (!input.flagEnabled || input.sourceChannel !== 'WEB') expect(run.checkEnabled.calls).toHaveLength(0);
        run.actor.stop();
      });
    }
  }
});
