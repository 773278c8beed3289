/**
 * ReviewApproved (section 2, issue 12; decision 131): the answer to a loan's approved offer. Accepted,
 * with the amount and period chosen; the offer's bounds are the approved offer's, which only the
 * server holds as the truth: it re-checks them and computes the offer itself (server/offers), so the
 * table checks the shape and the page the bounds the offer told it.
 */
import { askedWhen, choice, money, wholeNumber } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';

export const OFFER_ANSWERS = ['ACCEPT', 'DECLINE'] as const;

export default defineStepContract({
  fields: () => ({
    offerAnswer: choice('customData.offerAnswer', OFFER_ANSWERS),
    offerAmount: askedWhen(money('customData.offerAmount', { min: 1 }), (values) => values['offerAnswer'] === 'ACCEPT'),
    offerPeriod: askedWhen(wholeNumber('customData.offerPeriod', { min: 1, max: 600 }), (values) => values['offerAnswer'] === 'ACCEPT'),
  }),
  // The offer as approved at the amount and period applied for (the examples' applicant is approved so).
  example: ({ prefill }) => ({
    offerAnswer: 'ACCEPT',
    offerAmount: String(typeof prefill?.loanAmount === 'number' ? prefill.loanAmount : 5000),
    offerPeriod: String(typeof prefill?.loanPeriod === 'number' ? prefill.loanPeriod : 36),
  }),
});
