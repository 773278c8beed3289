/** The offer pages on the server (issue 12; docs/decisions/131-offer-bounds-and-variants.md, 174-cross-sell-card-offer.md). */
import type { StepHooks } from '../steps/step-hook';
import { crossSellCardOffered, decideCrossSellOnOffer } from './cross-sell.service';
import { answerOffer, type OfferTask } from './offer.service';

/**
 * An offer page shows the engine's offer, so the engine decides before the process shows it; its
 * answer is re-checked against the approved offer and the offer computed here, never taken from the client.
 * Decision 174: a loan's offer page, once reached, has the card its product cross-sells decided; the
 * loan accepted with a card offered goes on to that card's page.
 */
export function offerStepHooks(taskKey: OfferTask): StepHooks {
  return {
    decidedBeforeShown: true,
    afterApply: ({ data, submittedCustomData, products, now }) => {
      const answered = answerOffer(taskKey, data, submittedCustomData, products, now);
      const cardNext = taskKey === 'reviewApproved' && answered.answer === 'ACCEPTED' && crossSellCardOffered(answered.data);
      return { data: answered.data, facts: { offerAnswer: answered.answer, crossSellCardOffered: cardNext } };
    },
    ...(taskKey === 'reviewApproved' ? { onReached: ({ deps, tx, owner, application }) => decideCrossSellOnOffer(deps, tx, owner, application) } : {}),
  };
}
