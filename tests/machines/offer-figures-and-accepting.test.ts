/**
 * What ReviewApproved's calculator shows of the figures, and when the offer can be accepted
 * (decision 131): no figures for values that do not make a calculation, a failed calculation shown
 * as failed, accepting only with the figures of the values shown, and the calculation the app must
 * provide failing with a message naming it (decision 252).
 */
import { describe, expect, it } from 'vitest';
import { OFFER_DEBOUNCE_MS } from '../../src/steps/reviewApproved/offer.machine';
import { settle } from './actor.fakes';
import { startOffer } from './offer.run';

describe('the offer’s figures and accepting', () => {
  it('shows no figures, and cannot accept, for values that make no calculation', () => {
    const run = startOffer();
    run.actor.send({ type: 'offer.typed', field: 'amount', text: 'five', locale: 'en' });
    expect(run.view()).toMatchObject({ figures: { status: 'none' }, canAccept: false });
    expect(run.view().figures).toEqual({ status: 'none' });
  });

  it('cannot accept while the figures of the values are calculated, nor when that failed', async () => {
    const run = startOffer();
    expect(run.view().canAccept).toBe(true);
    run.actor.send({ type: 'offer.slid', field: 'period', value: 48 });
    expect(run.view()).toMatchObject({ figures: { status: 'calculating' }, canAccept: false });
    run.clock.increment(OFFER_DEBOUNCE_MS);
    expect(run.view()).toMatchObject({ figures: { status: 'calculating' }, canAccept: false });
    run.calculate.last().reject(new Error('down'));
    await settle();
    expect(run.view().figures).toEqual({ status: 'failed' });
    expect(run.view().canAccept).toBe(false);
    run.actor.send({ type: 'offer.accepted' });
    expect(run.accepted).toEqual([]);
  });

  it('a calculation not provided fails, naming the actor', async () => {
    const run = startOffer({ unprovided: true });
    run.actor.send({ type: 'offer.slid', field: 'period', value: 48 });
    run.clock.increment(OFFER_DEBOUNCE_MS);
    await settle();
    expect(run.view().figures).toEqual({ status: 'failed' });
    expect(run.actor.getSnapshot().context.error).toEqual({ kind: 'server', message: 'The calculate actor is provided by the app' });
  });
});
