/**
 * ViewCreditCardOffer (section 2, issue 12; decision 131): the answer to a credit card's approved
 * offer. The limit is the approved one (the server takes it from the offer it stored), so only the
 * answer is sent.
 */
import { choice } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';

export default defineStepContract({
  fields: () => ({
    offerAnswer: choice('customData.offerAnswer', ['ACCEPT', 'DECLINE']),
  }),
  example: () => ({ offerAnswer: 'ACCEPT' }),
});
