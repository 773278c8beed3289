import { and } from 'xstate';
import type { DecisionOutcome } from '../../core/domain/decisions';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { processSetup, type TaskStateMeta } from './process-setup';

/**
 * Every corporate product (sections 1 and 2; issue 24, docs/decisions/184-corporate-processes.md):
 * the ten business loans and leasings of `corporate-banking`, one definition whose guards read the
 * product's kind (a leasing asks about the asset and the seller's offer):
 * 1. `businessData`: the company, the loan from the calculator and its representative (the
 *    APPLICANT person, who acts and signs for the company);
 * 2. `submitLeasingData` (leasing only): the asset, its price, the down payment and the residual;
 * 3. `submitFinancialData` (the corporate form): the collaterals and the liabilities;
 * 4. `uploadLeasingDocuments` (leasing only): the seller's offer (SALE_OFFER);
 * 5. `checkAnswers`, after which the decision engine decides (its corporate rules, decision 184):
 *    negative ends at ReadNegativeDecision, undecided at ReadUndecidedDecision (a business customer
 *    manager takes the application on: there is no online underwriter stage for companies), positive
 *    shows the offer on ReviewApproved;
 * 6. the offer accepted, the contract and the choice of how to sign it (the representative signs for
 *    the company with their own e-signature: decision 184), the signing, and the contract-signed page;
 *    declined, the generic thank-you page; a signing the provider refuses for good, the signing
 *    negative page (decision 175).
 * Data steps are `returnable` (Back, and the change links of check answers, reach them), as in retail;
 * the decision, the offer and the signing are not. docs/processes/corporate.md has the diagram and
 * the steps each product asks.
 */
const RETURNABLE: TaskStateMeta = { returnable: true };

const submissionOf = (taskKey: TaskKey) => ({ type: 'isSubmissionOf', params: { taskKey } }) as const;
const when = (outcomes: readonly DecisionOutcome[]) => ({ type: 'decisionIs', params: { outcomes } }) as const;

const NEGATIVE = ['NEGATIVE_INITIAL', 'NEGATIVE_REFINANCING', 'NEGATIVE_FINAL'] as const;
const UNDECIDED = ['UNDECIDED', 'UNDECIDED_HOUSING_LOAN', 'UNDECIDED_HOUSING_LOAN_CO_BORROWER'] as const;

/** A data step that leads to the leasing step `ifLeasing` for a leasing, else to `otherwise`. */
function byKind(taskKey: TaskKey, ifLeasing: string, otherwise: string) {
  return {
    meta: RETURNABLE,
    on: {
      'step.submitted': [
        { guard: and([submissionOf(taskKey), 'leasingProduct']), target: ifLeasing },
        { guard: submissionOf(taskKey), target: otherwise },
      ],
    },
  };
}

export const corporateProcess = processSetup.createMachine({
  id: 'corporate',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
  initial: 'businessData',
  states: {
    /** The first step: the product may change here (the calculator's product), so the process records it. */
    businessData: {
      meta: RETURNABLE,
      on: {
        'step.submitted': [
          { guard: and([submissionOf('businessData'), 'hasApplicant', 'leasingProduct']), target: 'submitLeasingData', actions: 'recordProduct' },
          { guard: and([submissionOf('businessData'), 'hasApplicant']), target: 'submitFinancialData', actions: 'recordProduct' },
        ],
      },
    },
    submitLeasingData: { meta: RETURNABLE, on: { 'step.submitted': { guard: submissionOf('submitLeasingData'), target: 'submitFinancialData' } } },
    submitFinancialData: byKind('submitFinancialData', 'uploadLeasingDocuments', 'checkAnswers'),
    uploadLeasingDocuments: { meta: RETURNABLE, on: { 'step.submitted': { guard: submissionOf('uploadLeasingDocuments'), target: 'checkAnswers' } } },
    /** The decision engine's corporate rules decide when the process is about to show the offer (decision 130's `decidedBeforeShown`). */
    checkAnswers: {
      on: {
        'step.submitted': [
          { guard: and([submissionOf('checkAnswers'), when(NEGATIVE)]), target: 'readNegativeDecision' },
          { guard: and([submissionOf('checkAnswers'), when(UNDECIDED)]), target: 'readUndecidedDecision' },
          { guard: submissionOf('checkAnswers'), target: 'reviewApproved' },
        ],
      },
    },
    /** The offer (decision 131, corporate pricing; a leasing's with its residual as the last payment). Not returnable. */
    reviewApproved: {
      on: {
        'step.submitted': [
          { guard: and([submissionOf('reviewApproved'), 'offerAccepted']), target: 'viewContractAndChooseSigningMethod' },
          { guard: submissionOf('reviewApproved'), target: 'viewThankYouPage' },
        ],
      },
    },
    /** The company's contract and the way its representative signs it; returnable from the signing screen. */
    viewContractAndChooseSigningMethod: {
      meta: RETURNABLE,
      on: { 'step.submitted': { guard: submissionOf('viewContractAndChooseSigningMethod'), target: 'viewContractConditions' } },
    },
    viewContractConditions: {
      on: {
        'step.submitted': [
          { guard: and([submissionOf('viewContractConditions'), 'signingRefused']), target: 'showContractSigningNegativePage' },
          { guard: submissionOf('viewContractConditions'), target: 'viewContractSigned' },
        ],
      },
    },
    viewContractSigned: { type: 'final' },
    readNegativeDecision: { type: 'final' },
    readUndecidedDecision: { type: 'final' },
    /** A declined offer (decision 132). */
    viewThankYouPage: { type: 'final' },
    showContractSigningNegativePage: { type: 'final' },
  },
});
