import { and } from 'xstate';
import type { DecisionOutcome } from '../../core/domain/decisions';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import { processSetup, type TaskStateMeta } from './process-setup';

/**
 * Every retail product in Estonia, Latvia and Lithuania (sections 1 and 2; issue 11): the
 * applicant's part, their check of the answers, then (for a loan with a co-applicant) the
 * co-borrower's part in a sub-flow of their own, and then the decision, which both of them see.
 * What differs by product and answers is decided by guards on the submitted facts:
 * - employees are asked about their employer (each person by their own answer);
 * - a real-estate loan asks about the property, and a housing loan does when the bank turned on
 *   "real estate in the housing flow" (section 6);
 * - only loans two people repay together take a co-applicant (core/domain/persons.ts);
 * - the same owner's other open application of this applicant (or one they may join as its
 *   co-borrower) is offered first, right after the create step (ChooseContinueOption, decision 121),
 *   and again after the personal details when they changed the personal code to such a one.
 * - decision 175: an application of the same person and product that another owner sent and the
 *   bank still handles ends the new one at the duplicate application page; the partner short
 *   channel ends after the check of the answers at the short application page; a signing the
 *   provider refuses for good ends at the signing negative page (the signing service moves it).
 * After a person's check of the answers, a person whose income needs evidence gives their bank
 * statements (decision 152: open banking, or an upload behind its flag). Then the decision engine
 * decides (issue 12): a negative outcome ends at its decision page, a positive one shows the offer
 * (ReviewApproved, a credit card's ViewCreditCardOffer; decision 131), after the seller's offer where a
 * campaign asks for it (decision 159); accepting leads to the contract and the choice of how to sign
 * it, and declining to the generic thank-you page. Decision 173: the bank's own checks around the
 * decision (`finalStage`): a refinancing loan's obligations are confirmed with the lenders before the
 * decision and paid off before the contract; an undecided application (not a housing loan's) and an
 * accepted offer above 15 000 € wait for an underwriter, whose answer leads to the FINAL decision and
 * its final offer. Data steps are
 * `returnable` (Back, and change links from check answers, reach them); the first step is too.
 * docs/processes/ has the diagram and, per product, the steps asked and their order.
 */
const RETURNABLE: TaskStateMeta = { returnable: true };

const submissionOf = (taskKey: TaskKey) => ({ type: 'isSubmissionOf', params: { taskKey } }) as const;
/** The back office answered `check` (docs/decisions/172). */
const answerOf = (check: BackOfficeCheck) => ({ type: 'isAnswerOf', params: { check } }) as const;
/** What moves a process on: a step's submission, or the back office's answer to a check. */
type Trigger = ReturnType<typeof submissionOf> | ReturnType<typeof answerOf>;

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
const when = (outcomes: readonly DecisionOutcome[]) => ({ type: 'decisionIs', params: { outcomes } }) as const;
const HOUSING_UNDECIDED = ['UNDECIDED_HOUSING_LOAN', 'UNDECIDED_HOUSING_LOAN_CO_BORROWER'] as const;

/**
 * Where the step before the decision leads (issue 12): the decision engine's outcome, asked by the
 * service once, when the process is about to end or show the offer (docs/decisions/130, 152).
 * Negative and undecided outcomes end at their decision page; a positive one at its offer page
 * (decision 131), or first the seller's offer a campaign asks for (decision 159). `prefix` reaches
 * the top-level states from inside a sub-flow.
 */
function decided(prefix: string, trigger: Trigger, options: { refinancingChecked?: boolean } = {}) {
  return [
    // Decision 172: statements shared through open banking are analysed first; the decision follows its answer.
    // A partner's applicant goes back to the shop meanwhile (the analysis and the decision go on without them).
    { guard: and([trigger, 'statementsAwaitAnalysis', 'returnsToMerchant']), target: `${prefix}returnToMerchant` },
    { guard: and([trigger, 'statementsAwaitAnalysis']), target: `${prefix}statementAnalysis` },
    // Decision 173: a refinancing loan's obligations are confirmed with the lenders before the decision.
    ...(options.refinancingChecked ? [] : [{ guard: and([trigger, 'refinancingLoan']), target: `${prefix}refinancingCheck` }]),
    { guard: and([trigger, when(NEGATIVE)]), target: `${prefix}readNegativeDecision` },
    { guard: and([trigger, when(HOUSING_UNDECIDED)]), target: `${prefix}readUndecidedHousingLoanDecision` },
    // Decision 173: an underwriter reviews what the engine left undecided (the housing loan's are a specialist's, with the applicant).
    { guard: and([trigger, when(['UNDECIDED'])]), target: `${prefix}undecided` },
    // Decision 159: approved, and the campaign of its code asks for the seller's offer first.
    { guard: and([trigger, when(['POSITIVE']), 'campaignAsksDocuments']), target: `${prefix}uploadCampaignDocuments` },
    { guard: and([trigger, 'offersCard']), target: `${prefix}viewCreditCardOffer` },
    { guard: trigger, target: `${prefix}reviewApproved` },
  ];
}

/**
 * An offer page (decision 131): accepting leads to the contract, declining ends at the generic
 * thank-you page. Not returnable: the decision stands, and an answered offer is not answered again.
 */
function offerPage(taskKey: 'reviewApproved' | 'viewCreditCardOffer', options: { crossSell?: boolean } = {}) {
  return {
    on: {
      'step.submitted': [
        ...acceptedBeforeContract(taskKey),
        // Decision 174: a loan accepted with the card its product cross-sells offered: the card's page first.
        ...(options.crossSell ? [{ guard: and([submissionOf(taskKey), 'offerAccepted', 'crossSellCardOffered']), target: 'crossSell' }] : []),
        { guard: and([submissionOf(taskKey), 'offerAccepted']), target: 'viewContractAndChooseSigningMethod' },
        { guard: submissionOf(taskKey), target: 'viewThankYouPage' },
      ],
    },
  };
}

/**
 * Decision 173: what an accepted initial offer waits for before its contract. Above 15 000 € (the
 * additional-check variant, decision 131) the bank's additional checks: the applicant's bank
 * statements (unless given for this application already) and an underwriter's review, then the FINAL
 * decision. A refinancing loan's offer: the lenders' payoff amounts and accounts, for the contract.
 */
function acceptedBeforeContract(taskKey: 'reviewApproved' | 'viewCreditCardOffer') {
  return [
    { guard: and([submissionOf(taskKey), 'offerAccepted', 'additionalChecksAsked', 'statementsGiven']), target: 'additionalChecks.viewAdditionalDataSubmitted' },
    { guard: and([submissionOf(taskKey), 'offerAccepted', 'additionalChecksAsked']), target: 'additionalChecks' },
    { guard: and([submissionOf(taskKey), 'offerAccepted', 'refinancingLoan']), target: 'refinancingPayoff' },
  ];
}

/**
 * Decision 173: where the underwriter's review leads, by the engine's FINAL decision. Approved: the
 * final offer (after the seller's offer where a campaign asks for it); negative: `negative` (the
 * decision page of an undecided application, the negative thank-you page after an accepted offer);
 * still undecided (the underwriter referred it): `handedOver`, the page that says a loan specialist
 * takes it on, where a housing loan's is its own.
 */
function finalDecided(prefix: string, ends: { negative: TaskKey; handedOver: TaskKey }) {
  const trigger = answerOf('UNDERWRITER_REVIEW');
  return [
    { guard: and([trigger, when(NEGATIVE)]), target: `${prefix}${ends.negative}` },
    { guard: and([trigger, when(HOUSING_UNDECIDED)]), target: `${prefix}readUndecidedHousingLoanDecision` },
    { guard: and([trigger, when(['UNDECIDED'])]), target: `${prefix}${ends.handedOver}` },
    { guard: and([trigger, when(['POSITIVE']), 'campaignAsksDocuments']), target: `${prefix}uploadCampaignDocuments` },
    { guard: and([trigger, 'offersCard']), target: `${prefix}finalOffer.viewCreditCardOffer` },
    { guard: trigger, target: `${prefix}finalOffer.reviewApproved` },
  ];
}

/**
 * Decision 173: a task that waits for the underwriter. Answered, the FINAL decision leads on; not
 * answered within the bank's promise (the time-out), a loan specialist takes the application on and
 * the page says so (`handedOver`, which ends the online flow).
 */
function awaitingUnderwriter(processId: string, ends: { negative: TaskKey; handedOver: TaskKey }) {
  return {
    meta: { awaits: 'UNDERWRITER_REVIEW' } satisfies TaskStateMeta,
    on: {
      'check.completed': finalDecided(`#${processId}.`, ends),
      'check.overdue': { target: `#${processId}.${ends.handedOver}` },
    },
  };
}

/** Decision 173: the final offer (its FINAL or UPSALE_FINAL variant): accepted, on to the contract (a refinancing loan's payoff first). */
function finalOfferPage(taskKey: 'reviewApproved' | 'viewCreditCardOffer', processId: string) {
  return {
    on: {
      'step.submitted': [
        { guard: and([submissionOf(taskKey), 'offerAccepted', 'refinancingLoan']), target: `#${processId}.refinancingPayoff` },
        // Decision 174: the card its product cross-sells, offered with the final loan.
        { guard: and([submissionOf(taskKey), 'offerAccepted', 'crossSellCardOffered']), target: `#${processId}.crossSell` },
        { guard: and([submissionOf(taskKey), 'offerAccepted']), target: `#${processId}.viewContractAndChooseSigningMethod` },
        { guard: submissionOf(taskKey), target: `#${processId}.viewThankYouPage` },
      ],
    },
  };
}

/**
 * Decision 173: the bank's own steps around the final stage, each a compound state of its own (a
 * task's leaf name is its key, so each occurrence of a page lives in its own state):
 * - `additionalChecks`: an accepted offer above 15 000 €: the applicant's bank statements (open
 *   banking, or the upload behind its flag), then "additional data submitted" until the underwriter
 *   answers. The statements step is not returnable here: the review starts as soon as they are in;
 * - `undecided`: the undecided decision page, until the underwriter answers;
 * - `finalOffer`: the offer of the FINAL decision;
 * - `refinancingCheck`: "additional data submitted" until the lenders confirm the obligations to
 *   refinance; then the decision;
 * - `refinancingPayoff`: "additional data submitted" until the lenders' payoff amounts and accounts
 *   are in; then the contract.
 */
function finalStage(processId: string) {
  const top = `#${processId}.`;
  return {
    additionalChecks: {
      initial: 'provideBasViaOpenBanking',
      states: {
        provideBasViaOpenBanking: {
          on: {
            'step.submitted': [
              { guard: and([submissionOf('provideBasViaOpenBanking'), 'uploadsBasManually']), target: 'uploadBankAccountStatementDocuments' },
              { guard: submissionOf('provideBasViaOpenBanking'), target: 'viewAdditionalDataSubmitted' },
            ],
          },
        },
        uploadBankAccountStatementDocuments: {
          on: {
            'step.submitted': [
              { guard: and([submissionOf('uploadBankAccountStatementDocuments'), 'uploadRetriesExceeded']), target: `${top}viewDocumentUploadLimitThankYouPage` },
              { guard: and([submissionOf('uploadBankAccountStatementDocuments'), 'uploadSkipped']), target: `${top}viewUploadSkipped` },
              { guard: submissionOf('uploadBankAccountStatementDocuments'), target: 'viewAdditionalDataSubmitted' },
            ],
          },
        },
        viewAdditionalDataSubmitted: awaitingUnderwriter(processId, { negative: 'viewNegativeThankYouPage', handedOver: 'viewAdditionalDataSubmitted' }),
      },
    },
    undecided: {
      initial: 'readUndecidedDecision',
      states: {
        readUndecidedDecision: awaitingUnderwriter(processId, { negative: 'readNegativeDecision', handedOver: 'readUndecidedDecision' }),
      },
    },
    finalOffer: {
      initial: 'reviewApproved',
      states: {
        reviewApproved: finalOfferPage('reviewApproved', processId),
        viewCreditCardOffer: finalOfferPage('viewCreditCardOffer', processId),
      },
    },
    refinancingCheck: {
      initial: 'viewAdditionalDataSubmitted',
      states: {
        viewAdditionalDataSubmitted: {
          meta: { awaits: 'REFINANCING_CHECK' } satisfies TaskStateMeta,
          on: { 'check.completed': decided(top, answerOf('REFINANCING_CHECK'), { refinancingChecked: true }) },
        },
      },
    },
    refinancingPayoff: {
      initial: 'viewAdditionalDataSubmitted',
      states: {
        viewAdditionalDataSubmitted: {
          meta: { awaits: 'REFINANCING_PAYOFF' } satisfies TaskStateMeta,
          on: { 'check.completed': { guard: answerOf('REFINANCING_PAYOFF'), target: `${top}viewContractAndChooseSigningMethod` } },
        },
      },
    },
  };
}

/**
 * A loan's offer page (decision 174): accepted with the card its product cross-sells offered, the
 * card's page comes first (in `crossSell`), after the bank's additional checks where they are asked
 * (decision 173: the card is offered once the loan is final); otherwise as any offer page.
 */
function loanOfferPage() {
  return offerPage('reviewApproved', { crossSell: true });
}

/**
 * Decision 174: the card offered with an accepted loan, on ViewCreditCardOffer's after-bank-details
 * variant. Accepted or declined, the loan's contract comes next: declining the card never declines the
 * loan. A state of its own, so the card applicant's own offer page stays as it is. Not returnable.
 */
function crossSellCard(processId: string) {
  return {
    initial: 'viewCreditCardOffer',
    states: {
      viewCreditCardOffer: { on: { 'step.submitted': { guard: submissionOf('viewCreditCardOffer'), target: `#${processId}.viewContractAndChooseSigningMethod` } } },
    },
  } as const;
}

/**
 * After a person's part: the co-borrower's part when there is one still to come, else the decision.
 */
function afterPart(taskKey: TaskKey, last: { prefix: string; whenCoBorrower?: string }) {
  return [
    ...(last.whenCoBorrower ? [{ guard: and([submissionOf(taskKey), 'hasCoBorrower']), target: last.whenCoBorrower }] : []),
    ...decided(last.prefix, submissionOf(taskKey)),
  ];
}

/**
 * Income evidence (docs/decisions/152, section 4's bank statement step): after the person's check of
 * the answers, a person whose income needs it gives the bank their statements through open banking
 * (ProvideBasViaOpenBanking: the statements arrive from the enrolled banks) or, behind the manual
 * upload flag, uploads them (UploadBankAccountStatementDocuments); then as after the check.
 */
function incomeEvidence(role: 'APPLICANT' | 'COBORROWER', last: { prefix: string; whenCoBorrower?: string }) {
  return {
    checkAnswers: {
      on: {
        'step.submitted': [
          ...shortApplicationSent(last),
          { guard: and([submissionOf('checkAnswers'), { type: 'needsIncomeEvidence', params: { role } }]), target: 'provideBasViaOpenBanking' },
          ...afterPart('checkAnswers', last),
        ],
      },
    },
    provideBasViaOpenBanking: {
      // Back from the manual upload returns to the choice of how to give the statements.
      meta: RETURNABLE,
      on: {
        'step.submitted': [
          { guard: and([submissionOf('provideBasViaOpenBanking'), 'uploadsBasManually']), target: 'uploadBankAccountStatementDocuments' },
          ...afterPart('provideBasViaOpenBanking', last),
        ],
      },
    },
    /**
     * Decision 146: the upload's attempts used up (counted by the server, decision 133) end at the
     * upload-limit page, and going on without statements where the bank allows it (decision 134) at
     * the upload-skipped page; a loan specialist takes the application on from either. Both end the
     * whole application, also from the co-borrower's part.
     */
    uploadBankAccountStatementDocuments: {
      on: {
        'step.submitted': [
          { guard: and([submissionOf('uploadBankAccountStatementDocuments'), 'uploadRetriesExceeded']), target: `${last.prefix}viewDocumentUploadLimitThankYouPage` },
          { guard: and([submissionOf('uploadBankAccountStatementDocuments'), 'uploadSkipped']), target: `${last.prefix}viewUploadSkipped` },
          ...afterPart('uploadBankAccountStatementDocuments', last),
        ],
      },
    },
  };
}

/**
 * Decision 175: the partner short flow (channel PARTNER_SHORT, decision 097) ends after the check of
 * the answers: the application goes to the bank, which decides later and answers by e-mail (the
 * engine's decision is kept for its staff, not shown). A co-applicant's part still comes first; no
 * bank statements are asked online (the bank asks by e-mail when it needs them).
 */
function shortApplicationSent(last: { prefix: string; whenCoBorrower?: string }) {
  return [
    ...(last.whenCoBorrower ? [{ guard: and([submissionOf('checkAnswers'), 'shortApplication', 'hasCoBorrower']), target: last.whenCoBorrower }] : []),
    { guard: and([submissionOf('checkAnswers'), 'shortApplication']), target: `${last.prefix}viewShortApplicationSubmitted` },
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
    ...incomeEvidence(role, last),
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
            // Decision 175: the bank already handles another application of this applicant for this product.
            { guard: and([submissionOf('createApplicationStep'), 'hasApplicant', 'duplicateApplication']), target: 'viewDuplicateApplication', actions: 'recordProduct' },
            { guard: and([submissionOf('createApplicationStep'), 'hasApplicant']), target: 'submitPersonalInfo', actions: 'recordProduct' },
          ],
        },
      },
      /**
       * Chosen to go on with the new application (the others annulled): where createApplicationStep
       * goes. Not returnable: what was chosen was carried out (decision 121), so Back from the next
       * step is refused; Back from here returns to the create step.
       */
      chooseContinueOption: {
        on: {
          'step.submitted': [
            { guard: and([submissionOf('chooseContinueOption'), 'duplicateApplication']), target: 'viewDuplicateApplication' },
            { guard: submissionOf('chooseContinueOption'), target: 'submitPersonalInfo' },
          ],
        },
      },
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
       * Decision 172: the bank analyses the statements shared through open banking before it decides.
       * The applicant is told the statements are being processed; when the analysis takes longer than
       * the page promised, that it takes time. Its answer moves the process on to the decision, from
       * either page, by itself.
       */
      statementAnalysis: {
        initial: 'viewBankStatementsBeingProcessed',
        states: {
          viewBankStatementsBeingProcessed: {
            meta: { awaits: 'STATEMENT_ANALYSIS' } satisfies TaskStateMeta,
            on: {
              'check.completed': decided(`#${id}.`, answerOf('STATEMENT_ANALYSIS')),
              'check.overdue': { target: 'viewProcessingTakesTime' },
            },
          },
          viewProcessingTakesTime: {
            meta: { awaits: 'STATEMENT_ANALYSIS' } satisfies TaskStateMeta,
            on: { 'check.completed': decided(`#${id}.`, answerOf('STATEMENT_ANALYSIS')) },
          },
        },
      },
      /** The offers of a positive decision (issue 12, decision 131): the applicant's, also with a co-borrower. */
      reviewApproved: loanOfferPage(),
      viewCreditCardOffer: offerPage('viewCreditCardOffer'),
      crossSell: crossSellCard(id),
      /**
       * Issue 12: the contract of the accepted offer, and the choice of how to sign it. Returnable
       * from the signing screen (to choose another way to sign); Back from here is refused: the offer
       * was answered.
       */
      viewContractAndChooseSigningMethod: {
        meta: RETURNABLE,
        on: {
          'step.submitted': [
            // Decision 149: signing in person ends the online flow with what to do there.
            {
              guard: and([submissionOf('viewContractAndChooseSigningMethod'), { type: 'signsInPerson', params: { choice: 'PARTNER_STORE' as const } }]),
              target: 'decisionPartnerStoreChosenForContractSigning',
            },
            {
              guard: and([submissionOf('viewContractAndChooseSigningMethod'), { type: 'signsInPerson', params: { choice: 'POST' as const } }]),
              target: 'weWillBeWaitingForYouInPostOffice',
            },
            { guard: submissionOf('viewContractAndChooseSigningMethod'), target: 'viewContractConditions' },
          ],
        },
      },
      /**
       * Issue 12: signing with the chosen method. The API lets it go on only once every contract is
       * signed (section 3), to the contract-signed page. Decision 175: when the signing provider
       * refuses for good (another person signed, or too many failed attempts) before anything is
       * signed, the signing service moves the process on itself, to the signing negative page.
       */
      viewContractConditions: {
        on: {
          'step.submitted': [
            { guard: and([submissionOf('viewContractConditions'), 'signingRefused']), target: 'showContractSigningNegativePage' },
            { guard: submissionOf('viewContractConditions'), target: 'viewContractSigned' },
          ],
        },
      },
      viewContractSigned: { type: 'final' },
      /**
       * Decision 173: where an accepted offer's additional checks end when the underwriter has not
       * answered within the bank's promise, or referred the application: a loan specialist takes it
       * on and writes with the decision.
       */
      viewAdditionalDataSubmitted: { type: 'final' },
      /**
       * Decision 159: the seller's offer a campaign asks for, then its thank-you page. Not returnable:
       * the decision is made, so Back does not reopen the answers.
       */
      uploadCampaignDocuments: { on: { 'step.submitted': { guard: submissionOf('uploadCampaignDocuments'), target: 'viewCampaignDocumentsUploaded' } } },
      viewCampaignDocumentsUploaded: { type: 'final' },
      /** The decisions (issue 12): each ends the flow; both persons of the application see it. */
      readNegativeDecision: { type: 'final' },
      /** Decision 173: the undecided page's end once the underwriter has not answered in time, or referred it to a loan specialist. */
      readUndecidedDecision: { type: 'final' },
      readUndecidedHousingLoanDecision: { type: 'final' },
      /** The generic thank-you page: where applications sent before issue 11 rest, and where a declined offer ends (decision 131). */
      viewThankYouPage: { type: 'final' },
      /**
       * The closing pages of issues 12 and 13 (docs/decisions/146-149): each ends the flow. The
       * upload-limit and upload-skipped pages follow the bank statement upload (above); the duplicate
       * application page the create step, the short application page the partner short flow's check
       * of the answers, the signing negative page the signing (decision 175); the negative thank-you
       * page the final stage after an accepted offer (decision 173); the in-person pages the choice of
       * how to sign (decision 149). Return to merchant is `returnToMerchant` below (decision 172).
       * tests/server/process-model.test.ts proves each reachable from the start.
       */
      viewDocumentUploadLimitThankYouPage: { type: 'final' },
      viewUploadSkipped: { type: 'final' },
      viewDuplicateApplication: { type: 'final' },
      viewNegativeThankYouPage: { type: 'final' },
      viewShortApplicationSubmitted: { type: 'final' },
      showContractSigningNegativePage: { type: 'final' },
      decisionPartnerStoreChosenForContractSigning: { type: 'final' },
      weWillBeWaitingForYouInPostOffice: { type: 'final' },
      // After the pages above: seeding a task by its key finds a top-level page first (stateValueOf).
      ...finalStage(id),
      /**
       * Decision 172 (and 147): a partner's applicant whom the shop sent with its return address goes
       * back to the shop once their statements are shared, rather than waiting on the bank's page. The
       * analysis runs in the background; its answer leads to the decision as above, which the applicant
       * is told by e-mail (and the shop through its channel) and sees when they open the application again.
       */
      returnToMerchant: {
        initial: 'viewReturnToMerchant',
        states: {
          viewReturnToMerchant: {
            meta: { awaits: 'STATEMENT_ANALYSIS', background: true } satisfies TaskStateMeta,
            on: { 'check.completed': decided(`#${id}.`, answerOf('STATEMENT_ANALYSIS')) },
          },
        },
      },
    },
  });
}

export const retailLoanProcess = retailProcess('retailLoan', { chooseProductFirst: false });

/** An upsale application made without a product: the product choice, then as a retail loan. */
export const retailUpsaleProcess = retailProcess('retailUpsale', { chooseProductFirst: true });
