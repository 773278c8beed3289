/**
 * Decisions 097 and 189 in the browser, against the built app and the reference API: a shop's link
 * for goods the product data file registers for the partner short flow (Elektroonikapood AS, a phone,
 * server/pricing/pricing-data.json) makes a `PARTNER_SHORT` application through its channel (issue 25:
 * proven by the partner's goods, never declared). Its background step opens the calculator modal on
 * arrival with the partner's amount disabled; the period it applies is sent with the step and kept,
 * the amount unchanged; the application ends on the short application's own thank-you page.
 */
import type { Page } from '@playwright/test';
import type { TaskResponse } from '../core/wire/application.schema';
import { calculatorModal, test, expect, expectNoA11yViolations, testTheCalculator } from './fixtures';
import { createApplicationStep, externalIdOf, fillApplicantAs, MARI } from './support/create-application';
import { stepKit } from './support/step-kit';
import { addressStep } from './support/steps/submit-address';
import { backgroundStep } from './support/steps/submit-background-data';
import { bankDetailsStep } from './support/steps/submit-bank-details-and-identification-document-info';
import { checkAnswersPage } from './support/steps/check-answers';
import { financialStep } from './support/steps/submit-financial-data';
import { personalInfoStep } from './support/steps/submit-personal-info';

/** The application as the API keeps it (read through this browser's session). */
async function storedApplication(page: Page, externalId: string): Promise<TaskResponse> {
  const origin = new URL(page.url()).origin;
  const reply = await page.request.post(`${origin}/api/v1/application-process/${externalId}/continue?role=applicant`, { headers: { Origin: origin } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: TaskResponse }).data;
}

test('a shop’s link for short-flow goods makes a partner short application: the calculator opens with the amount fixed, and it ends on its own page', async ({ page }) => {
  test.setTimeout(120_000);
  await testTheCalculator(page);
  const kit = stepKit(page, 'en');
  const link = new URLSearchParams({ lang: 'en', reg_code: '10000002', goods_name: 'phone', amount: '600', seller_business_name: 'Elektroonikapood' });
  await page.goto(`/?${link.toString()}`);
  const create = createApplicationStep(page, 'en');
  await expect(create.heading).toBeVisible();
  await expect(create.loanAmount).toHaveValue('600');
  await create.loanPeriod.fill('12');
  await fillApplicantAs(create, MARI);
  const personal = personalInfoStep(page, 'en');
  await kit.continueTo(personal.heading);
  const externalId = await externalIdOf(page);
  // Proven by the partner's goods: the client declared no channel.
  expect((await storedApplication(page, externalId)).application.source).toMatchObject({ channel: 'PARTNER_SHORT', partner: { regCode: '10000002' } });
  await personal.fill({ personalCode: MARI.personalCode });
  const background = backgroundStep(page, 'en');
  await kit.continueTo(background.heading);

  const modal = page.getByRole('dialog', { name: 'Loan calculator' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('slider', { name: 'Loan amount' })).toBeDisabled();
  await expect(modal.getByRole('textbox', { name: 'Loan amount' })).toBeDisabled();
  await expect(modal.getByRole('textbox', { name: 'Loan amount' })).toHaveValue('600');
  await expect(modal.getByRole('status')).toContainText('a month');
  await expectNoA11yViolations(page, 'partner short calculator modal');
  await modal.getByRole('textbox', { name: 'Loan period (months)' }).fill('18');
  await expect(modal.getByRole('status')).toContainText('a month');
  await modal.getByRole('button', { name: 'Use these figures' }).click();
  await expect(calculatorModal(page)).toHaveCount(0);

  const loan = page.getByRole('group', { name: 'Your loan' });
  await expect(loan.getByRole('textbox', { name: /Loan period/ })).toHaveValue('18');
  await expect(loan).toContainText('Loan amount: €600');
  await background.fill({
    maritalStatus: 'Single',
    education: 'Master’s degree',
    residence: 'An apartment I own',
    children: 'None',
    adults: 'None',
    citizenship: 'EE',
    employment: 'Retired',
    // Hire purchase is one person's: no co-applicant asked.
    asksCoApplicant: false,
  });
  await expectNoA11yViolations(page, 'partner short background step');
  const address = addressStep(page, 'en');
  await kit.continueTo(address.heading);
  expect((await storedApplication(page, externalId)).application.creditConditions).toMatchObject({ productName: 'COMP_HIRE_PURCHASE', loanAmount: 600, loanPeriod: 18 });

  await address.fill({ street: 'Pikk 12', apartment: '4', city: 'Tallinn', postalCode: '10123' });
  const financial = financialStep(page, 'en');
  await kit.continueTo(financial.heading);
  await financial.fill({ incomes: [{ source: 'PENSION', amount: '1400' }], obligations: [] });
  const bank = bankDetailsStep(page, 'en');
  await kit.continueTo(bank.heading);
  await bank.fill({
    iban: 'EE382200221020145685',
    documentType: 'ID_CARD',
    documentNumber: 'AB1234567',
    issued: { day: '3', month: '2', year: '2022' },
    expires: { day: '2', month: '2', year: '2032' },
  });
  const check = checkAnswersPage(page, 'en');
  await kit.continueTo(check.heading);
  await check.send.click();

  // Its own thank-you page: no statements asked online, no decision shown.
  await expect(kit.heading('Thank you! Your application has been sent')).toBeVisible();
  await expectNoA11yViolations(page, 'viewShortApplicationSubmitted (partner short)');
});
