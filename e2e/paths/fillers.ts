import { expect, type Locator, type Page } from '@playwright/test';
import type { FlowPath } from '../../tests/paths/flow-paths';
import type { WalkedStep } from '../../server/process/process-paths';
import { MARI, createApplicationStep, fillCreateApplicationStep } from '../support/create-application';
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
import { contractStep } from '../support/steps/view-contract-and-choose-signing-method';
import { signWithSmartId, signingStep } from '../support/steps/view-contract-conditions';
import { contractSignedHeading } from '../support/steps/view-contract-signed';

/**
 * Issue 27 (docs/decisions/204): how a generated path's step is recognised and answered in the
 * browser, per task key: `heading` is what says the step is shown, `answer` fills it as the path's
 * conditions say and moves on. A task without a filler fails its path with that name (never a skip):
 * the list of tasks still without one is in the decision.
 */
export interface StepFiller {
  heading(page: Page, locale: TestLocale): Locator;
  answer(page: Page, locale: TestLocale, path: FlowPath, step: WalkedStep): Promise<void>;
}

const has = (path: FlowPath, condition: string) => path.conditions.includes(condition);

export const FILLERS: Partial<Record<string, StepFiller>> = {
  createApplicationStep: {
    heading: (page, locale) => createApplicationStep(page, locale).heading,
    answer: async (page, locale) => fillCreateApplicationStep(createApplicationStep(page, locale)),
  },
  submitPersonalInfo: {
    heading: (page, locale) => personalInfoStep(page, locale).heading,
    answer: async (page, locale) => personalInfoStep(page, locale).fill({ personalCode: MARI.personalCode }),
  },
  submitBackgroundData: {
    heading: (page, locale) => backgroundStep(page, locale).heading,
    answer: async (page, locale, path) =>
      backgroundStep(page, locale).fill({
        maritalStatus: 'Married',
        education: 'Master’s degree',
        residence: 'An apartment I own',
        children: '2',
        adults: 'None',
        citizenship: 'EE',
        ...(has(path, 'employed')
          ? { employment: 'Employed by a private company', employer: { name: 'Balti Puit OÜ', since: { day: '1', month: '9', year: '2015' }, position: 'Specialist' } }
          : { employment: 'Retired' }),
      }),
  },
  submitEmployerInfo: {
    heading: (page, locale) => employerStep(page, locale).heading,
    answer: async (page, locale) => employerStep(page, locale).fill({ registrationCode: '10137025', position: 'Raamatupidaja', contract: 'Permanent', phone: '6123456' }),
  },
  submitAddress: {
    heading: (page, locale) => addressStep(page, locale).heading,
    answer: async (page, locale) => addressStep(page, locale).fill({ street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: 'Harju maakond', postalCode: '10117' }),
  },
  submitFinancialData: {
    heading: (page, locale) => financialStep(page, locale).heading,
    answer: async (page, locale) => financialStep(page, locale).fill({ incomes: [{ source: 'PENSION', amount: '1850' }], obligations: [] }),
  },
  submitBankDetailsAndIdentificationDocumentInfo: {
    heading: (page, locale) => bankDetailsStep(page, locale).heading,
    answer: async (page, locale) =>
      bankDetailsStep(page, locale).fill({
        iban: 'EE38 2200 2210 2014 5685',
        paymentDay: '10',
        documentType: 'ID_CARD',
        documentNumber: 'AB0123456',
        issued: { day: '14', month: '3', year: '2021' },
        expires: { day: '13', month: '3', year: '2031' },
      }),
  },
  checkAnswers: {
    heading: (page, locale) => checkAnswersPage(page, locale).heading,
    answer: async (page, locale) => checkAnswersPage(page, locale).send.click(),
  },
  reviewApproved: {
    heading: (page, locale) => page.getByRole('button', { name: t(locale, 'Accept the offer'), exact: true }),
    answer: async (page, locale, path) => {
      const name = has(path, 'offerDeclined') ? 'Decline the offer' : 'Accept the offer';
      await page.getByRole('button', { name: t(locale, name), exact: true }).click();
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
    // Signs on the Smart-ID simulator's phone page and continues to the signed page.
    answer: async (page, locale) => signWithSmartId(page, locale),
  },
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
