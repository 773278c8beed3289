import { expect, type Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/** SubmitAddress (src/steps/submitAddress). */

export interface AddressAnswers {
  street: string;
  apartment?: string;
  city: string;
  county?: string;
  postalCode: string;
}

export function addressStep(page: Page, locale: TestLocale, country: 'EE' | 'LV' | 'LT' = 'EE') {
  const kit = stepKit(page, locale);
  const latvian = country === 'LV';
  return {
    heading: kit.heading('Your address'),
    street: kit.textbox('Street and house number'),
    apartment: kit.textbox('Apartment (optional)'),
    city: kit.textbox(latvian ? 'City, town or village' : 'Town or city'),
    county: kit.textbox(latvian ? 'Municipality (optional)' : 'County or municipality (optional)'),
    postalCode: kit.textbox('Postal code'),
    country: kit.combobox('Country'),
    async fill(answers: AddressAnswers) {
      await this.street.fill(answers.street);
      if (answers.apartment) await this.apartment.fill(answers.apartment);
      await this.city.fill(answers.city);
      if (answers.county) await this.county.fill(answers.county);
      await this.postalCode.fill(answers.postalCode);
      // The country served is chosen already.
      await expect(this.country).toHaveValue(country);
    },
  };
}
