import { expect, type Page } from '@playwright/test';
import type { TestLocale } from '../i18n';
import { stepKit } from '../step-kit';

/** BusinessData (src/steps/businessData): the first page of the corporate domain (issue 24). */

export interface BusinessDataAnswers {
  /** The product's name (the select's value), the amount and period as typed. */
  productName: string;
  amount: string;
  period: string;
  purpose: string;
  company: { registrationCode: string; industryCode: string; turnover: string; profit: string; hasLiabilities: boolean };
  /** The representative: the APPLICANT person who signs for the company. */
  representative: { firstName: string; surname: string; personalCode: string; email: string; phoneCode: string; phone: string; languageCode?: string };
}

export function businessDataStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  // The step's own form: the calculator modal has fields of the same names (section 2).
  const form = page.locator('form').filter({ has: page.getByRole('heading', { level: 1 }) });
  const field = (english: string) => form.getByLabel(kit.tx(english), { exact: true });
  return {
    heading: kit.heading('Apply for financing for your company'),
    productName: field('Type of financing'),
    registrationCode: field('Registration code'),
    businessName: field('Company name'),
    async fill(answers: BusinessDataAnswers) {
      const { company, representative: person } = answers;
      await this.productName.selectOption(answers.productName);
      await field('Amount').fill(answers.amount);
      await field('Loan period (months)').fill(answers.period);
      await field('What is the financing for?').fill(answers.purpose);
      await this.registrationCode.fill(company.registrationCode);
      // Leaving the code asks the business register, which fills in the company's name (decision 181).
      await this.registrationCode.blur();
      await expect(this.businessName).not.toHaveValue('');
      await field('Field of activity').selectOption(company.industryCode);
      await field('Expected turnover this year').fill(company.turnover);
      await field('Expected profit this year').fill(company.profit);
      await field('Does the company have loans, leases or guarantees?').selectOption(company.hasLiabilities ? 'yes' : 'no');
      await field('First name').fill(person.firstName);
      await field('Surname').fill(person.surname);
      await field('Personal code').fill(person.personalCode);
      await field('E-mail').fill(person.email);
      await field('Country code').selectOption(person.phoneCode);
      await field('Phone number').fill(person.phone);
      // A country of one language sets it without asking (section 5).
      if (person.languageCode) await field('Language we contact the representative in').selectOption(person.languageCode);
    },
  };
}
