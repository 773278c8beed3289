import { and } from 'xstate';
import { describe, expect, it } from 'vitest';
import { isTaskKey } from '../../src/steps/_generated/task-keys';
import { PROCESS_DEFINITIONS, firstTaskOf, processDefinitionFor } from '../../server/process/process-definitions';
import {
  ProcessReturnRefusedError,
  ProcessStalledError,
  advanceProcess,
  advanceProcessBy,
  awaitedCheckOf,
  createProcessRunner,
  placeProcess,
  readProcess,
  startProcess,
} from '../../server/process/process-runner';
import { processSetup, type ApplicationFacts } from '../../server/process/process-setup';
import { ProcessStateError, leafOf } from '../../server/process/state-value';

const applicant: ApplicationFacts = {
  productName: 'CAR_LOAN',
  personRoles: ['APPLICANT'],
  applicantHasPersonalCode: true,
  hasCoBorrower: false,
  employmentTypes: {},
  featureFlags: [],
  dependants: 0,
  hasOtherActiveApplication: false,
  personalCodeChanged: false,
  decision: null,
  campaignAsksDocuments: false,
  offerAnswer: null,
  crossSellCardOffered: false,
  signingChoice: null,
  incomeEvidence: {},
  uploadBasManually: false,
  uploadSkipped: false,
  uploadRetriesExceeded: false,
  statementsAwaitAnalysis: false,
  additionalChecksAsked: false,
  statementsGiven: false,
  duplicateApplication: false,
  shortApplication: false,
  signingRefused: false,
  returnsToMerchant: false,
};

/** Every leaf state of a definition, however deep. */
function leaves(node: { key: string; states: Record<string, unknown> }): string[] {
  const children = Object.values(node.states) as { key: string; states: Record<string, unknown> }[];
  return children.length === 0 ? [node.key] : children.flatMap(leaves);
}

describe('process definitions (section 4: the server decides the next step)', () => {
  it('name every leaf state after a step folder', () => {
    for (const machine of Object.values(PROCESS_DEFINITIONS)) {
      for (const state of leaves(machine.root as never)) expect(isTaskKey(state), state).toBe(true);
    }
  });

  it('choose the retail loan process in the retail domains and the corporate process in corporate banking', () => {
    expect(processDefinitionFor('retail-banking-ee', 'SMALL_LOAN')).toBe('retailLoan');
    expect(processDefinitionFor('retail-banking-lv', 'HOUSING_LOAN')).toBe('retailLoan');
    expect(processDefinitionFor('retail-banking-lt', 'OPERATING_LOAN')).toBeUndefined();
    expect(processDefinitionFor('corporate-banking', 'OPERATING_LOAN')).toBe('corporate');
    // Issue 24: every corporate product, whichever country offers it (the company's country comes on businessData).
    expect(processDefinitionFor('corporate-banking', 'SMALL_LOAN_BUSINESS')).toBe('corporate');
    expect(processDefinitionFor('corporate-banking', 'GREEN_LEASING_BUSINESS')).toBe('corporate');
    expect(processDefinitionFor('corporate-banking', 'SMALL_LOAN')).toBeUndefined();
  });

  it('give the first task of a new application to the client (no copy of the process there)', () => {
    expect(firstTaskOf('retail-banking-ee')).toBe('createApplicationStep');
    expect(firstTaskOf('retail-banking-lt')).toBe('createApplicationStep');
    expect(firstTaskOf('corporate-banking')).toBe('businessData');
  });

  it('retail loan: the create-application step, then the personal-info step, back to which Back returns', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName: 'SMALL_LOAN' });
    expect(start).toMatchObject({ taskKey: 'createApplicationStep', done: false, previousTask: null, turn: 'APPLICANT' });
    const next = advanceProcess(start.state, 'createApplicationStep', applicant);
    expect(next).toMatchObject({ taskKey: 'submitPersonalInfo', done: false, previousTask: 'createApplicationStep' });
    // The product chosen on the step is remembered for later decisions.
    expect(next.state.context.productName).toBe('CAR_LOAN');
  });

  it('retail loan: an applicant with another open application chooses how to go on first (decision 121)', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName: 'SMALL_LOAN' });
    const choosing = advanceProcess(start.state, 'createApplicationStep', { ...applicant, hasOtherActiveApplication: true });
    // Back returns to the create step, where a mistyped personal code is corrected.
    expect(choosing).toMatchObject({ taskKey: 'chooseContinueOption', done: false, previousTask: 'createApplicationStep' });
    expect(choosing.state.context.productName).toBe('CAR_LOAN');
    // Chosen to go on with the new application: where the create step goes without another one.
    const next = advanceProcess(choosing.state, 'chooseContinueOption', applicant);
    expect(next).toMatchObject({ taskKey: advanceProcess(start.state, 'createApplicationStep', applicant).taskKey, done: false });
    // The choice was carried out (annulments): Back does not return to it.
    expect(next.previousTask).toBeNull();
  });

  it('decides from the data: without an identified applicant the process cannot advance', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName: 'SMALL_LOAN' });
    expect(() => advanceProcess(start.state, 'createApplicationStep', { ...applicant, applicantHasPersonalCode: false })).toThrow(ProcessStalledError);
    expect(() => advanceProcess(start.state, 'viewThankYouPage', applicant)).toThrow(ProcessStalledError);
  });

  it('survives a round trip through JSON, as stored in applications.process_state', () => {
    const start = startProcess('retailLoan', { businessDomain: 'retail-banking-lv', productName: 'SMALL_LOAN' });
    const restored = readProcess(JSON.parse(JSON.stringify(start.state)));
    expect(restored).toEqual(start);
    const next = advanceProcess(restored.state, 'createApplicationStep', applicant);
    expect(readProcess(JSON.parse(JSON.stringify(next.state)))).toMatchObject({ taskKey: 'submitPersonalInfo', done: false, previousTask: 'createApplicationStep' });
  });
});

describe('retail loan: the decision after the last check of the answers (issue 12)', () => {
  const input = { businessDomain: 'retail-banking-ee', productName: 'HOUSING_LOAN' } as const;
  const housing: ApplicationFacts = { ...applicant, productName: 'HOUSING_LOAN' };

  it.each([
    ['NEGATIVE_INITIAL', 'readNegativeDecision'],
    ['NEGATIVE_REFINANCING', 'readNegativeDecision'],
    ['NEGATIVE_FINAL', 'readNegativeDecision'],
    ['UNDECIDED_HOUSING_LOAN', 'readUndecidedHousingLoanDecision'],
    ['UNDECIDED_HOUSING_LOAN_CO_BORROWER', 'readUndecidedHousingLoanDecision'],
  ] as const)('%s ends at %s, with no way back to the answers', (decision, task) => {
    const check = placeProcess('retailLoan', input, 'checkAnswers', ['submitBankDetailsAndIdentificationDocumentInfo']);
    expect(advanceProcess(check.state, 'checkAnswers', { ...housing, decision })).toMatchObject({ taskKey: task, done: true, previousTask: null });
  });

  it('UNDECIDED waits on its decision page for the underwriter (decision 173), with no way back to the answers', () => {
    const check = placeProcess('retailLoan', input, 'checkAnswers', ['submitBankDetailsAndIdentificationDocumentInfo']);
    const undecided = advanceProcess(check.state, 'checkAnswers', { ...housing, decision: 'UNDECIDED' });
    expect(undecided).toMatchObject({ taskKey: 'readUndecidedDecision', done: false, previousTask: null, turn: 'APPLICANT' });
    expect(awaitedCheckOf(undecided.state)).toBe('UNDERWRITER_REVIEW');
  });

  it('POSITIVE leads to the offer (then the contract: see the offer tests below), with no way back to the answers', () => {
    const check = placeProcess('retailLoan', input, 'checkAnswers', ['submitBankDetailsAndIdentificationDocumentInfo']);
    expect(advanceProcess(check.state, 'checkAnswers', { ...housing, decision: 'POSITIVE' })).toMatchObject({
      taskKey: 'reviewApproved',
      done: false,
      previousTask: null,
      turn: 'APPLICANT',
    });
  });

  it('waits for the co-borrower’s part before the decision, which then ends the co-borrower’s part too', () => {
    const check = placeProcess('retailLoan', input, 'checkAnswers');
    const together = { ...housing, hasCoBorrower: true, personRoles: ['APPLICANT', 'COBORROWER'] };
    // The applicant's answers alone decide nothing yet, whatever the engine said of them.
    expect(advanceProcess(check.state, 'checkAnswers', { ...together, decision: 'NEGATIVE_INITIAL' })).toMatchObject({ taskKey: 'submitInitialDataCoBorrower', turn: 'COBORROWER' });
    const coCheck = { ...check.state, value: { coBorrower: 'checkAnswers' } };
    expect(advanceProcess(coCheck, 'checkAnswers', { ...together, decision: 'UNDECIDED_HOUSING_LOAN_CO_BORROWER' })).toMatchObject({
      taskKey: 'readUndecidedHousingLoanDecision',
      done: true,
      turn: 'APPLICANT',
    });
    // A positive one: the offer is the applicant's to answer.
    expect(advanceProcess(coCheck, 'checkAnswers', { ...together, decision: 'POSITIVE' })).toMatchObject({ taskKey: 'reviewApproved', done: false, turn: 'APPLICANT' });
  });

  it("a positive decision on an application with a campaign that asks for documents asks for the seller's offer, then thanks (decision 159)", () => {
    const check = placeProcess('retailLoan', input, 'checkAnswers');
    const upload = advanceProcess(check.state, 'checkAnswers', { ...housing, decision: 'POSITIVE', campaignAsksDocuments: true });
    expect(upload).toMatchObject({ taskKey: 'uploadCampaignDocuments', done: false, previousTask: null });
    expect(advanceProcess(upload.state, 'uploadCampaignDocuments', housing)).toMatchObject({ taskKey: 'viewCampaignDocumentsUploaded', done: true });
    // A campaign does not change a refusal.
    expect(advanceProcess(check.state, 'checkAnswers', { ...housing, decision: 'NEGATIVE_INITIAL', campaignAsksDocuments: true })).toMatchObject({ taskKey: 'readNegativeDecision' });
  });

  it('income evidence (decision 152): the statements come before the decision, led by the step that reaches it', () => {
    const latvian = { businessDomain: 'retail-banking-lv', productName: 'HOUSING_LOAN' } as const;
    const check = placeProcess('retailLoan', latvian, 'checkAnswers');
    const statements = advanceProcess(check.state, 'checkAnswers', housing);
    expect(statements).toMatchObject({ taskKey: 'provideBasViaOpenBanking', done: false });
    expect(advanceProcess(statements.state, 'provideBasViaOpenBanking', { ...housing, decision: 'NEGATIVE_INITIAL' })).toMatchObject({
      taskKey: 'readNegativeDecision',
      done: true,
    });
    const upload = advanceProcess(statements.state, 'provideBasViaOpenBanking', { ...housing, uploadBasManually: true });
    expect(upload).toMatchObject({ taskKey: 'uploadBankAccountStatementDocuments', done: false, previousTask: 'provideBasViaOpenBanking' });
    expect(advanceProcess(upload.state, 'uploadBankAccountStatementDocuments', { ...housing, decision: 'UNDECIDED' })).toMatchObject({
      taskKey: 'readUndecidedDecision',
      done: false,
    });
    // In Estonia only income a register cannot confirm asks for statements.
    const estonian = placeProcess('retailLoan', input, 'checkAnswers');
    expect(advanceProcess(estonian.state, 'checkAnswers', housing)).toMatchObject({ taskKey: 'reviewApproved' });
    expect(advanceProcess(estonian.state, 'checkAnswers', { ...housing, incomeEvidence: { APPLICANT: true } })).toMatchObject({ taskKey: 'provideBasViaOpenBanking' });
  });

  it('the bank statement upload ends at the upload-limit page when its attempts are used up, and at the upload-skipped page when skipped (decisions 133, 134, 146)', () => {
    const latvian = { businessDomain: 'retail-banking-lv', productName: 'SMALL_LOAN' } as const;
    const upload = placeProcess('retailLoan', latvian, 'uploadBankAccountStatementDocuments');
    expect(advanceProcess(upload.state, 'uploadBankAccountStatementDocuments', { ...housing, uploadRetriesExceeded: true })).toMatchObject({
      taskKey: 'viewDocumentUploadLimitThankYouPage',
      done: true,
    });
    expect(advanceProcess(upload.state, 'uploadBankAccountStatementDocuments', { ...housing, uploadSkipped: true })).toMatchObject({ taskKey: 'viewUploadSkipped', done: true });
    // Uploaded within the limit: on to the decision, as before.
    expect(advanceProcess(upload.state, 'uploadBankAccountStatementDocuments', { ...housing, decision: 'POSITIVE' })).toMatchObject({ taskKey: 'reviewApproved' });
    // The co-borrower's own upload leads to the same pages, which end the application.
    const theirs = placeProcess('retailLoan', latvian, 'coBorrower.uploadBankAccountStatementDocuments');
    expect(theirs.turn).toBe('COBORROWER');
    expect(advanceProcess(theirs.state, 'uploadBankAccountStatementDocuments', { ...housing, uploadRetriesExceeded: true })).toMatchObject({
      taskKey: 'viewDocumentUploadLimitThankYouPage',
      done: true,
    });
    expect(advanceProcess(theirs.state, 'uploadBankAccountStatementDocuments', { ...housing, uploadSkipped: true })).toMatchObject({ taskKey: 'viewUploadSkipped', done: true });
  });

  it('without a decision (no engine asked) ends at the additional-data-submitted page', () => {
    const check = placeProcess('retailLoan', input, 'checkAnswers');
    expect(advanceProcess(check.state, 'checkAnswers', housing)).toMatchObject({ taskKey: 'reviewApproved', done: false });
  });
});

describe('retail loan: the closings the bank reaches itself (decision 175)', () => {
  const input = { businessDomain: 'retail-banking-ee', productName: 'SMALL_LOAN' } as const;
  const small: ApplicationFacts = { ...applicant, productName: 'SMALL_LOAN' };

  it('a duplicate found at the create step ends at the duplicate page; the same owner’s open application is asked about first', () => {
    const start = startProcess('retailLoan', input);
    expect(advanceProcess(start.state, 'createApplicationStep', { ...small, duplicateApplication: true })).toMatchObject({
      taskKey: 'viewDuplicateApplication',
      done: true,
      previousTask: null,
    });
    const choosing = advanceProcess(start.state, 'createApplicationStep', { ...small, hasOtherActiveApplication: true, duplicateApplication: true });
    expect(choosing.taskKey).toBe('chooseContinueOption');
    // Going on with the new one goes where the create step goes: to the duplicate page when the bank handles another.
    expect(advanceProcess(choosing.state, 'chooseContinueOption', { ...small, duplicateApplication: true })).toMatchObject({ taskKey: 'viewDuplicateApplication', done: true });
    expect(advanceProcess(choosing.state, 'chooseContinueOption', small)).toMatchObject({ taskKey: 'submitPersonalInfo', done: false });
    // Only the create step and the choice check it.
    const address = placeProcess('retailLoan', input, 'submitAddress');
    expect(advanceProcess(address.state, 'submitAddress', { ...small, duplicateApplication: true }).taskKey).toBe('submitFinancialData');
  });

  it('the partner short flow ends after the check of the answers, whatever the decision, and asks no statements', () => {
    const check = placeProcess('retailLoan', input, 'checkAnswers', ['submitBankDetailsAndIdentificationDocumentInfo']);
    const short = { ...small, shortApplication: true };
    for (const decision of [null, 'POSITIVE', 'NEGATIVE_INITIAL', 'UNDECIDED'] as const) {
      expect(advanceProcess(check.state, 'checkAnswers', { ...short, decision }), String(decision)).toMatchObject({
        taskKey: 'viewShortApplicationSubmitted',
        done: true,
        previousTask: null,
      });
    }
    expect(advanceProcess(check.state, 'checkAnswers', { ...short, incomeEvidence: { APPLICANT: true } }).taskKey).toBe('viewShortApplicationSubmitted');
    // Any other channel: the decision as before.
    expect(advanceProcess(check.state, 'checkAnswers', { ...small, decision: 'POSITIVE' }).taskKey).toBe('reviewApproved');
  });

  it('the partner short flow with a co-applicant: their part first, then the short application page', () => {
    const housing = { businessDomain: 'retail-banking-ee', productName: 'HOUSING_LOAN' } as const;
    const together = { ...applicant, productName: 'HOUSING_LOAN', shortApplication: true, hasCoBorrower: true, personRoles: ['APPLICANT', 'COBORROWER'] };
    const check = placeProcess('retailLoan', housing, 'checkAnswers');
    expect(advanceProcess(check.state, 'checkAnswers', { ...together, incomeEvidence: { APPLICANT: true } })).toMatchObject({
      taskKey: 'submitInitialDataCoBorrower',
      turn: 'COBORROWER',
    });
    const coCheck = placeProcess('retailLoan', housing, 'coBorrower.checkAnswers');
    expect(advanceProcess(coCheck.state, 'checkAnswers', { ...together, decision: 'POSITIVE', incomeEvidence: { COBORROWER: true } })).toMatchObject({
      taskKey: 'viewShortApplicationSubmitted',
      done: true,
      turn: 'APPLICANT',
    });
  });

  it('a signing refused for good leaves the signing step for the signing negative page', () => {
    const signing = placeProcess('retailLoan', input, 'viewContractConditions', ['viewContractAndChooseSigningMethod']);
    expect(advanceProcess(signing.state, 'viewContractConditions', { ...small, signingRefused: true })).toMatchObject({
      taskKey: 'showContractSigningNegativePage',
      done: true,
      previousTask: null,
    });
    expect(advanceProcess(signing.state, 'viewContractConditions', small)).toMatchObject({ taskKey: 'viewContractSigned', done: true });
  });
});

describe('retail loan: the offer of a positive decision (issue 12, decision 131)', () => {
  it.each([
    ['HOUSING_LOAN', 'reviewApproved'],
    ['SMALL_LOAN', 'reviewApproved'],
    ['CAR_HIRE_PURCHASE', 'reviewApproved'],
    ['CREDIT_CARD_VISA_CLASSIC', 'viewCreditCardOffer'],
    ['CREDIT_CARD_VISA_GOLD', 'viewCreditCardOffer'],
  ] as const)('%s: a positive decision shows %s, with no way back to the answers', (productName, task) => {
    const check = placeProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName }, 'checkAnswers', ['submitBankDetailsAndIdentificationDocumentInfo']);
    expect(advanceProcess(check.state, 'checkAnswers', { ...applicant, productName, decision: 'POSITIVE' })).toMatchObject({
      taskKey: task,
      done: false,
      previousTask: null,
      turn: 'APPLICANT',
    });
  });

  it.each(['reviewApproved', 'viewCreditCardOffer'] as const)('%s: accepted goes on to the contract and the choice of how to sign, declined ends at the thank-you page', (task) => {
    const input = { businessDomain: 'retail-banking-lv', productName: task === 'reviewApproved' ? 'SMALL_LOAN' : 'CREDIT_CARD_VISA_CLASSIC' } as const;
    const offer = placeProcess('retailLoan', input, task);
    const contract = advanceProcess(offer.state, task, { ...applicant, productName: input.productName, offerAnswer: 'ACCEPTED' });
    expect(contract).toMatchObject({ taskKey: 'viewContractAndChooseSigningMethod', done: false, previousTask: null });
    // Issue 12: the chosen method's signing screen, from which the choice may be made again, then the contract-signed page.
    const signing = advanceProcess(contract.state, 'viewContractAndChooseSigningMethod', { ...applicant, productName: input.productName });
    expect(signing).toMatchObject({ taskKey: 'viewContractConditions', done: false, previousTask: 'viewContractAndChooseSigningMethod' });
    expect(advanceProcess(signing.state, 'viewContractConditions', { ...applicant, productName: input.productName })).toMatchObject({ taskKey: 'viewContractSigned', done: true });
    expect(advanceProcess(offer.state, task, { ...applicant, productName: input.productName, offerAnswer: 'DECLINED' })).toMatchObject({ taskKey: 'viewThankYouPage', done: true });
  });

  it.each([
    ['PARTNER_STORE', 'decisionPartnerStoreChosenForContractSigning'],
    ['POST', 'weWillBeWaitingForYouInPostOffice'],
  ] as const)('signing in person (%s) ends the online flow at %s (decision 149)', (signingChoice, page) => {
    const input = { businessDomain: 'retail-banking-lv', productName: 'SMALL_LOAN' } as const;
    const contract = placeProcess('retailLoan', input, 'viewContractAndChooseSigningMethod');
    expect(advanceProcess(contract.state, 'viewContractAndChooseSigningMethod', { ...applicant, productName: 'SMALL_LOAN', signingChoice })).toMatchObject({
      taskKey: page,
      done: true,
    });
  });
});

describe('retail loan: the bank’s additional checks and the final decision (decision 173)', () => {
  const input = { businessDomain: 'retail-banking-ee', productName: 'CAR_LOAN' } as const;
  const answered = (state: Parameters<typeof advanceProcessBy>[0], check: 'UNDERWRITER_REVIEW' | 'REFINANCING_CHECK' | 'REFINANCING_PAYOFF', facts: Partial<ApplicationFacts> = {}) =>
    advanceProcessBy(state, { type: 'check.completed', check, facts: { ...applicant, ...facts } });
  const overdue = (state: Parameters<typeof advanceProcessBy>[0]) => advanceProcessBy(state, { type: 'check.overdue', check: 'UNDERWRITER_REVIEW', facts: applicant });

  it('an accepted offer above 15 000 € asks for the statements, then waits for the underwriter; without them given before', () => {
    const offer = placeProcess('retailLoan', input, 'reviewApproved', ['checkAnswers']);
    const statements = advanceProcess(offer.state, 'reviewApproved', { ...applicant, offerAnswer: 'ACCEPTED', additionalChecksAsked: true });
    expect(statements).toMatchObject({ taskKey: 'provideBasViaOpenBanking', done: false, previousTask: null });
    expect(statements.state.value).toEqual({ additionalChecks: 'provideBasViaOpenBanking' });
    const waiting = advanceProcess(statements.state, 'provideBasViaOpenBanking', applicant);
    expect(waiting).toMatchObject({ taskKey: 'viewAdditionalDataSubmitted', done: false });
    expect(awaitedCheckOf(waiting.state)).toBe('UNDERWRITER_REVIEW');
    // The review started with the statements in: Back does not reopen them.
    expect(waiting.previousTask).toBeNull();
    // Behind the manual upload flag: the upload, then the same wait; its limit and its skip end as before.
    const upload = advanceProcess(statements.state, 'provideBasViaOpenBanking', { ...applicant, uploadBasManually: true });
    expect(upload).toMatchObject({ taskKey: 'uploadBankAccountStatementDocuments', done: false });
    expect(advanceProcess(upload.state, 'uploadBankAccountStatementDocuments', applicant).state.value).toEqual({ additionalChecks: 'viewAdditionalDataSubmitted' });
    expect(advanceProcess(upload.state, 'uploadBankAccountStatementDocuments', { ...applicant, uploadRetriesExceeded: true })).toMatchObject({
      taskKey: 'viewDocumentUploadLimitThankYouPage',
      done: true,
    });
    // Statements already given for this application: straight to the wait.
    const given = advanceProcess(offer.state, 'reviewApproved', { ...applicant, offerAnswer: 'ACCEPTED', additionalChecksAsked: true, statementsGiven: true });
    expect(given.state.value).toEqual({ additionalChecks: 'viewAdditionalDataSubmitted' });
    // Declined, or an offer of 15 000 € or less: as before.
    expect(advanceProcess(offer.state, 'reviewApproved', { ...applicant, offerAnswer: 'DECLINED', additionalChecksAsked: true })).toMatchObject({ taskKey: 'viewThankYouPage' });
    expect(advanceProcess(offer.state, 'reviewApproved', { ...applicant, offerAnswer: 'ACCEPTED' })).toMatchObject({ taskKey: 'viewContractAndChooseSigningMethod' });
  });

  it.each([
    ['POSITIVE', 'reviewApproved', false],
    ['NEGATIVE_FINAL', 'viewNegativeThankYouPage', true],
    ['UNDECIDED', 'viewAdditionalDataSubmitted', true],
    ['UNDECIDED_HOUSING_LOAN', 'readUndecidedHousingLoanDecision', true],
  ] as const)('after an accepted offer, the FINAL decision %s leads to %s', (decision, task, done) => {
    const waiting = placeProcess('retailLoan', input, 'additionalChecks.viewAdditionalDataSubmitted');
    expect(answered(waiting.state, 'UNDERWRITER_REVIEW', { decision })).toMatchObject({ taskKey: task, done, previousTask: null });
  });

  it.each([
    ['POSITIVE', 'reviewApproved', false],
    ['NEGATIVE_FINAL', 'readNegativeDecision', true],
    ['UNDECIDED', 'readUndecidedDecision', true],
  ] as const)('after an undecided decision, the FINAL decision %s leads to %s', (decision, task, done) => {
    const waiting = placeProcess('retailLoan', input, 'undecided.readUndecidedDecision');
    expect(answered(waiting.state, 'UNDERWRITER_REVIEW', { decision })).toMatchObject({ taskKey: task, done, previousTask: null });
  });

  it('the final offer: a card’s is ViewCreditCardOffer’s; accepted, on to the contract and never to the checks again', () => {
    const card = placeProcess('retailLoan', { businessDomain: 'retail-banking-ee', productName: 'CREDIT_CARD_VISA_GOLD' }, 'undecided.readUndecidedDecision');
    expect(answered(card.state, 'UNDERWRITER_REVIEW', { productName: 'CREDIT_CARD_VISA_GOLD', decision: 'POSITIVE' }).state.value).toEqual({ finalOffer: 'viewCreditCardOffer' });
    const final = placeProcess('retailLoan', input, 'finalOffer.reviewApproved');
    const accepted = { ...applicant, offerAnswer: 'ACCEPTED', additionalChecksAsked: true, statementsGiven: true } as const;
    expect(advanceProcess(final.state, 'reviewApproved', accepted)).toMatchObject({ taskKey: 'viewContractAndChooseSigningMethod', done: false });
    expect(advanceProcess(final.state, 'reviewApproved', { ...applicant, offerAnswer: 'DECLINED' })).toMatchObject({ taskKey: 'viewThankYouPage', done: true });
  });

  it('the underwriter not answering within the bank’s promise hands the application to a loan specialist', () => {
    const afterOffer = placeProcess('retailLoan', input, 'additionalChecks.viewAdditionalDataSubmitted');
    expect(overdue(afterOffer.state)).toMatchObject({ taskKey: 'viewAdditionalDataSubmitted', done: true });
    expect(awaitedCheckOf(overdue(afterOffer.state).state)).toBeUndefined();
    const undecided = placeProcess('retailLoan', input, 'undecided.readUndecidedDecision');
    expect(overdue(undecided.state)).toMatchObject({ taskKey: 'readUndecidedDecision', done: true });
  });

  it('a refinancing loan: the lenders confirm the obligations before the decision; accepted, the payoff before the contract', () => {
    const refinancing = { businessDomain: 'retail-banking-lt', productName: 'REFINANCING_LOAN' } as const;
    const facts = { ...applicant, productName: 'REFINANCING_LOAN' };
    const check = placeProcess('retailLoan', refinancing, 'checkAnswers');
    const confirming = advanceProcess(check.state, 'checkAnswers', facts);
    expect(confirming.state.value).toEqual({ refinancingCheck: 'viewAdditionalDataSubmitted' });
    expect(awaitedCheckOf(confirming.state)).toBe('REFINANCING_CHECK');
    expect(answered(confirming.state, 'REFINANCING_CHECK', { ...facts, decision: 'NEGATIVE_REFINANCING' })).toMatchObject({ taskKey: 'readNegativeDecision', done: true });
    expect(answered(confirming.state, 'REFINANCING_CHECK', { ...facts, decision: 'UNDECIDED' }).state.value).toEqual({ undecided: 'readUndecidedDecision' });
    const offer = answered(confirming.state, 'REFINANCING_CHECK', { ...facts, decision: 'POSITIVE' });
    expect(offer).toMatchObject({ taskKey: 'reviewApproved', done: false });
    const payoff = advanceProcess(offer.state, 'reviewApproved', { ...facts, offerAnswer: 'ACCEPTED' });
    expect(payoff.state.value).toEqual({ refinancingPayoff: 'viewAdditionalDataSubmitted' });
    expect(awaitedCheckOf(payoff.state)).toBe('REFINANCING_PAYOFF');
    expect(answered(payoff.state, 'REFINANCING_PAYOFF', facts)).toMatchObject({ taskKey: 'viewContractAndChooseSigningMethod', done: false });
    // Above 15 000 €: the additional checks first, then the final offer, then the payoff.
    const checks = advanceProcess(offer.state, 'reviewApproved', { ...facts, offerAnswer: 'ACCEPTED', additionalChecksAsked: true, statementsGiven: true });
    const final = answered(checks.state, 'UNDERWRITER_REVIEW', { ...facts, decision: 'POSITIVE' });
    expect(final.state.value).toEqual({ finalOffer: 'reviewApproved' });
    expect(advanceProcess(final.state, 'reviewApproved', { ...facts, offerAnswer: 'ACCEPTED' }).state.value).toEqual({ refinancingPayoff: 'viewAdditionalDataSubmitted' });
  });

  it('seeding by task key finds the top-level page first; a sub-flow’s by its state path', () => {
    expect(placeProcess('retailLoan', input, 'viewAdditionalDataSubmitted')).toMatchObject({ done: true });
    expect(placeProcess('retailLoan', input, 'readUndecidedDecision')).toMatchObject({ done: true });
    expect(placeProcess('retailLoan', input, 'reviewApproved').state.value).toBe('reviewApproved');
    expect(placeProcess('retailLoan', input, 'refinancingCheck.viewAdditionalDataSubmitted').state.value).toEqual({ refinancingCheck: 'viewAdditionalDataSubmitted' });
  });
});

describe('the current task is the deepest active state', () => {
  it('reads a leaf through compound states and refuses parallel ones', () => {
    expect(leafOf('createApplicationStep')).toBe('createApplicationStep');
    expect(leafOf({ coBorrower: { data: 'createApplicationStep' } })).toBe('createApplicationStep');
    expect(() => leafOf({ a: 'createApplicationStep', b: 'viewThankYouPage' })).toThrow(ProcessStateError);
  });
});

/**
 * A process of its own, to show what the product's processes may do: a sub-flow as a compound
 * state, a returnable task, and one whose submission locks what came before.
 */
const nested = processSetup.createMachine({
  id: 'nested',
  context: ({ input }) => ({ businessDomain: input.businessDomain, productName: input.productName }),
  initial: 'createApplicationStep',
  states: {
    createApplicationStep: {
      meta: { returnable: true },
      on: { 'step.submitted': { guard: and([{ type: 'isSubmissionOf', params: { taskKey: 'createApplicationStep' as const } }, 'hasApplicant']), target: 'subFlow' } },
    },
    subFlow: {
      initial: 'createApplicationStep',
      states: {
        // The same screen again inside the sub-flow (a co-borrower's own first step, say), not returnable.
        createApplicationStep: { on: { 'step.submitted': { target: '#nested.viewThankYouPage' } } },
      },
    },
    viewThankYouPage: { type: 'final' },
  },
});
const runner = createProcessRunner({ nested });
const input = { businessDomain: 'retail-banking-ee' as const, productName: 'SMALL_LOAN' };

describe('nested processes and Back (issue 8)', () => {
  it('rest in a compound state, whose leaf is the current task', () => {
    const start = runner.startProcess('nested', input);
    const inSubFlow = runner.advanceProcess(start.state, 'createApplicationStep', applicant, 1);
    expect(inSubFlow.state.value).toEqual({ subFlow: 'createApplicationStep' });
    expect(inSubFlow.taskKey).toBe('createApplicationStep');
    expect(runner.readProcess(JSON.parse(JSON.stringify(inSubFlow.state)))).toEqual(inSubFlow);
  });

  it('offer Back to a returnable previous task, with the step count it had, and only once', () => {
    const start = runner.startProcess('nested', input);
    const inSubFlow = runner.advanceProcess(start.state, 'createApplicationStep', applicant, 1);
    expect(inSubFlow.previousTask).toBe('createApplicationStep');
    const back = runner.returnProcess(inSubFlow.state);
    expect(back.position).toMatchObject({ taskKey: 'createApplicationStep', previousTask: null, done: false });
    expect(back.position.state.value).toBe('createApplicationStep');
    expect(back.stepCount).toBe(1);
    expect(() => runner.returnProcess(back.position.state)).toThrow(ProcessReturnRefusedError);
  });

  it('refuse Back from a task whose previous task is not returnable, and from a process that ended', () => {
    const start = runner.startProcess('nested', input);
    const inSubFlow = runner.advanceProcess(start.state, 'createApplicationStep', applicant, 1);
    const done = runner.advanceProcess(inSubFlow.state, 'createApplicationStep', applicant, 2);
    expect(done).toMatchObject({ taskKey: 'viewThankYouPage', done: true, previousTask: null });
    expect(() => runner.returnProcess(done.state)).toThrow(ProcessReturnRefusedError);
  });

  it('place a process at any task for seeding, with earlier tasks behind it', () => {
    expect(runner.stateValueOf('nested', 'viewThankYouPage')).toBe('viewThankYouPage');
    const placed = runner.placeProcess('nested', input, 'createApplicationStep', []);
    expect(placed.taskKey).toBe('createApplicationStep');
    const behind = runner.placeProcess('nested', input, 'viewThankYouPage', ['createApplicationStep']);
    expect(behind.state.history).toEqual([{ value: 'createApplicationStep', stepCount: 1 }]);
    expect(() => runner.placeProcess('nested', input, 'noSuchTask')).toThrow(ProcessStateError);
  });

  it('place a process at a task asked again in a sub-flow by its state path, and only at a task', () => {
    expect(runner.stateValueOf('nested', 'createApplicationStep')).toBe('createApplicationStep');
    expect(runner.stateValueOf('nested', 'subFlow.createApplicationStep')).toEqual({ subFlow: 'createApplicationStep' });
    const placed = runner.placeProcess('nested', input, 'subFlow.createApplicationStep', ['createApplicationStep']);
    expect(placed).toMatchObject({ taskKey: 'createApplicationStep', previousTask: 'createApplicationStep' });
    expect(placed.state.value).toEqual({ subFlow: 'createApplicationStep' });
    for (const path of ['subFlow', 'subFlow.noSuchTask', 'noSuchState.createApplicationStep', 'viewThankYouPage.x']) {
      expect(runner.stateValueOf('nested', path)).toBeUndefined();
    }
  });
});

describe('process diagrams (docs/processes, generated from the definitions; current: tests/paths/process-docs.test.ts)', () => {
  it('draw sub-flows, returnable tasks and guards', async () => {
    const { diagramOf } = await import('../../server/process/process-diagram');
    const text = diagramOf(nested);
    expect(text).toContain('state "createApplicationStep ↩" as nested_createApplicationStep');
    expect(text).toContain('state "subFlow (sub-flow)" as nested_subFlow {');
    expect(text).toContain('nested_createApplicationStep --> nested_subFlow: hasApplicant');
    expect(text).toContain('nested_viewThankYouPage --> [*]');
  });
});
