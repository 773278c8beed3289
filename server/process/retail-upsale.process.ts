import { and } from 'xstate';
import { processSetup } from './process-setup';

/**
 * An upsale application made without a product (section 4: `/start` outside Estonian retail): the
 * applicant first chooses the product on the choose-product step, then goes on as in a retail loan.
 * Back from the create-application step returns to the product choice.
 */
export const retailUpsaleProcess = processSetup.createMachine({
  id: 'retailUpsale',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
  initial: 'chooseProduct',
  states: {
    chooseProduct: {
      meta: { returnable: true },
      on: {
        'step.submitted': {
          guard: { type: 'isSubmissionOf', params: { taskKey: 'chooseProduct' as const } },
          target: 'createApplicationStep',
          actions: 'recordProduct',
        },
      },
    },
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
