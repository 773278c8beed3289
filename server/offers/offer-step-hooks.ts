/** The offer pages on the server (issue 12; docs/decisions/131-offer-bounds-and-variants.md). */
import type { StepHooks } from '../steps/step-hook';
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
 */
export function offerStepHooks(taskKey: OfferTask): StepHooks {
  return {
    decidedBeforeShown: true,
    afterApply: async ({ tx, application, data, submittedCustomData, products, now }) => {
      // Decision 173: an accepted initial offer above 15 000 € goes to the bank's additional checks first.
      const additionalChecksAsked = isAdditionalCheckOffer(data);
      const answered = answerOffer(taskKey, data, submittedCustomData, products, now);
      const statementsAreGiven = additionalChecksAsked && answered.answer === 'ACCEPTED' ? await statementsGiven(tx, application.id, 'APPLICANT') : false;
      return { data: answered.data, facts: { offerAnswer: answered.answer, additionalChecksAsked, statementsGiven: statementsAreGiven } };
    },
  };
}
