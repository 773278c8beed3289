import { and } from 'xstate';
import { processSetup } from './process-setup';

/**
 * A current account (section 2: `/current-account`, Estonian and Latvian retail): the applicant's
 * details on the create-application step (no loan block: a current account has no amount), then
 * IdentifyCustomer (issue 13, decision 158: login, and remote identification where the bank asks for
 * it), then the account's contract signed on `signCurrentAccountContract` (issue 12, decisions 144,
 * 145: the API goes on only once it is signed) and the "current account contract signed" page.
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
        'step.submitted': { guard: { type: 'isSubmissionOf', params: { taskKey: 'identifyCustomer' as const } }, target: 'signCurrentAccountContract' },
      },
    },
    // Issue 12 (decisions 144, 145): the account's contract, signed before the account is opened.
    signCurrentAccountContract: {
      on: {
        'step.submitted': { guard: { type: 'isSubmissionOf', params: { taskKey: 'signCurrentAccountContract' as const } }, target: 'viewCurrentAccountContractSigned' },
      },
    },
    // Decision 148: where the account's process rests once its contract is signed.
    viewCurrentAccountContractSigned: { type: 'final' },
  },
});
