import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit, type DateAnswer } from '../step-kit';

/** SubmitEmployerInfo (src/steps/submitEmployerInfo). */

export interface EmployerAnswers {
  name: string;
  registrationCode?: string;
  position: string;
  since: DateAnswer;
  /** The English label of the contract type: Permanent or Fixed-term. */
  contract: 'Permanent' | 'Fixed-term';
  contractEnds?: DateAnswer;
  phone?: string;
}

export function employerStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Your employer'),
    name: kit.textbox('Name of your employer'),
    registrationCode: kit.textbox('Employer’s registration code (optional)'),
    position: kit.textbox('Your job title'),
    phone: kit.textbox('Employer’s phone number (optional)'),
    async fill(answers: EmployerAnswers) {
      await this.name.fill(answers.name);
      if (answers.registrationCode) await this.registrationCode.fill(answers.registrationCode);
      await this.position.fill(answers.position);
      await kit.date('When did you start working there?', answers.since);
      await kit.choose('What kind of employment contract do you have?', answers.contract);
      if (answers.contractEnds) await kit.date('When does your contract end?', answers.contractEnds);
      if (answers.phone) await this.phone.fill(answers.phone);
    },
  };
}
