import { and } from 'xstate';
import type { DecisionOutcome } from '../../src/domain/decisions';
import type { TaskKey } from '../../src/steps/task-keys';
import { processSetup, type TaskStateMeta } from './process-setup';

/**
 * Every retail product in Estonia, Latvia and Lithuania (sections 1 and 2; issue 11): the
 * applicant's part, their check of the answers, then (for a loan with a co-applicant) the
 * co-borrower's part in a sub-flow of their own, and then the decision, which both of them see.
 * What differs by product and answers is decided by guards on the submitted facts:
 * - employees are asked about their employer (each person by their own answer);
 * - a real-estate loan asks about the property, and a housing loan does when the bank turned on
 *   "real estate in the housing flow" (section 6);
 * - only loans two people repay together take a co-applicant (src/domain/persons.ts);
 * - the same owner's other open application of this applicant (or one they may join as its
 *   co-borrower) is offered first, right after the create step (ChooseContinueOption, decision 121),
 *   and again after the personal details when they changed the personal code to such a one.
 * After the last check of the answers the decision engine decides (issue 12): a negative or
 * undecided outcome ends at its decision page, a positive one leads to the contract (until the offers
 * are built; then the signing method chosen ends at the additional-data-submitted page for now). Data steps are
 * `returnable` (Back, and change links from check answers, reach them); the first step is too.
 * docs/processes/ has the diagram and, per product, the steps asked and their order.
 */
const RETURNABLE: TaskStateMeta = { returnable: true };

const submissionOf = (taskKey: TaskKey) => ({ type: 'isSubmissionOf', params: { taskKey } }) as const;

/** A data step that always leads to `target`. */
function step<const T extends string>(taskKey: TaskKey, target: T) {
  return { meta: RETURNABLE, on: { 'step.submitted': { guard: submissionOf(taskKey), target } } };
}

/**
 * The applicant's personal details: a personal code changed there to one of another open application
 * of the same owner asks ChooseContinueOption again (decision 121), which then goes on where the
 * personal details would have gone.
 */
function applicantPersonalInfo(processId: string) {
  return {
    submitPersonalInfo: {
      meta: RETURNABLE,
      on: {
        'step.submitted': [
          { guard: and([submissionOf('submitPersonalInfo'), 'hasOtherActiveApplication', 'personalCodeChanged']), target: 'personalCodeChanged' },
          { guard: submissionOf('submitPersonalInfo'), target: 'submitBackgroundData' },
        ],
      },
    },
    personalCodeChanged: {
      initial: 'chooseContinueOption',
      states: {
        chooseContinueOption: { on: { 'step.submitted': { guard: submissionOf('chooseContinueOption'), target: `#${processId}.submitBackgroundData` } } },
      },
    },
  };
}

const NEGATIVE = ['NEGATIVE_INITIAL', 'NEGATIVE_REFINANCING', 'NEGATIVE_FINAL'] as const;
const HOUSING_UNDECIDED = ['UNDECIDED_HOUSING_LOAN', 'UNDECIDED_HOUSING_LOAN_CO_BORROWER'] as const;

/**
 * Where the last check of the answers leads (issue 12): the decision engine's outcome, asked by the
 * service when check answers is submitted (docs/decisions/130). Negative and undecided outcomes end
 * at their decision page; a positive one leads to the contract (issue 12: the offer steps are to
 * come before it). `prefix` reaches the top-level states from inside a sub-flow.
 */
function decided(prefix: string) {
  const when = (outcomes: readonly DecisionOutcome[]) => ({ type: 'decisionIs', params: { outcomes } }) as const;
  return [
    { guard: and([submissionOf('checkAnswers'), when(NEGATIVE)]), target: `${prefix}readNegativeDecision` },
    { guard: and([submissionOf('checkAnswers'), when(HOUSING_UNDECIDED)]), target: `${prefix}readUndecidedHousingLoanDecision` },
    { guard: and([submissionOf('checkAnswers'), when(['UNDECIDED'])]), target: `${prefix}readUndecidedDecision` },
    { guard: and([submissionOf('checkAnswers'), when(['POSITIVE'])]), target: `${prefix}viewContractAndChooseSigningMethod` },
    { guard: submissionOf('checkAnswers'), target: `${prefix}viewAdditionalDataSubmitted` },
  ];
}

/** The data steps of one person's part, from their personal details on; `check` ends the part. */
function personalPart(role: 'APPLICANT' | 'COBORROWER', last: { prefix: string; whenCoBorrower?: string }, processId: string) {
  return {
    ...(role === 'APPLICANT' ? applicantPersonalInfo(processId) : { submitPersonalInfo: step('submitPersonalInfo', 'submitBackgroundData') }),
    submitBackgroundData: {
      meta: RETURNABLE,
      on: {
        'step.submitted': [
          { guard: and([submissionOf('submitBackgroundData'), { type: 'worksForEmployer', params: { role } }]), target: 'submitEmployerInfo' },
          { guard: submissionOf('submitBackgroundData'), target: 'submitAddress' },
        ],
      },
    },
    submitEmployerInfo: step('submitEmployerInfo', 'submitAddress'),
    submitAddress: step('submitAddress', 'submitFinancialData'),
    submitFinancialData:
      role === 'APPLICANT'
        ? {
            meta: RETURNABLE,
            on: {
              'step.submitted': [
                { guard: and([submissionOf('submitFinancialData'), 'asksRealEstate']), target: 'submitRealEstateInfo' },
                { guard: submissionOf('submitFinancialData'), target: 'submitBankDetailsAndIdentificationDocumentInfo' },
              ],
            },
          }
        : step('submitFinancialData', 'submitBankDetailsAndIdentificationDocumentInfo'),
    ...(role === 'APPLICANT' ? { submitRealEstateInfo: step('submitRealEstateInfo', 'submitBankDetailsAndIdentificationDocumentInfo') } : {}),
    submitBankDetailsAndIdentificationDocumentInfo: step('submitBankDetailsAndIdentificationDocumentInfo', 'checkAnswers'),
    checkAnswers: {
      on: {
        'step.submitted': [
          ...(last.whenCoBorrower ? [{ guard: and([submissionOf('checkAnswers'), 'hasCoBorrower']), target: last.whenCoBorrower }] : []),
          ...decided(last.prefix),
        ],
      },
    },
  };
}

/**
 * A retail process. `chooseProductFirst`: an upsale application made without a product (section 4:
 * `/start` outside Estonian retail) first asks for the product on the choose-product step; Back from
 * the create-application step returns to that choice.
 */
function retailProcess<const Id extends string>(id: Id, options: { chooseProductFirst: boolean }) {
  const chooseProduct = {
    chooseProduct: {
      meta: RETURNABLE,
      on: { 'step.submitted': { guard: submissionOf('chooseProduct'), target: 'createApplicationStep', actions: 'recordProduct' as const } },
    },
  };
  return processSetup.createMachine({
    id,
    context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
    initial: options.chooseProductFirst ? 'chooseProduct' : 'createApplicationStep',
    states: {
      ...(options.chooseProductFirst ? chooseProduct : {}),
      createApplicationStep: {
        meta: RETURNABLE,
        on: {
          'step.submitted': [
            // Decision 121: the same owner already has an open application of this applicant.
            { guard: and([submissionOf('createApplicationStep'), 'hasApplicant', 'hasOtherActiveApplication']), target: 'chooseContinueOption', actions: 'recordProduct' },
            { guard: and([submissionOf('createApplicationStep'), 'hasApplicant']), target: 'submitPersonalInfo', actions: 'recordProduct' },
          ],
        },
      },
      /**
       * Chosen to go on with the new application (the others annulled): where createApplicationStep
       * goes. Not returnable: what was chosen was carried out (decision 121), so Back from the next
       * step is refused; Back from here returns to the create step.
       */
      chooseContinueOption: { on: { 'step.submitted': { guard: submissionOf('chooseContinueOption'), target: 'submitPersonalInfo' } } },
      ...personalPart('APPLICANT', { prefix: '', whenCoBorrower: 'coBorrower' }, id),
      /** The co-borrower's part (issue 11): their own steps, in their own session, after the applicant's. */
      coBorrower: {
        meta: { role: 'COBORROWER' } satisfies TaskStateMeta,
        initial: 'submitInitialDataCoBorrower',
        states: {
          submitInitialDataCoBorrower: step('submitInitialDataCoBorrower', 'submitPersonalInfo'),
          ...personalPart('COBORROWER', { prefix: `#${id}.` }, id),
        },
      },
      /**
       * Issue 12: the contract of a positive decision, and the choice of how to sign it. Not
       * returnable: the application was sent. The signing steps are to follow the choice; until they
       * are built, the additional-data-submitted page does.
       */
      viewContractAndChooseSigningMethod: {
        on: { 'step.submitted': { guard: submissionOf('viewContractAndChooseSigningMethod'), target: 'viewAdditionalDataSubmitted' } },
      },
      viewAdditionalDataSubmitted: { type: 'final' },
      /** The decisions (issue 12): each ends the flow; both persons of the application see it. */
      readNegativeDecision: { type: 'final' },
      readUndecidedDecision: { type: 'final' },
      readUndecidedHousingLoanDecision: { type: 'final' },
      /** The generic thank-you page: where applications sent before issue 11 rest. */
      viewThankYouPage: { type: 'final' },
    },
  });
}

export const retailLoanProcess = retailProcess('retailLoan', { chooseProductFirst: false });

/** An upsale application made without a product: the product choice, then as a retail loan. */
export const retailUpsaleProcess = retailProcess('retailUpsale', { chooseProductFirst: true });
