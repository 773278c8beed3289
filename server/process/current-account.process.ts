import { and } from 'xstate';
import { processSetup } from './process-setup';

/**
 * A current account (section 2: `/current-account`, Estonian and Latvian retail): the applicant's
 * details on the create-application step (no loan block: a current account has no amount), then
 * IdentifyCustomer (issue 13, decision 158: login, and remote identification where the bank asks for
 * it), then the thank-you page. Signing the account contract comes with its own issue.
 */
export const currentAccountProcess = processSetup.createMachine({
  id: 'currentAccount',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
  initial: 'createApplicationStep',
  states: {
    createApplicationStep: {
      on: {
        'step.submitted': {
          guard: and([{ type: 'isSubmissionOf', params: { taskKey: 'createApplicationStep' as const } }, 'hasApplicant']),
          target: 'identifyCustomer',
        },
      },
    },
    // Issue 13 (decision 158): the bank knows who opens the account before it is opened.
    identifyCustomer: {
      on: {
        'step.submitted': { guard: { type: 'isSubmissionOf', params: { taskKey: 'identifyCustomer' as const } }, target: 'viewThankYouPage' },
      },
    },
    viewThankYouPage: { type: 'final' },
    // Decision 148: where the account's process rests once its contract is signed (signing it comes with its own issue).
    viewCurrentAccountContractSigned: { type: 'final' },
  },
});
