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
        'step.submitted': {
          guard: and([{ type: 'isSubmissionOf', params: { taskKey: 'createApplicationStep' as const } }, 'hasApplicant']),
          target: 'viewThankYouPage',
          actions: 'recordProduct',
        },
      },
    },
    viewThankYouPage: { type: 'final' },
  },
});
