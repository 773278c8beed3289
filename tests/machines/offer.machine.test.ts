/**
 * ReviewApproved's offer calculator (src/steps/reviewApproved/offer.machine.ts; decision 131) with a fake
 * calculation on a SimulatedClock: the approved figures are shown without a call, the bounds are the
 * offer's, a changed choice is calculated after the debounce, and accepting needs valid values whose
 * figures are shown.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator-values';
import { OFFER_DEBOUNCE_MS, offerMachine, offerView, type OfferAccepted } from '../../src/steps/reviewApproved/offer.machine';
import { offerOf } from '../../server/decisions/decision-rules';
import { offerBoundsOf, type ApprovedOffer } from '../../core/domain/offers';
import type { ProductData } from '../../core/domain/product-data';
import { calculateLikeTheServer, productTableOf } from '../support/product-data';

const SMALL_LOAN = productTableOf('retail-banking-ee').SMALL_LOAN as ProductData;
const OFFER: ApprovedOffer = { ...offerOf(SMALL_LOAN, 5000, 36), variant: 'INITIAL', bounds: offerBoundsOf(SMALL_LOAN, { amount: 5000, period: 36 }) };

function start() {
  const asked: CalculationRequest[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    offerMachine.provide({
      actors: {
        calculate: fromPromise<CalculatedFigures, CalculationRequest>(async ({ input }) => {
          asked.push(input);
          return calculateLikeTheServer(input);
        }),
      },
    }),
    { clock },
  );
  const accepted: OfferAccepted[] = [];
  actor.on('offer.acceptedWith', (event) => accepted.push(event));
  actor.start();
  actor.send({ type: 'offer.shown', offer: OFFER, product: SMALL_LOAN });
  return { actor, clock, asked, accepted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the offer calculator', () => {
  it('shows the approved figures without a call, and accepts them as approved', () => {
    const { actor, asked, accepted } = start();
    const view = offerView(actor.getSnapshot());
    expect(view.figures).toMatchObject({ status: 'shown', figures: { monthlyPayment: OFFER.monthlyPayment } });
    expect(view.product).toMatchObject({ minAmount: 500, maxAmount: 5000, minPeriod: 36, maxPeriod: 72, interestRate: OFFER.interestRate });
    expect(asked).toEqual([]);
    actor.send({ type: 'offer.accepted' });
    expect(accepted).toEqual([{ type: 'offer.acceptedWith', amount: 5000, period: 36 }]);
  });

  it('calculates a changed choice after the debounce, then accepts it', async () => {
    const { actor, clock, asked, accepted } = start();
    actor.send({ type: 'offer.typed', field: 'amount', text: '4000', locale: 'en' });
    actor.send({ type: 'offer.slid', field: 'period', value: 48 });
    expect(offerView(actor.getSnapshot()).figures.status).toBe('calculating');
    // Not accepted while the figures of the choice are not shown.
    actor.send({ type: 'offer.accepted' });
    expect(accepted).toEqual([]);
    clock.increment(OFFER_DEBOUNCE_MS);
    await settle();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ amount: 4000, periodMonths: 48 });
    expect(offerView(actor.getSnapshot())).toMatchObject({ canAccept: true, figures: { status: 'shown', request: { amount: 4000, periodMonths: 48 } } });
    actor.send({ type: 'offer.accepted' });
    expect(accepted).toEqual([{ type: 'offer.acceptedWith', amount: 4000, period: 48 }]);
  });

  it.each([
    ['an amount above the approved one', 'amount', '5001'],
    ['an amount below the product’s minimum', 'amount', '499'],
    ['a period shorter than the approved one', 'period', '35'],
    ['a period beyond the product’s longest', 'period', '73'],
  ] as const)('refuses %s: nothing is calculated or accepted, and the problem shows on accepting', (_case, field, text) => {
    const { actor, clock, asked, accepted } = start();
    actor.send({ type: 'offer.typed', field, text, locale: 'en' });
    clock.increment(OFFER_DEBOUNCE_MS);
    actor.send({ type: 'offer.accepted' });
    const view = offerView(actor.getSnapshot());
    expect(asked).toEqual([]);
    expect(accepted).toEqual([]);
    expect(view.canAccept).toBe(false);
    expect(view.draft?.showProblems).toBe(true);
    expect(view.draft?.[field].problem).toMatch(field === 'amount' ? /amountOutOfRange\?minEur=500&maxEur=5000/ : /periodOutOfRange\?min=36&max=72/);
  });

  it('a slider stays within the offer’s bounds', () => {
    const { actor } = start();
    actor.send({ type: 'offer.slid', field: 'amount', value: 9000 });
    expect(offerView(actor.getSnapshot()).draft?.amount.value).toBe(5000);
  });
});
