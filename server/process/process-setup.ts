import { assign, setup } from 'xstate';
import type { BusinessDomain } from '../../core/domain/business-domains';
import type { DecisionOutcome } from '../../core/domain/decisions';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import type { ApplicationFacts } from './application-facts';
import type { BackOfficeCheck } from '../../core/domain/back-office-checks';
import { worksForEmployer } from '../../core/domain/background';
import { acceptsCoApplicant, type StepRole } from '../../core/domain/persons';
import { offerTaskOf } from '../../core/domain/offers';
import { productTypeOf } from '../../core/domain/products';
import { needsIncomeEvidence } from '../../core/domain/income-evidence';

export type { ApplicationFacts };

/**
 * A task state's meta: `returnable` lets the browser's Back return to it from the task after it
 * (issue 8). Leave it off where going back would undo something once-only (a decision, a signing).
 */
export interface TaskStateMeta {
  returnable?: boolean;
  /** On a sub-flow: whose steps they are (a co-borrower's). Elsewhere the applicant's. */
  role?: 'COBORROWER';
  /**
   * The task waits for the bank's own work (issue 22, docs/decisions/172): the service starts that
   * back-office check when the process reaches the task, and feeds its answer to the process
   * (`check.completed`, and `check.overdue` when the wait has gone on longer than the bank promises).
   */
  awaits?: BackOfficeCheck;
  /**
   * The check runs while the applicant is elsewhere (decision 172: a partner's applicant back at the
   * shop): the page does not wait for it (the task reply carries no `awaitingCheck`), and its answer
   * moves the process on for whoever comes back.
   */
  background?: true;
}

export interface ProcessContext {
  businessDomain: BusinessDomain;
  productName: string;
}

export type ProcessInput = ProcessContext;

/** A step was submitted and applied to the application. */
export interface StepSubmittedEvent {
  type: 'step.submitted';
  taskDefinitionKey: TaskKey;
  facts: ApplicationFacts;
}

/**
 * The bank's back office answered a check the process waited for (`check.completed`), or has not
 * answered within the time the bank's page promises (`check.overdue`; docs/decisions/172). The facts
 * are the application's after the answer was stored.
 */
export interface CheckAnsweredEvent {
  type: 'check.completed' | 'check.overdue';
  check: BackOfficeCheck;
  facts: ApplicationFacts;
}

/** What a process receives: a step submitted, or the back office's answer to a check. */
export type ProcessEvent = StepSubmittedEvent | CheckAnsweredEvent;

/**
 * The shared vocabulary of every process definition (section 4: the server decides which step
 * comes next). Each definition is `processSetup.createMachine(...)` whose leaf state names are task
 * keys, so the deepest state a process rests in *is* the current task; compound states group
 * sub-flows (a co-borrower's steps, refinancing).
 */
export const processSetup = setup({
  types: {
    context: {} as ProcessContext,
    events: {} as ProcessEvent,
    input: {} as ProcessInput,
    meta: {} as TaskStateMeta,
  },
  guards: {
    /** Defence in depth: the API already refuses an out-of-order step before the process sees it. */
    isSubmissionOf: ({ event }, params: { taskKey: TaskKey }) => event.type === 'step.submitted' && event.taskDefinitionKey === params.taskKey,
    /** The back office answered this check (docs/decisions/172). */
    isAnswerOf: ({ event }, params: { check: BackOfficeCheck }) => event.type === 'check.completed' && event.check === params.check,
    /** Statements arrived through open banking and the bank's analysis of them has not answered yet (decision 172). */
    statementsAwaitAnalysis: ({ event }) => event.facts.statementsAwaitAnalysis,
    /** Decision 173: the offer answered is an initial one of the additional-check variant (above 15 000 €). */
    additionalChecksAsked: ({ event }) => event.facts.additionalChecksAsked,
    /** Decision 173: the applicant's bank statements for this application are with the bank. */
    statementsGiven: ({ event }) => event.facts.statementsGiven,
    /** Decision 173: a refinancing loan, whose obligations the lenders confirm before the decision and pay off before the contract. */
    refinancingLoan: ({ event }) => event.facts.productName === 'REFINANCING_LOAN',
    /** A partner's applicant with the shop's return address goes back to the shop after the statements (decision 172). */
    returnsToMerchant: ({ event }) => event.facts.returnsToMerchant,
    hasApplicant: ({ event }) => event.facts.personRoles.includes('APPLICANT') && event.facts.applicantHasPersonalCode,
    /** Decision 121: the same owner has another open application of this applicant, or may join one as co-borrower. */
    hasOtherActiveApplication: ({ event }) => event.facts.hasOtherActiveApplication,
    /** Decision 121: the step gave or changed the applicant's personal code. */
    personalCodeChanged: ({ event }) => event.facts.personalCodeChanged,
    /** The decision engine answered one of `outcomes` (docs/decisions/130). */
    decisionIs: ({ event }, params: { outcomes: readonly DecisionOutcome[] }) => event.facts.decision !== null && params.outcomes.includes(event.facts.decision),
    /** Decision 159: the campaign of the application's code asks for documents on its product. */
    campaignAsksDocuments: ({ event }) => event.facts.campaignAsksDocuments,
    /** A credit card's offer is ViewCreditCardOffer's, every other product's ReviewApproved's (decision 131). */
    offersCard: ({ event }) => offerTaskOf(productTypeOf(event.facts.productName)) === 'viewCreditCardOffer',
    /** The applicant accepted the offer (the service re-checked its terms; decision 131). */
    offerAccepted: ({ event }) => event.facts.offerAnswer === 'ACCEPTED',
    /** Decision 174: the loan's offer accepted, and the card its product cross-sells is offered. */
    crossSellCardOffered: ({ event }) => event.facts.crossSellCardOffered,
    /** The contract is to be signed in person, where `choice` says (decisions 136, 149). */
    signsInPerson: ({ event }, params: { choice: 'PARTNER_STORE' | 'POST' }) => event.facts.signingChoice === params.choice,
    /** Employees are asked about their employer (core/domain/background.ts). */
    worksForEmployer: ({ event }, params: { role: StepRole }) => worksForEmployer(event.facts.employmentTypes[params.role]),
    /** A co-applicant was added (only offered for products two people repay together). */
    hasCoBorrower: ({ event }) => event.facts.hasCoBorrower && acceptsCoApplicant(event.facts.productName),
    /**
     * The property is asked about for a real-estate loan, and for a housing loan when the bank has
     * turned on "real estate in the housing flow" (section 6).
     */
    asksRealEstate: ({ event }) =>
      event.facts.productName === 'REAL_ESTATE_LOAN' ||
      (event.facts.productName === 'HOUSING_LOAN' && event.facts.featureFlags.includes('realEstateInHousingFlow')),
    /** Decision 152: the person must show their income with bank statements before the decision. */
    needsIncomeEvidence: ({ context, event }, params: { role: StepRole }) =>
      needsIncomeEvidence(context.businessDomain, event.facts.incomeEvidence[params.role] === true),
    /** Section 4: the person chose to upload the statements themselves (only behind its flag). */
    uploadsBasManually: ({ event }) => event.facts.uploadBasManually,
    /** Decision 134: the person went on without statements where the bank allows a manual review. */
    uploadSkipped: ({ event }) => event.facts.uploadSkipped,
    /** Decision 133: the server counted the step's failed uploads up to the bank's limit. */
    uploadRetriesExceeded: ({ event }) => event.facts.uploadRetriesExceeded,
    /** Decision 175: the bank already handles another application of this applicant for this product. */
    duplicateApplication: ({ event }) => event.facts.duplicateApplication,
    /** Decision 175: the partner short channel's application, which the bank decides later. */
    shortApplication: ({ event }) => event.facts.shortApplication,
    /** Decision 175: the signing provider refused the contract for good. */
    signingRefused: ({ event }) => event.facts.signingRefused,
    /** Decision 184: a corporate leasing (car, equipment, green), which asks about the asset and the seller's offer. */
    leasingProduct: ({ event }) => productTypeOf(event.facts.productName) === 'LEASING',
  },
  actions: {
    recordProduct: assign({ productName: ({ event }) => event.facts.productName }),
  },
});
