import { expect, type Locator, type Page } from '@playwright/test';
import { stepData, type FlowPath } from '../../tests/paths/flow-paths';
import type { WalkedStep } from '../../server/process/process-paths';
import { MARI, createApplicationStep, fillCreateApplicationStepAs } from '../support/create-application';
import type { TestLocale } from '../support/i18n';
import { t } from '../support/i18n';
import { stepKit } from '../support/step-kit';
import { checkAnswersPage } from '../support/steps/check-answers';
import { addressStep } from '../support/steps/submit-address';
import { backgroundStep } from '../support/steps/submit-background-data';
import { bankDetailsStep } from '../support/steps/submit-bank-details-and-identification-document-info';
import { employerStep } from '../support/steps/submit-employer-info';
import { financialStep } from '../support/steps/submit-financial-data';
import { personalInfoStep } from '../support/steps/submit-personal-info';
import { MARI_ANSWERS } from '../support/steps/estonian-data-steps';
import { contractStep } from '../support/steps/view-contract-and-choose-signing-method';
import { signWithSmartId, signingStep } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';
import { answerTheCardWithLoan, cardWithLoanStep } from '../support/steps/view-credit-card-offer';

/**
 * Issue 27 (docs/decisions/204): how a generated path's step is recognised and answered in the
 * browser, per task key: `heading` is what says the step is shown, `answer` fills it as the path's
 * conditions say and moves on. A task without a filler fails its path with that name (never a skip):
 * the list of tasks still without one is in the decision.
 */
export interface StepFiller {
  heading(page: Page, locale: TestLocale, path?: FlowPath): Locator;
  answer(page: Page, locale: TestLocale, path: FlowPath, step: WalkedStep): Promise<void>;
}

const has = (path: FlowPath, condition: string) => path.conditions.includes(condition);

function headingOf(page: Page, locale: TestLocale, english: string): Locator {
  return page.getByRole('heading', { level: 1, name: t(locale, english), exact: true });
}

/** A page a path ends on: its heading is all it shows to check (the closing pages' own specs check the rest). */
function finalPage(english: string): StepFiller {
  return { heading: (page, locale) => headingOf(page, locale, english), answer: async () => {} };
}

export const FILLERS: Partial<Record<string, StepFiller>> = {
  createApplicationStep: {
    heading: (page, locale) => createApplicationStep(page, locale).heading,
    // The applicant and the loan from the step contract's example (the same rules as the form), for
    // the path's product; the later fillers answer as an Estonian applicant, so another country is a
    // path the replay cannot walk yet, said so rather than walked wrong.
    answer: async (page, locale, path, step) => {
      if (path.domain !== 'retail-banking-ee') throw new Error(`no answers yet for an applicant in ${path.domain} (e2e/paths/fillers.ts answers as an Estonian applicant)`);
      const example = stepData(path, step)?.values ?? {};
      const text = (key: string) => String(example[key] ?? '');
      const phone = example['phoneNumber'] as { number: string } | undefined;
      await fillCreateApplicationStepAs(
        createApplicationStep(page, locale),
        { firstName: text('firstName'), surname: text('surname'), personalCode: text('personalCode'), email: text('email'), phone: phone?.number ?? '' },
        text('price') !== ''
          ? { productName: path.productName, price: text('price'), ownContribution: text('ownContribution'), period: text('loanPeriod') }
          : { productName: path.productName, amount: text('loanAmount'), period: text('loanPeriod') },
      );
    },
  },
  submitPersonalInfo: {
    heading: (page, locale) => personalInfoStep(page, locale).heading,
    answer: async (page, locale) => personalInfoStep(page, locale).fill({ personalCode: MARI.personalCode }),
  },
  submitBackgroundData: {
    heading: (page, locale) => backgroundStep(page, locale).heading,
    answer: async (page, locale, path) =>
      backgroundStep(page, locale).fill(
        has(path, 'employed') ? MARI_ANSWERS.employedBackground : { ...MARI_ANSWERS.employedBackground, employment: 'Retired', employer: undefined },
      ),
  },
  submitEmployerInfo: {
    heading: (page, locale) => employerStep(page, locale).heading,
    answer: async (page, locale) => employerStep(page, locale).fill(MARI_ANSWERS.employer),
  },
  submitAddress: {
    heading: (page, locale) => addressStep(page, locale).heading,
    answer: async (page, locale) => addressStep(page, locale).fill(MARI_ANSWERS.address),
  },
  submitFinancialData: {
    heading: (page, locale) => financialStep(page, locale).heading,
    answer: async (page, locale) => financialStep(page, locale).fill({ incomes: [{ source: 'PENSION', amount: '1850' }], obligations: [] }),
  },
  submitBankDetailsAndIdentificationDocumentInfo: {
    heading: (page, locale) => bankDetailsStep(page, locale).heading,
    answer: async (page, locale) =>
      bankDetailsStep(page, locale).fill(MARI_ANSWERS.bank),
  },
  checkAnswers: {
    heading: (page, locale) => checkAnswersPage(page, locale).heading,
    answer: async (page, locale) => checkAnswersPage(page, locale).send.click(),
  },
  reviewApproved: {
    heading: (page, locale) => page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }),
    answer: async (page, locale, path) => {
      if (!has(path, 'offerDeclined')) {
        await page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }).click();
        return;
      }
      await page.getByRole('button', { name: t(locale, 'Decline the offer'), exact: true }).click();
      await page
        .getByRole('dialog', { name: t(locale, 'Decline the offer?') })
        .getByRole('button', { name: t(locale, 'Yes, decline the offer'), exact: true })
        .click();
    },
  },
  viewContractAndChooseSigningMethod: {
    heading: (page, locale) => contractStep(page, locale).heading,
    answer: async (page, locale) => {
      const contract = contractStep(page, locale);
      await expect(contract.terms).toBeVisible();
      await contract.choose('Smart-ID');
      await contract.continueButton.click();
    },
  },
  viewContractConditions: {
    heading: (page, locale) => signingStep(page, locale).heading,
    // Signs on the Smart-ID simulator's phone page; the app goes on to the contract-signed page by itself (decision 211).
    answer: async (page, locale) => signWithSmartId(page, locale),
  },
  viewCreditCardOffer: {
    heading: (page, locale) => cardWithLoanStep(page, locale).heading,
    // The card offered with the loan (decision 174), declined: only the card is.
    answer: async (page, locale) => answerTheCardWithLoan(page, locale, 'decline', 'viewCreditCardOffer on a generated path'),
  },
  viewThankYouPage: {
    heading: (page, locale, path) => headingOf(page, locale, path && has(path, 'offerDeclined') ? 'You have declined the offer' : 'Thank you! We have received your application'),
    answer: async () => {},
  },
  readNegativeDecision: {
    heading: (page, locale, path) => headingOf(page, locale, path && has(path, 'decision=NEGATIVE_REFINANCING') ? 'We cannot refinance your loans' : 'We cannot approve your application'),
    answer: async () => {},
  },
  readUndecidedDecision: finalPage('A loan specialist will decide on your application'),
  readUndecidedHousingLoanDecision: finalPage('A housing loan specialist will decide on your application'),
  viewBankStatementsBeingProcessed: finalPage('Thank you! We are checking your bank statements'),
  viewProcessingTakesTime: finalPage('Checking your bank statements is taking longer than usual'),
  viewDocumentUploadLimitThankYouPage: finalPage('We could not receive your bank statements'),
  viewUploadSkipped: finalPage('Thank you! Your application has been sent without bank statements'),
  viewReturnToMerchant: finalPage('Thank you! We have received your bank statements'),
  viewDuplicateApplication: finalPage('You already have an application with us'),
  viewNegativeThankYouPage: finalPage('Thank you for your application'),
  viewShortApplicationSubmitted: finalPage('Thank you! Your application has been sent'),
  showContractSigningNegativePage: finalPage('We cannot sign the contract with you'),
  decisionPartnerStoreChosenForContractSigning: finalPage('Sign your contract in the store'),
  weWillBeWaitingForYouInPostOffice: finalPage('We will be waiting for you at the post office'),
  viewCurrentAccountContractSigned: finalPage('Your current account contract is signed'),
  viewContractSigned: {
    heading: (page, locale) => contractSignedHeading(page, locale),
    answer: async () => {},
  },
};

/** The step kit's continue, for fillers that fill a form and leave the way on to the replay. */
export const CONTINUES = new Set(['createApplicationStep', 'submitPersonalInfo', 'submitBackgroundData', 'submitEmployerInfo', 'submitAddress', 'submitFinancialData', 'submitBankDetailsAndIdentificationDocumentInfo']);

export async function continueStep(page: Page, locale: TestLocale): Promise<void> {
  const kit = stepKit(page, locale);
  await kit.continueButton.click();
}
