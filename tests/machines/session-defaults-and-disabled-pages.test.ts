/**
 * The session machine's defaults (the heartbeat interval, the actors the app must provide) and a page
 * with expiry disabled that hears a request start (decision 050).
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { DEFAULT_HEARTBEAT_MS, sessionMachine } from '../../machines/session/session.machine';
import { settle } from './actor.fakes';
import { MINUTE, START, TTL_MS, WARNING_MS, startSession } from './session.fakes';

describe('session machine: defaults', () => {
  it('without a configured interval an active applicant gets the heartbeat after 5 minutes, not before', async () => {
    expect(DEFAULT_HEARTBEAT_MS).toBe(5 * MINUTE);
    const run = startSession({ heartbeatMs: undefined });
    run.reply();
    run.actor.send({ type: 'session.activity' });
    await run.advance(5 * MINUTE - 1000);
    expect(run.heartbeat.calls).toHaveLength(0);
    await run.advance(1000);
    expect(run.heartbeat.calls).toHaveLength(1);
    run.stop();
  });

  it('a configured interval is used as given', async () => {
    const run = startSession({ heartbeatMs: MINUTE });
    run.reply();
    run.actor.send({ type: 'session.activity' });
    await run.advance(MINUTE);
    expect(run.heartbeat.calls).toHaveLength(1);
    run.stop();
  });

  it('the actors the app must provide fail with a message naming them, and the warning offers to try again', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(sessionMachine, { clock, input: { warningMs: WARNING_MS, heartbeatMs: MINUTE, now: () => START + clock.now() } });
    actor.start();
    actor.send({ type: 'session.expiryReceived', expiresAt: START + TTL_MS });
    actor.send({ type: 'session.activity' });
    clock.increment(MINUTE);
    await settle();
    expect(actor.getSnapshot().context.heartbeatError?.message).toBe('The heartbeat actor is provided by the app');
    actor.send({ type: 'session.expiryReceived', expiresAt: START + MINUTE + WARNING_MS });
    actor.send({ type: 'session.extendRequested' });
    await settle();
    expect(actor.getSnapshot().matches({ warning: { extension: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.extendError?.message).toBe('The extendSession actor is provided by the app');
    actor.stop();
  });
});

describe('session machine: a page with expiry disabled', () => {
  it('a request starting there (no expiry in hand) does not forget the expiry already known', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.disabled' });
    run.requestStarted();
    await run.advance(MINUTE);
    run.actor.send({ type: 'session.enabled' });
    // Still 14 minutes left: the session runs on, no warning, and it comes 2 minutes before the end.
    expect(run.actor.getSnapshot().value).toEqual({ active: 'resting' });
    await run.advance(TTL_MS - MINUTE - WARNING_MS - 1000);
    expect(run.view().kind).toBe('none');
    await run.advance(1000);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: WARNING_MS / 1000 });
    run.stop();
  });

  it('a reply heard there slides the expiry the page comes back to', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.disabled' });
    await run.advance(10 * MINUTE);
    run.reply();
    run.actor.send({ type: 'session.enabled' });
    await run.advance(TTL_MS - WARNING_MS - 1000);
    expect(run.view().kind).toBe('none');
    run.stop();
  });
});
