import { describe, expect, it } from 'vitest';
import type { BusinessDomain } from '../../core/domain/business-domains';
import { productsOf } from '../../core/domain/products';
import { PROCESS_DEFINITIONS, processDefinitionFor } from '../../server/process/process-definitions';
import { askedSteps, baseFacts, RETAIL_DOMAINS, walkProcess } from '../../server/process/process-paths';
import { advanceProcessBy, awaitedCheckOf, startProcess } from '../../server/process/process-runner';
import type { ApplicationFacts } from '../../server/process/process-setup';

/**
 * Each product walked through its process by the process runner itself (the way the API advances an
 * application), submitting every task it names with the facts given, until the process ends; a task
 * that waits for the bank's back office moves on by the check's answer (decisions 172, 173).
 */
function walk(domain: BusinessDomain, productName: string, facts: Partial<ApplicationFacts> = {}): string[] {
  const definition = processDefinitionFor(domain, productName);
  if (!definition) throw new Error(`no process for ${productName} in ${domain}`);
  let position = startProcess(definition, { businessDomain: domain, productName });
  const tasks = [position.turn === 'COBORROWER' ? `co:${position.taskKey}` : position.taskKey];
  while (!position.done) {
    const all = { ...baseFacts(productName), ...facts };
    const check = awaitedCheckOf(position.state);
    position = advanceProcessBy(
      position.state,
      check ? { type: 'check.completed', check, facts: all } : { type: 'step.submitted', taskDefinitionKey: position.taskKey, facts: all },
    );
    tasks.push(position.turn === 'COBORROWER' ? `co:${position.taskKey}` : position.taskKey);
    if (tasks.length > 50) throw new Error('the process does not end');
  }
  return tasks;
}

const APPLICANT_PART = ['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'submitAddress', 'submitFinancialData'];
const TO_THE_END = ['submitBankDetailsAndIdentificationDocumentInfo', 'checkAnswers'];
/** A positive decision's offer, accepted (decision 131); a card's is ViewCreditCardOffer. */
const OFFER_ACCEPTED = ['reviewApproved', 'viewContractAndChooseSigningMethod', 'viewContractConditions', 'viewContractSigned'];
const CO_BORROWER_PART = [
  'co:submitInitialDataCoBorrower',
  'co:submitPersonalInfo',
  'co:submitBackgroundData',
  'co:submitAddress',
  'co:submitFinancialData',
  'co:submitBankDetailsAndIdentificationDocumentInfo',
  'co:checkAnswers',
];
const withCoApplicant = { hasCoBorrower: true, personRoles: ['APPLICANT', 'COBORROWER'] };

describe.each(RETAIL_DOMAINS)('the steps each product asks, in order, in %s (issue 11)', (domain) => {
  // Decision 152: Latvia asks every borrower for bank statements after their check of the answers.
  const latvia = domain === 'retail-banking-lv';
  const toTheEnd = [...TO_THE_END, ...(latvia ? ['provideBasViaOpenBanking'] : [])];
  const coPart = [...CO_BORROWER_PART, ...(latvia ? ['co:provideBasViaOpenBanking'] : [])];

  it('a small loan: the applicant part, then the end', () => {
    expect(walk(domain, 'SMALL_LOAN')).toEqual([...APPLICANT_PART, ...toTheEnd, ...OFFER_ACCEPTED]);
  });

  it('an employed applicant is asked about the employer after the background', () => {
    expect(walk(domain, 'CAR_LOAN', { employmentTypes: { APPLICANT: 'PRIVATE_SECTOR' } })).toEqual([
      'createApplicationStep',
      'submitPersonalInfo',
      'submitBackgroundData',
      'submitEmployerInfo',
      'submitAddress',
      'submitFinancialData',
      ...toTheEnd,
      ...OFFER_ACCEPTED,
    ]);
  });

  it('a housing loan asks about the property only with the real-estate flag on', () => {
    expect(walk(domain, 'HOUSING_LOAN')).toEqual([...APPLICANT_PART, ...toTheEnd, ...OFFER_ACCEPTED]);
    expect(walk(domain, 'HOUSING_LOAN', { featureFlags: ['realEstateInHousingFlow'] })).toEqual([
      ...APPLICANT_PART,
      'submitRealEstateInfo',
      ...toTheEnd,
      ...OFFER_ACCEPTED,
    ]);
  });

  it('a real-estate loan always asks about the property', () => {
    expect(walk(domain, 'REAL_ESTATE_LOAN')).toEqual([...APPLICANT_PART, 'submitRealEstateInfo', ...toTheEnd, ...OFFER_ACCEPTED]);
  });

  it("a housing loan with a co-applicant: the applicant's part, then the co-borrower's own steps", () => {
    expect(walk(domain, 'HOUSING_LOAN', { ...withCoApplicant, featureFlags: ['realEstateInHousingFlow'] })).toEqual([
      ...APPLICANT_PART,
      'submitRealEstateInfo',
      ...toTheEnd,
      ...coPart,
      ...OFFER_ACCEPTED,
    ]);
  });

  it.each(['CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD_VISA_GOLD', 'CAR_HIRE_PURCHASE', 'COMP_HIRE_PURCHASE', 'REG_HIRE_PURCHASE'])(
    '%s has one holder: no co-borrower part even when one is added, no property',
    (productName) => {
      expect(walk(domain, productName, { ...withCoApplicant, featureFlags: ['realEstateInHousingFlow'] })).toEqual([
        ...APPLICANT_PART,
        ...toTheEnd,
        productName.startsWith('CREDIT_CARD') ? 'viewCreditCardOffer' : 'reviewApproved',
        'viewContractAndChooseSigningMethod',
        'viewContractConditions',
        'viewContractSigned',
      ]);
    },
  );

  it('a refinancing loan: the lenders confirm the obligations before the decision, and their payoff comes before the contract (decision 173)', () => {
    expect(walk(domain, 'REFINANCING_LOAN')).toEqual([
      ...APPLICANT_PART,
      ...toTheEnd,
      'viewAdditionalDataSubmitted',
      'reviewApproved',
      'viewAdditionalDataSubmitted',
      ...OFFER_ACCEPTED.slice(1),
    ]);
  });

  it('a declined offer ends at the thank-you page', () => {
    expect(walk(domain, 'SMALL_LOAN', { offerAnswer: 'DECLINED' })).toEqual([...APPLICANT_PART, ...toTheEnd, 'reviewApproved', 'viewThankYouPage']);
  });

  it('a loan accepted with the card its product cross-sells offered: the card’s page, then the loan’s contract (decision 174)', () => {
    expect(walk(domain, 'SMALL_LOAN', { crossSellCardOffered: true })).toEqual([...APPLICANT_PART, ...toTheEnd, 'reviewApproved', 'viewCreditCardOffer', ...OFFER_ACCEPTED.slice(1)]);
    // Declining the card declines only the card: the loan's contract comes next all the same.
    const machine = PROCESS_DEFINITIONS[processDefinitionFor(domain, 'CAR_LOAN')!];
    const steps = walkProcess(machine, { businessDomain: domain, productName: 'CAR_LOAN' }, (taskKey) => ({
      ...baseFacts('CAR_LOAN'),
      crossSellCardOffered: taskKey === 'reviewApproved',
      offerAnswer: taskKey === 'viewCreditCardOffer' ? 'DECLINED' : 'ACCEPTED',
    }));
    expect(steps.map((step) => step.state).slice(-5)).toEqual(['reviewApproved', 'crossSell.viewCreditCardOffer', ...OFFER_ACCEPTED.slice(1)]);
  });

  it('income a register cannot confirm is shown with bank statements before the decision (decision 152)', () => {
    const evidence = { incomeEvidence: { APPLICANT: true } };
    expect(walk(domain, 'SMALL_LOAN', evidence)).toEqual([...APPLICANT_PART, ...TO_THE_END, 'provideBasViaOpenBanking', ...OFFER_ACCEPTED]);
    // Behind the manual upload flag the person may upload the statements instead (the service accepts the variable only then).
    expect(walk(domain, 'SMALL_LOAN', { ...evidence, uploadBasManually: true })).toEqual([
      ...APPLICANT_PART,
      ...TO_THE_END,
      'provideBasViaOpenBanking',
      'uploadBankAccountStatementDocuments',
      ...OFFER_ACCEPTED,
    ]);
  });

  it("each borrower gives their own statements at the end of their own part: the co-borrower's income alone asks only them", () => {
    const tasks = walk(domain, 'HOUSING_LOAN', { ...withCoApplicant, incomeEvidence: { COBORROWER: true } });
    expect(tasks.includes('co:provideBasViaOpenBanking')).toBe(true);
    expect(tasks.includes('provideBasViaOpenBanking')).toBe(latvia);
    expect(tasks.indexOf('co:provideBasViaOpenBanking')).toBe(tasks.indexOf('co:checkAnswers') + 1);
  });

  it('every product the domain offers reaches its end page', () => {
    for (const { productName } of productsOf(domain)) {
      const tasks = walk(domain, productName, withCoApplicant);
      expect(tasks[0], productName).toBe('createApplicationStep');
      expect(['viewContractSigned', 'viewThankYouPage', 'viewCurrentAccountContractSigned'], productName).toContain(tasks[tasks.length - 1]);
    }
  });
});

describe('the current account (issue 12, decisions 144, 145, 158)', () => {
  it.each(['retail-banking-ee', 'retail-banking-lv'] as const)('in %s: identified, then its contract signed, then the contract-signed page', (domain) => {
    expect(walk(domain, 'CURRENT_ACCOUNT')).toEqual(['createApplicationStep', 'identifyCustomer', 'signCurrentAccountContract', 'viewCurrentAccountContractSigned']);
  });
});

describe('the documented steps (docs/processes, computed from the definitions)', () => {
  const described = (domain: BusinessDomain, productName: string) =>
    askedSteps('retailLoan', domain, productName).map((step) => `${step.role === 'COBORROWER' ? 'co:' : ''}${step.taskKey}${step.when.length ? ` when ${step.when.join(' and ')}` : ''}`);

  it('mark each conditional step with what asks it', () => {
    const housing = described('retail-banking-lv', 'HOUSING_LOAN');
    expect(housing).toContain('submitEmployerInfo when employed');
    expect(housing).toContain('submitRealEstateInfo when the flag realEstateInHousingFlow is on');
    expect(housing).toContain('co:submitInitialDataCoBorrower when a co-applicant is added');
    expect(housing).toContain('co:submitEmployerInfo when employed and a co-applicant is added');
    expect(housing).toContain('chooseContinueOption when the applicant has another open application of the same owner');
    expect(described('retail-banking-ee', 'REAL_ESTATE_LOAN')).toContain('submitRealEstateInfo');
    // Decisions 174, 209: only a consumer loan whose product data names a card is offered it.
    const cardWithLoan = 'viewCreditCardOffer when the bank offers the card the loan’s product data names (decisions 174, 209)';
    expect(described('retail-banking-ee', 'SMALL_LOAN')).toContain(cardWithLoan);
    expect(described('retail-banking-lt', 'CAR_LOAN')).toContain(cardWithLoan);
    expect(described('retail-banking-lv', 'HOUSING_LOAN')).not.toContain(cardWithLoan);
    expect(described('retail-banking-ee', 'CAR_HIRE_PURCHASE')).not.toContain(cardWithLoan);
    // The renovation loan is a consumer loan whose product data names no card (server/pricing/pricing-data.json).
    expect(described('retail-banking-ee', 'RENOVATION_LOAN').some((step) => step.startsWith('viewCreditCardOffer'))).toBe(false);
  });

  it('list the steps in the order the process asks them', () => {
    const small = described('retail-banking-lt', 'SMALL_LOAN').filter((step) => !step.includes(' when '));
    expect(small).toEqual([...APPLICANT_PART, ...TO_THE_END, ...OFFER_ACCEPTED]);
    const card = described('retail-banking-ee', 'CREDIT_CARD_VISA_GOLD');
    expect(card.some((step) => step.startsWith('co:'))).toBe(false);
  });
});

describe('the steps each corporate product asks, in order (issue 24, decision 184)', () => {
  const LOAN = ['businessData', 'submitFinancialData', 'checkAnswers', ...OFFER_ACCEPTED];
  const LEASING = ['businessData', 'submitLeasingData', 'submitFinancialData', 'uploadLeasingDocuments', 'checkAnswers', ...OFFER_ACCEPTED];

  it.each(['OPERATING_LOAN', 'CREDIT_LINE', 'DEVELOPMENT_LOAN', 'INVESTMENT_LOAN', 'LAND_LOAN', 'MORTGAGE_LOAN', 'SMALL_LOAN_BUSINESS'])('a business loan (%s): the company, its finances, the check, the offer and the contract', (product) => {
    expect(walk('corporate-banking', product)).toEqual(LOAN);
    expect(askedSteps('corporate', 'corporate-banking', product).map((step) => step.taskKey)).toEqual(LOAN);
  });

  it.each(['CAR_LEASING_BUSINESS', 'EQUIPMENT_LEASING_BUSINESS', 'GREEN_LEASING_BUSINESS'])('a leasing (%s): the asset after the company, the seller’s offer after the finances', (product) => {
    expect(walk('corporate-banking', product)).toEqual(LEASING);
  });

  it('a negative decision, an undecided one and a declined offer end the flow at their pages', () => {
    expect(walk('corporate-banking', 'OPERATING_LOAN', { decision: 'NEGATIVE_INITIAL' }).at(-1)).toBe('readNegativeDecision');
    expect(walk('corporate-banking', 'OPERATING_LOAN', { decision: 'UNDECIDED' }).at(-1)).toBe('readUndecidedDecision');
    expect(walk('corporate-banking', 'CAR_LEASING_BUSINESS', { offerAnswer: 'DECLINED' }).at(-1)).toBe('viewThankYouPage');
    expect(walk('corporate-banking', 'CAR_LEASING_BUSINESS', { signingRefused: true }).at(-1)).toBe('showContractSigningNegativePage');
  });

  it('the data steps are returnable, the decision, the offer and the signing are not', () => {
    let position = startProcess('corporate', { businessDomain: 'corporate-banking', productName: 'CAR_LEASING_BUSINESS' });
    const previous: (string | null)[] = [];
    while (!position.done) {
      position = advanceProcessBy(position.state, { type: 'step.submitted', taskDefinitionKey: position.taskKey, facts: baseFacts('CAR_LEASING_BUSINESS') });
      previous.push(`${position.taskKey} <- ${position.previousTask}`);
    }
    expect(previous).toEqual([
      'submitLeasingData <- businessData',
      'submitFinancialData <- submitLeasingData',
      'uploadLeasingDocuments <- submitFinancialData',
      'checkAnswers <- uploadLeasingDocuments',
      'reviewApproved <- null',
      'viewContractAndChooseSigningMethod <- null',
      'viewContractConditions <- viewContractAndChooseSigningMethod',
      'viewContractSigned <- null',
    ]);
  });
});
