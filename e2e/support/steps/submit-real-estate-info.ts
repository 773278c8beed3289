import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/** SubmitRealEstateInfo (src/steps/submitRealEstateInfo). */

export interface RealEstateAnswers {
  name: string;
  /** Select values. */
  type: 'PREMISES' | 'LAND';
  kind: string;
  condition: string;
  constructionYear?: string;
  financing: 'WITH_DOWNPAYMENT' | 'FINANCED_BY_THE_BANK';
  downPayment?: { amount: string; source: string };
  schedule: string;
  /** Months; the step offers the loan's period already when it fits. */
  period?: string;
}

export function realEstateStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('The property and its owners'),
    period: kit.textbox('Loan period in months'),
    async fill(answers: RealEstateAnswers) {
      await kit.textbox('Name of the property').fill(answers.name);
      await kit.combobox('Type of property').selectOption(answers.type);
      await kit.combobox('Kind of property').selectOption(answers.kind);
      await kit.combobox('Condition').selectOption(answers.condition);
      if (answers.constructionYear) await kit.textbox('Year the building was built').fill(answers.constructionYear);
      await kit.combobox('How is your own contribution paid?').selectOption(answers.financing);
      if (answers.downPayment) {
        await kit.textbox('Down payment, in euros').fill(answers.downPayment.amount);
        await kit.combobox('Where does the down payment come from?').selectOption(answers.downPayment.source);
      }
      await kit.combobox('Owners of the property').selectOption('APPLICANT_ONLY');
      await kit.combobox('Repayment schedule').selectOption(answers.schedule);
      if (answers.period) await this.period.fill(answers.period);
    },
  };
}
