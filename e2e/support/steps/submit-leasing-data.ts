import type { Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/** SubmitLeasingData (src/steps/submitLeasingData): the leased asset, the lease and its payments (issue 24). */

export interface LeasingAnswers {
  price: string;
  priceIncludesVat: boolean;
  /** "Year of first registration" for a car, "Year of production" otherwise (section 5). */
  assetYear: { label: 'Year of first registration' | 'Year of production'; value: string };
  /** The English label of the lease type's radio; left out when the product has one type only (equipment). */
  leaseType?: 'Financial lease: the asset becomes the company’s at the end' | 'Operating lease: the asset is returned at the end';
  period: string;
  /** As percentages of the price (the default way). */
  downPayment: string;
  residual: string;
  vat: 'All at once, with the down payment' | 'Spread over the monthly payments';
}

export function leasingStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('What the company is leasing'),
    async fill(answers: LeasingAnswers) {
      await kit.textbox('Price of the asset, in euros').fill(answers.price);
      if (answers.priceIncludesVat) await kit.checkbox('The price includes VAT').check();
      await kit.textbox(answers.assetYear.label).fill(answers.assetYear.value);
      if (answers.leaseType) await kit.choose('Type of lease', answers.leaseType);
      else await kit.group('Type of lease').getByRole('radio').first().check();
      await kit.textbox('Leasing period in months').fill(answers.period);
      await kit.choose('How do you give the down payment and residual value?', 'As a percentage of the price');
      await kit.textbox('Down payment, % of the price').fill(answers.downPayment);
      await kit.textbox('Residual value, % of the price').fill(answers.residual);
      await kit.choose('How is the VAT paid?', answers.vat);
    },
  };
}
