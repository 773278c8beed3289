/** The offer pages on the server (issue 12; docs/decisions/131-offer-bounds-and-variants.md). */
import type { StepHooks } from '../steps/step-hook';
import { answerOffer, type OfferTask } from './offer.service';

/**
 * An offer page shows the engine's offer, so the engine decides before the process shows it; its
 * answer is re-checked against the approved offer and the offer computed here, never taken from the client.
 */
export function offerStepHooks(taskKey: OfferTask): StepHooks {
  return {
    decidedBeforeShown: true,
    afterApply: ({ data, submittedCustomData, products, now }) => {
      const answered = answerOffer(taskKey, data, submittedCustomData, products, now);
      return { data: answered.data, facts: { offerAnswer: answered.answer } };
    },
  };
}
