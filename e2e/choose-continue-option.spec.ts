/**
 * ChooseContinueOption in the browser against the real reference API (issue 11; decision 121):
 * the applicant's session already has an open application with the same personal code. The page
 * shows it as the applicant recognises it and, when they choose to continue it, cancels the new
 * application and opens the earlier one. Both applications are seeded through the sandbox.
 */
import { test, expect, expectNoA11yViolations, sandbox } from './fixtures';
import { MARI, nextStepHeading } from './support/create-application';
import { t } from './support/i18n';

const APPLICANT = {
  role: 'APPLICANT',
  personalCode: MARI.personalCode,
  declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phoneNumber: { code: '+372', number: MARI.phone } },
};

test('an applicant with an earlier application sees it, chooses to continue it and lands on it; the new one is cancelled', async ({ page }) => {
  const locale = 'et';
  await page.goto('/');
  // The earlier application: a car loan, stopped at the personal details step.
  const earlier = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'submitPersonalInfo',
    previousTasks: ['createApplicationStep'],
    productName: 'CAR_LOAN',
    application: { applicationUpdates: { creditConditions: { loanAmount: 12000, loanPeriod: 48 } }, personUpdates: [APPLICANT] },
    languageCode: 'est',
  });
  // The new one, its create step sent with the same personal code: the process asks how to go on.
  const current = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'chooseContinueOption',
    previousTasks: ['createApplicationStep'],
    application: { personUpdates: [APPLICANT] },
    languageCode: 'est',
  });
  await page.goto(`/?externalId=${current.externalId}`);

  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'You already have an application in progress') })).toBeVisible();
  const details = page.getByRole('region', { name: t(locale, 'Your earlier application') });
  await expect(details).toContainText(earlier.externalId.slice(0, 4).toUpperCase());
  await expect(details).toContainText(/12[\s\u00a0\u202f.]?000/);
  const question = page.getByRole('group', { name: t(locale, 'What would you like to do?') });
  await expect(question.getByRole('radio')).toHaveCount(2);
  await expectNoA11yViolations(page, 'choose-continue-option step');

  await question.getByRole('radio', { name: t(locale, 'Continue my earlier application') }).check();
  const annulled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/application-process/${current.externalId}/annul`));
  await page.getByRole('button', { name: t(locale, 'Continue'), exact: true }).click();
  expect((await annulled).status()).toBe(200);

  await expect(page).toHaveURL(new RegExp(`[?&]externalId=${earlier.externalId}(&|$)`));
  await expect(nextStepHeading(page, locale)).toBeVisible();
  await expectNoA11yViolations(page, 'the earlier application');
});
