import { and } from 'xstate';
import { processSetup } from './process-setup';

/**
 * Retail instalment loans in Estonia, Latvia and Lithuania (section 1). Walking skeleton: the
 * create-application step, then the generic thank-you page. Later issues add their branches here
 * as guarded transitions on the submitted data (co-borrower, background data, decisions, ...).
 */
export const retailLoanProcess = processSetup.createMachine({
  id: 'retailLoan',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
  initial: 'createApplicationStep',
  states: {
    createApplicationStep: {
      on: {
        'step.submitted': [
          // Decision 121: the same owner already has an open application of this applicant.
          {
            guard: and([{ type: 'isSubmissionOf', params: { taskKey: 'createApplicationStep' as const } }, 'hasApplicant', 'hasOtherActiveApplication']),
            target: 'chooseContinueOption',
            actions: 'recordProduct',
          },
          {
            guard: and([{ type: 'isSubmissionOf', params: { taskKey: 'createApplicationStep' as const } }, 'hasApplicant']),
            target: 'viewThankYouPage',
            actions: 'recordProduct',
          },
        ],
      },
    },
    /** Chosen to go on with the new application (the others annulled): where createApplicationStep goes. */
    chooseContinueOption: {
      on: {
        'step.submitted': {
          guard: { type: 'isSubmissionOf', params: { taskKey: 'chooseContinueOption' as const } },
          target: 'viewThankYouPage',
        },
      },
    },
    viewThankYouPage: { type: 'final' },
  },
});
