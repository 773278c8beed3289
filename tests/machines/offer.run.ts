/**
 * Runs ReviewApproved's offer calculator (src/steps/reviewApproved/offer.machine.ts) on a simulated
 * clock with a calculation the test settles, or the machine's own default when `unprovided`.
 */
import { SimulatedClock, createActor } from 'xstate';
import { offerMachine, offerView, type OfferAccepted } from '../../src/steps/reviewApproved/offer.machine';
import type { CalculatedFigures, CalculationRequest } from '../../machines/calculator/calculator-values';
import { offerOf } from '../../server/decisions/decision-rules';
import { offerBoundsOf, type ApprovedOffer } from '../../core/domain/offers';
import type { ProductData } from '../../core/domain/product-data';
import { productTableOf } from '../support/product-data';
import { controllable } from './actor.fakes';

export const SMALL_LOAN = productTableOf('retail-banking-ee').SMALL_LOAN as ProductData;
export const OFFER: ApprovedOffer = { ...offerOf(SMALL_LOAN, 5000, 36), variant: 'INITIAL', bounds: offerBoundsOf(SMALL_LOAN, { amount: 5000, period: 36 }) };

export function startOffer(options: { offer?: ApprovedOffer; unprovided?: boolean } = {}) {
  const calculate = controllable<CalculatedFigures, CalculationRequest>();
  const clock = new SimulatedClock();
  const machine = options.unprovided ? offerMachine : offerMachine.provide({ actors: { calculate: calculate.logic } });
  const actor = createActor(machine, { clock });
  const accepted: OfferAccepted[] = [];
  actor.on('offer.acceptedWith', (event) => accepted.push(event));
  actor.start();
  actor.send({ type: 'offer.shown', offer: options.offer ?? OFFER, product: SMALL_LOAN });
  return { actor, clock, calculate, accepted, view: () => offerView(actor.getSnapshot()) };
}
