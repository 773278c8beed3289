/** The offer pages on the server (issue 12; docs/decisions/131-offer-bounds-and-variants.md, 174-cross-sell-card-offer.md). */
import type { StepHooks } from '../steps/step-hook';
import { crossSellCardOffered, decideCrossSellOnOffer } from './cross-sell.service';
import { statementsGiven } from '../checks/statement-evidence';
import { answerOffer, storedApprovedOffer, type OfferTask } from './offer.service';
import type { StoredApplicationData } from '../applications/application-data';

/** The stored decision is the INITIAL stage's, with an offer of the additional-check variant (decision 131). */
function isAdditionalCheckOffer(data: StoredApplicationData): boolean {
  const decision = data['decision'];
  const stage = typeof decision === 'object' && decision !== null ? (decision as { stage?: unknown }).stage : undefined;
  return stage !== 'FINAL' && storedApprovedOffer(data)?.variant === 'ADDITIONAL_CHECK';
}

/**
 * An offer page shows the engine's offer, so the engine decides before the process shows it; its
 * answer is re-checked against the approved offer and the offer computed here, never taken from the client.
 * Decision 174: a loan's offer page, once reached, has the card its product cross-sells decided; the
 * loan accepted with a card offered goes on to that card's page.
 */
export function offerStepHooks(taskKey: OfferTask): StepHooks {
  return {
    decidedBeforeShown: true,
    afterApply: async ({ tx, application, data, submittedCustomData, products, now }) => {
      // Decision 173: an accepted initial offer above 15 000 € goes to the bank's additional checks first.
      const additionalChecksAsked = isAdditionalCheckOffer(data);
      const answered = answerOffer(taskKey, data, submittedCustomData, products, now);
      const cardNext = taskKey === 'reviewApproved' && answered.answer === 'ACCEPTED' && crossSellCardOffered(answered.data);
      const statementsAreGiven = additionalChecksAsked && answered.answer === 'ACCEPTED' ? await statementsGiven(tx, application.id, 'APPLICANT') : false;
      return {
        data: answered.data,
        facts: { offerAnswer: answered.answer, crossSellCardOffered: cardNext, additionalChecksAsked, statementsGiven: statementsAreGiven },
      };
    },
    ...(taskKey === 'reviewApproved' ? { onReached: ({ deps, tx, owner, application }) => decideCrossSellOnOffer(deps, tx, owner, application) } : {}),
  };
}
