/**
 * An offer answered (issue 12; docs/decisions/131-offer-bounds-and-variants.md): ReviewApproved's or
 * ViewCreditCardOffer's submission. The server never takes the client's figures: it reads the
 * approved offer it stored with the decision, re-checks the chosen amount and period against that
 * offer's bounds (422 with field errors otherwise), computes the offer itself and stores it as
 * section 3's `offer` and `personalOffer`, with the chosen amount and period as the credit conditions.
 */
import * as v from 'valibot';
import { ApprovedOfferSchema } from '../../core/wire/offer.schema';
import { personalOfferTypeOf, type ApprovedOffer } from '../../core/domain/offers';
import { offerBoundsProblem } from '../../core/validation/general/product-bounds';
import type { ProductData, ProductTable } from '../../core/domain/product-data';
import { isProductName } from '../../core/domain/products';
import { MESSAGES } from '../../core/validation/messages';
import type { StoredApplicationData } from '../applications/application-data';
import { offerOf } from '../decisions/decision-rules';
import { ApiError } from '../http/api-error';
import { answerCrossSell, isCrossSellCardPage } from './cross-sell.service';

/** The offer pages' task keys. */
export const OFFER_TASKS = ['reviewApproved', 'viewCreditCardOffer'] as const;
export type OfferTask = (typeof OFFER_TASKS)[number];

export function isOfferTask(taskKey: string): taskKey is OfferTask {
  return (OFFER_TASKS as readonly string[]).includes(taskKey);
}

/** What the offer pages send (their contracts' wire paths, under the submission's `customData`). */
export const OFFER_ANSWER_PATH = 'customData.offerAnswer';
export const OFFER_AMOUNT_PATH = 'customData.offerAmount';
export const OFFER_PERIOD_PATH = 'customData.offerPeriod';

const StoredPositiveSchema = v.object({ outcome: v.literal('POSITIVE'), offer: ApprovedOfferSchema });

/** The approved offer the decision stored with the application; undefined when there is none. */
export function storedApprovedOffer(data: unknown): ApprovedOffer | undefined {
  const decision = typeof data === 'object' && data !== null && 'decision' in data ? data.decision : undefined;
  const parsed = v.safeParse(StoredPositiveSchema, decision);
  return parsed.success ? parsed.output.offer : undefined;
}

export type OfferAnswer = 'ACCEPTED' | 'DECLINED';

const SubmittedSchema = v.object({
  offerAnswer: v.picklist(['ACCEPT', 'DECLINE']),
  offerAmount: v.optional(v.number()),
  offerPeriod: v.optional(v.number()),
});

function refused(path: string, message: string): ApiError {
  return new ApiError('VALIDATION_FAILED', 'The offer cannot be taken with these terms.', { fieldErrors: { [path]: [message] } });
}

/** The product priced at the approved offer's rate: a rate changed by the bank since the decision does not change the offer. */
function atOfferRate(product: ProductData, offer: ApprovedOffer): ProductData {
  return {
    ...product,
    interestRate: offer.interestRate,
    minInterestRate: Math.min(product.minInterestRate, offer.interestRate),
    maxInterestRate: Math.max(product.maxInterestRate, offer.interestRate),
  };
}

/**
 * Applies an offer page's answer to the application's data: accepted, the offer the server computes
 * for the chosen amount and period (a card's limit and period are the approved ones); declined,
 * only the answer. Throws VALIDATION_FAILED (422) for terms outside the approved offer's bounds, and
 * STEP_OUT_OF_ORDER when the application holds no approved offer.
 */
export function answerOffer(
  taskKey: OfferTask,
  data: StoredApplicationData,
  submittedCustomData: Record<string, unknown>,
  products: ProductTable,
  now: Date,
): { data: StoredApplicationData; answer: OfferAnswer } {
  // Decision 174: a loan's card page answers the card offered with the loan, never the loan's offer.
  if (isCrossSellCardPage(taskKey, data)) return answerCrossSell(data, submittedCustomData, now);
  const approved = storedApprovedOffer(data);
  const product = approved && isProductName(approved.productName) ? products[approved.productName] : undefined;
  if (!approved || !product) throw new ApiError('STEP_OUT_OF_ORDER', 'The application holds no approved offer.');
  const submitted = v.safeParse(SubmittedSchema, submittedCustomData);
  if (!submitted.success) throw refused(OFFER_ANSWER_PATH, MESSAGES.choiceInvalid);
  if (submitted.output.offerAnswer === 'DECLINE') {
    return { data: { ...data, offerAnswer: { answer: 'DECLINED', answeredAt: now.toISOString() } }, answer: 'DECLINED' };
  }
  const card = taskKey === 'viewCreditCardOffer';
  const amount = card ? approved.amount : submitted.output.offerAmount;
  const period = card ? approved.period : submitted.output.offerPeriod;
  if (amount === undefined) throw refused(OFFER_AMOUNT_PATH, MESSAGES.required);
  if (period === undefined) throw refused(OFFER_PERIOD_PATH, MESSAGES.required);
  const amountProblem = offerBoundsProblem(approved.bounds, 'amount', amount);
  if (amountProblem) throw refused(OFFER_AMOUNT_PATH, amountProblem);
  const periodProblem = offerBoundsProblem(approved.bounds, 'period', period);
  if (periodProblem) throw refused(OFFER_PERIOD_PATH, periodProblem);
  // Decision 184: a leasing's residual is paid with the last payment, and its terms stay with the offer.
  const figures = { ...offerOf(atOfferRate(product, approved), amount, period, approved.residual), ...(approved.leasing ? { leasing: approved.leasing } : {}) };
  const type = personalOfferTypeOf(approved.variant);
  return {
    answer: 'ACCEPTED',
    data: {
      ...data,
      creditConditions: { ...data.creditConditions, loanAmount: amount, loanPeriod: period },
      // Section 3: offer {offeredProductName} with the figures it was accepted at, personalOffer {type}.
      offer: { offeredProductName: approved.productName, ...figures, acceptedAt: now.toISOString() },
      personalOffer: { type },
      offerAnswer: { answer: 'ACCEPTED', answeredAt: now.toISOString() },
      ...(card ? { creditCardOfferAccepted: true } : {}),
    },
  };
}
