import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';
import { checkAnswersPage } from './check-answers';
import { addressStep, type AddressAnswers } from './submit-address';
import { backgroundStep, type BackgroundAnswers } from './submit-background-data';
import { bankDetailsStep, type BankDetailsAnswers } from './submit-bank-details-and-identification-document-info';
import { employerStep, type EmployerAnswers } from './submit-employer-info';
import { financialStep, type FinancialAnswers } from './submit-financial-data';
import { personalInfoStep } from './submit-personal-info';
import type { RetailPerson } from '../seed-application';

/** An Estonian applicant's answers to the data steps after the first page. */
export interface EstonianDataAnswers {
  personalCode: string;
  background: BackgroundAnswers;
  /** Asked when the background says the applicant is employed. */
  employer?: EmployerAnswers;
  address: AddressAnswers;
  financial: FinancialAnswers;
  bank: BankDetailsAnswers;
}

/**
 * Mari's answers (`MARI` of create-application.ts) as the Estonian journeys and the path replays
 * give them: employed at Balti Puit OÜ, living in Tallinn, paid into one Estonian account.
 */

/**
 * Jaan, the Estonian co-applicant a housing loan's applicant names: he answers the co-borrower's
 * steps in a browser of his own (journeys/ee-housing-co-borrower.spec.ts; the generated paths'
 * `coApplicant`, decision 215).
 */
export const JAAN: RetailPerson = {
  firstName: 'Jaan',
  surname: 'Tamm',
  email: 'jaan.tamm@example.com',
  phone: '52345678',
  personalCode: '37511050000',
  iban: 'EE262200221000123452',
  documentNumber: 'AD7654321',
};

export const MARI_ANSWERS = {
  employedBackground: {
    maritalStatus: 'Married',
    education: 'Master’s degree',
    residence: 'An apartment I own',
    children: '2',
    adults: 'None',
    citizenship: 'EE',
    employment: 'Employed by a private company',
    employer: { name: 'Balti Puit OÜ', since: { day: '1', month: '9', year: '2015' }, position: 'Specialist' },
  },
  employer: { registrationCode: '10137025', position: 'Raamatupidaja', contract: 'Permanent', phone: '6123456' },
  address: { street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: 'Harju maakond', postalCode: '10117' },
  bank: {
    iban: 'EE38 2200 2210 2014 5685',
    paymentDay: '10',
    documentType: 'ID_CARD',
    documentNumber: 'AB0123456',
    issued: { day: '14', month: '3', year: '2021' },
    expires: { day: '13', month: '3', year: '2031' },
  },
} as const satisfies { employedBackground: BackgroundAnswers; employer: EmployerAnswers; address: AddressAnswers; bank: BankDetailsAnswers };

/**
 * From the first page's Continue to the application sent: personal details, background, employer
 * (when given), address, finances, bank details, then check answers and Send. The journeys that
 * test what follows the data steps share this one walk.
 */
export async function sendEstonianDataSteps(page: Page, locale: TestLocale, answers: EstonianDataAnswers): Promise<void> {
  const kit = stepKit(page, locale);
  const personal = personalInfoStep(page, locale);
  await kit.continueTo(personal.heading);
  await personal.fill({ personalCode: answers.personalCode });
  const background = backgroundStep(page, locale);
  await kit.continueTo(background.heading);
  await background.fill(answers.background);
  if (answers.employer) {
    const employer = employerStep(page, locale);
    await kit.continueTo(employer.heading);
    await employer.fill(answers.employer);
  }
  const address = addressStep(page, locale);
  await kit.continueTo(address.heading);
  await address.fill(answers.address);
  const financial = financialStep(page, locale);
  await kit.continueTo(financial.heading);
  await financial.fill(answers.financial);
  const bank = bankDetailsStep(page, locale);
  await kit.continueTo(bank.heading);
  await bank.fill(answers.bank);
  const check = checkAnswersPage(page, locale);
  await kit.continueTo(check.heading);
  await check.send.click();
}
