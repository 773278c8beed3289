/**
 * Decision 097 in the browser, against the built app and the reference API: the partner short
 * flow's background step opens the calculator modal on arrival with the partner's amount disabled;
 * the period it applies is sent with the step and kept by the application, the amount unchanged.
 */
import type { Page } from '@playwright/test';
import type { TaskResponse } from '../core/wire/application.schema';
import { calculatorModal, test, expect, expectNoA11yViolations, sandbox, testTheCalculator } from './fixtures';
import { backgroundStep } from './support/steps/submit-background-data';

/** The application as the API keeps it (read through this browser's session). */
async function storedApplication(page: Page, externalId: string): Promise<TaskResponse> {
  const origin = new URL(page.url()).origin;
  const reply = await page.request.post(`${origin}/api/v1/application-process/${externalId}/continue?role=applicant`, { headers: { Origin: origin } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: TaskResponse }).data;
}

test('the partner short flow’s background step: the calculator opens with the amount fixed, and the period it applies is kept', async ({ page }) => {
  await testTheCalculator(page);
  await page.goto('/?lang=en');
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'submitBackgroundData',
    productName: 'SMALL_LOAN',
    previousTasks: ['createApplicationStep', 'submitPersonalInfo'],
    languageCode: 'eng',
    application: { applicationUpdates: { creditConditions: { loanAmount: 3000, loanPeriod: 36 }, source: { channel: 'PARTNER_SHORT' } } },
  });
  await page.goto(`/?externalId=${externalId}&lang=en`);

  const modal = page.getByRole('dialog', { name: 'Loan calculator' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('slider', { name: 'Loan amount' })).toBeDisabled();
  await expect(modal.getByRole('textbox', { name: 'Loan amount' })).toBeDisabled();
  await expect(modal.getByRole('textbox', { name: 'Loan amount' })).toHaveValue('3,000');
  await expect(modal.getByRole('status')).toContainText('a month');
  await expectNoA11yViolations(page, 'partner short calculator modal');
  await modal.getByRole('textbox', { name: 'Loan period (months)' }).fill('48');
  await expect(modal.getByRole('status')).toContainText('a month');
  await modal.getByRole('button', { name: 'Use these figures' }).click();
  await expect(calculatorModal(page)).toHaveCount(0);

  const loan = page.getByRole('group', { name: 'Your loan' });
  await expect(loan.getByRole('textbox', { name: /Loan period/ })).toHaveValue('48');
  await expect(loan).toContainText('Loan amount: €3,000');
  const background = backgroundStep(page, 'en');
  await expect(background.heading).toBeVisible();
  await background.fill({
    maritalStatus: 'Single',
    education: 'Master’s degree',
    residence: 'An apartment I own',
    children: 'None',
    adults: 'None',
    citizenship: 'EE',
    employment: 'Retired',
  });
  await expectNoA11yViolations(page, 'partner short background step');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(background.heading).toHaveCount(0);
  expect((await storedApplication(page, externalId)).application.creditConditions).toMatchObject({ productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 48 });
});
