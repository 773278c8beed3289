import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit, type DateAnswer } from '../step-kit';

/**
 * SubmitEmployerInfo (src/steps/submitEmployerInfo). The employer's name and the start date are
 * answered on "About you" (the background step) and not asked again here (decision 196).
 */

export interface EmployerAnswers {
  registrationCode?: string;
  position: string;
  /** The English label of the contract type: Permanent or Fixed-term. */
  contract: 'Permanent' | 'Fixed-term';
  contractEnds?: DateAnswer;
  phone?: string;
}

export function employerStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Your employer'),
    registrationCode: kit.textbox('Employer’s registration code (optional)'),
    position: kit.textbox('Your job title'),
    phone: kit.textbox('Employer’s phone number (optional)'),
    async fill(answers: EmployerAnswers) {
      if (answers.registrationCode) await this.registrationCode.fill(answers.registrationCode);
      await this.position.fill(answers.position);
      await kit.choose('What kind of employment contract do you have?', answers.contract);
      if (answers.contractEnds) await kit.date('When does your contract end?', answers.contractEnds);
      if (answers.phone) await this.phone.fill(answers.phone);
    },
  };
}
