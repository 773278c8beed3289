import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/** SubmitInitialDataCoBorrower, the co-borrower's first step (src/steps/submitInitialDataCoBorrower). */
export function coBorrowerInitialStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Join the loan application as a co-applicant'),
    firstName: kit.textbox('First name'),
    surname: kit.textbox('Surname'),
    email: kit.textbox('E-mail'),
    phone: kit.textbox('Phone number'),
    consent: kit.checkbox('I agree to the processing of my personal data to assess this application, including queries to credit registers.'),
  };
}
