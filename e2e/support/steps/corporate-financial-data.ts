import { expect, type Page } from '@playwright/test';
import { t, type TestLocale } from '../i18n';
import { stepKit, type DateAnswer } from '../step-kit';

/** SubmitFinancialData of a company (src/steps/submitFinancialData/view.corporate.tsx; decision 183). */

export interface CollateralAnswers {
  /** The select's value: PREMISES, LAND, VEHICLES, … */
  type: string;
  marketValue?: string;
  address?: { street: string; city: string };
}

export interface LiabilityAnswers {
  /** The select's value: BUSINESS_LOAN, BUSINESS_LEASING, GUARANTEE, … */
  type: string;
  creditor: string;
  amount: string;
  monthlyPayment?: string;
  endDate: DateAnswer;
}

export function corporateFinancialStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  // A row is a fieldset named by its legend, "Collateral 2" (rows count from 1 on the page).
  const rowOf = (english: string, index: number) => page.getByRole('group', { name: t(locale, english).replace('{0}', String(index + 1)), exact: true });
  const collateral = (index: number) => rowOf('Collateral {0}', index);
  const liability = (index: number) => rowOf('Liability {0}', index);
  const removeButton = (english: string, index: number) => page.getByRole('button', { name: t(locale, english).replace('{0}', String(index + 1)), exact: true });
  return {
    /** With liabilities asked (businessData said the company has some), the heading names them too. */
    heading: (withLiabilities: boolean) => kit.heading(withLiabilities ? 'Your company’s collaterals and liabilities' : 'Your company’s collaterals'),
    collateral,
    liability,
    addCollateral: kit.button('Add a collateral'),
    addLiability: kit.button('Add a liability'),
    removeCollateral: (index: number) => removeButton('Remove collateral {0}', index),
    removeLiability: (index: number) => removeButton('Remove liability {0}', index),
    collateralType: (index: number) => kit.combobox('Type of collateral', collateral(index)),
    liabilityType: (index: number) => kit.combobox('Type of liability', liability(index)),
    async fillCollateral(index: number, answer: CollateralAnswers) {
      const scope = collateral(index);
      await kit.combobox('Type of collateral', scope).selectOption(answer.type);
      if (answer.address) {
        await kit.textbox('Street address', scope).fill(answer.address.street);
        await kit.textbox('City or town', scope).fill(answer.address.city);
      }
      if (answer.marketValue !== undefined) await kit.textbox('Market value, in euros', scope).fill(answer.marketValue);
    },
    async fillLiability(index: number, answer: LiabilityAnswers) {
      const scope = liability(index);
      await kit.combobox('Type of liability', scope).selectOption(answer.type);
      await kit.textbox('Creditor', scope).fill(answer.creditor);
      await kit.textbox('Amount still owed, in euros', scope).fill(answer.amount);
      if (answer.monthlyPayment !== undefined) await kit.textbox('Monthly payment, in euros', scope).fill(answer.monthlyPayment);
      await kit.date('End date', answer.endDate, scope);
    },
    /** Fills the rows a journey declares, adding each one after the first as a person would (focus moves into the new row). */
    async fill(answers: { collaterals: CollateralAnswers[]; liabilities?: LiabilityAnswers[] }) {
      for (const [index, answer] of answers.collaterals.entries()) {
        if (index > 0 || !(await collateral(0).isVisible())) {
          await this.addCollateral.click();
          await expect(this.collateralType(index)).toBeFocused();
        }
        await this.fillCollateral(index, answer);
      }
      for (const [index, answer] of (answers.liabilities ?? []).entries()) {
        if (index > 0 || !(await liability(0).isVisible())) {
          await this.addLiability.click();
          await expect(this.liabilityType(index)).toBeFocused();
        }
        await this.fillLiability(index, answer);
      }
    },
  };
}
