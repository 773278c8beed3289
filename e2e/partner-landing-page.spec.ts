/**
 * Issue 25 (docs/decisions/189) in the browser: the bank's landing page for a registered partner,
 * `/partner/{regCode}/{goodsName}` (Autoplaza OÜ's used cars, server/pricing/pricing-data.json). It
 * opens the first page priced with the partner's product and terms; the applicant chooses amount and
 * period, and the application is made with the channel `PARTNER_LANDING_PAGE`, which the server takes
 * from the partner's goods (nothing in the page declares it). Axe on the page.
 */
import type { Page } from '@playwright/test';
import type { TaskResponse } from '../core/wire/application.schema';
import { test, expect, expectNoA11yViolations } from './fixtures';
import { createApplicationStep, dismissCalculator, externalIdOf, fillApplicantAs, MARI } from './support/create-application';
import { stepKit } from './support/step-kit';
import { personalInfoStep } from './support/steps/submit-personal-info';

async function storedApplication(page: Page, externalId: string): Promise<TaskResponse> {
  const origin = new URL(page.url()).origin;
  const reply = await page.request.post(`${origin}/api/v1/application-process/${externalId}/continue?role=applicant`, { headers: { Origin: origin } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: TaskResponse }).data;
}

test('a partner’s landing page opens the application with the partner’s product and terms, made as a landing-page application', async ({ page }) => {
  // A shop's return address or price in the address is not the landing page's: it is dropped.
  await page.goto('/partner/10000001/used-car?lang=en&amount=1&redirect_uri=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/\/\?lang=en&reg_code=10000001&goods_name=used-car$/);
  const create = createApplicationStep(page, 'en');
  await expect(create.heading).toBeVisible();
  await dismissCalculator(page);
  await create.loanAmount.fill('9000');
  await create.loanPeriod.fill('36');
  await expect(create.monthlyPayment).toBeVisible();
  await fillApplicantAs(create, MARI);
  await expectNoA11yViolations(page, 'createApplicationStep from a partner landing page');
  await stepKit(page, 'en').continueTo(personalInfoStep(page, 'en').heading);
  const stored = await storedApplication(page, await externalIdOf(page));
  expect(stored.application.source).toMatchObject({ channel: 'PARTNER_LANDING_PAGE', partner: { id: 'partner-autoplaza', regCode: '10000001' } });
  // The partner's terms for used cars: 6.9% a year; no return address was kept.
  expect(stored.application.creditConditions).toMatchObject({ productName: 'CAR_HIRE_PURCHASE', loanAmount: 9000, loanPeriod: 36, interestRate: 6.9 });
  expect(stored.application.processData?.webShopRedirectUri ?? null).toBeNull();
});
