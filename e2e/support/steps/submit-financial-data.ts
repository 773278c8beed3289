import { expect, type Page } from '@playwright/test';
import { t, type TestLocale } from '../i18n';
import { stepKit, type Role } from '../step-kit';

/** SubmitFinancialData (src/steps/submitFinancialData). */

export interface FinancialAnswers {
  /** Source (the select's value) and monthly amount as typed. */
  incomes: { source: string; amount: string }[];
  /** None: "I have no loans or other obligations". */
  obligations: { type: string; creditor: string; monthlyPayment?: string; outstanding?: string }[];
}

export function financialStep(page: Page, locale: TestLocale, role: Role = 'applicant') {
  const kit = stepKit(page, locale);
  // A row is a fieldset named by its legend, "Income 2" (rows count from 1 on the page).
  const rowOf = (english: string, index: number) => page.getByRole('group', { name: t(locale, english).replace('{0}', String(index + 1)), exact: true });
  const income = (index: number) => rowOf('Income {0}', index);
  const obligation = (index: number) => rowOf('Obligation {0}', index);
  return {
    heading: kit.heading(role === 'applicant' ? 'Your income and obligations' : 'Your income and obligations as a co-borrower'),
    income,
    obligation,
    addIncome: kit.button('Add another income'),
    addObligation: kit.button('Add another obligation'),
    noObligations: kit.checkbox('I have no loans or other obligations'),
    async fill(answers: FinancialAnswers) {
      for (const [index, answer] of answers.incomes.entries()) {
        if (index > 0) {
          await this.addIncome.click();
          // Focus moves to the new row's first field (decision 115).
          await expect(kit.combobox('Source of income', income(index))).toBeFocused();
        }
        await kit.combobox('Source of income', income(index)).selectOption(answer.source);
        await kit.textbox('Monthly amount after tax, in euros', income(index)).fill(answer.amount);
      }
      if (answers.obligations.length === 0) {
        await this.noObligations.check();
        return;
      }
      for (const [index, answer] of answers.obligations.entries()) {
        if (index > 0) await this.addObligation.click();
        const scope = obligation(index);
        await kit.combobox('Type of obligation', scope).selectOption(answer.type);
        await kit.textbox('Creditor', scope).fill(answer.creditor);
        if (answer.monthlyPayment !== undefined) await kit.textbox('Monthly payment, in euros', scope).fill(answer.monthlyPayment);
        if (answer.outstanding !== undefined) await kit.textbox('Amount still to repay, in euros', scope).fill(answer.outstanding);
      }
    },
  };
}
