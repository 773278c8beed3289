import { processSetup } from './process-setup';

/**
 * A corporate application's first step, businessData (issue 24, part A; decision 181), until the
 * corporate process definitions arrive (part D, decision 184): the company, the financing and the
 * representative, then the thank-you page. It exists so that a corporate application can be made
 * and its first step sent and tested; part D's definitions replace it.
 */
export const corporateEntryProcess = processSetup.createMachine({
  id: 'corporateEntry',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
  initial: 'businessData',
  states: {
    businessData: {
      meta: { returnable: true },
      on: {
        'step.submitted': { guard: { type: 'isSubmissionOf', params: { taskKey: 'businessData' as const } }, target: 'viewThankYouPage' },
      },
    },
    viewThankYouPage: { type: 'final' },
  },
});
