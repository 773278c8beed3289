import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit, type Role } from '../step-kit';

/** SubmitPersonalInfo (src/steps/submitPersonalInfo). */
export function personalInfoStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading(role === 'applicant' ? 'Your personal details' : 'Your personal details as a co-borrower'),
    loanType: kit.combobox('Loan type'),
    campaignCode: kit.textbox('Campaign code (optional)'),
    personalCode: kit.textbox('Personal code'),
    dateOfBirth: kit.textbox('Date of birth'),
    language: kit.combobox('Which language should we contact you in?'),
    registryCheck: kit.checkbox('I agree that the bank may check my data in public registers and credit registers to assess this application.'),
    silentConsent: kit.checkbox(
      'I agree that the bank may repeat these checks while my application and any loan are being handled, without asking me again (optional).',
    ),
    async fill(answers: { personalCode: string; dateOfBirth?: string }) {
      await this.personalCode.fill(answers.personalCode);
      // Leaving the field starts the registry check of the code (sections 5 and 8).
      await this.personalCode.blur();
      if (answers.dateOfBirth !== undefined) await this.dateOfBirth.fill(answers.dateOfBirth);
      await this.registryCheck.check();
    },
  };
}
