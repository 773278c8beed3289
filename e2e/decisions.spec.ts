/**
 * Issue 12: the decision after check answers, in the browser against the real reference API. The
 * decision engine's rules decide unless the test sets the outcome through the sandbox
 * (docs/decisions/130); the decision pages in each retail domain's main language, axe clean (decision
 * 164). The other languages are the view tests' (decision 203: each page's view test renders it in
 * every language with its heading and axe, `expectStepSpeaks`).
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { MARI } from './support/create-application';
import type { DecisionOutcome } from './support/sandbox';
import { t, type TestLocale } from './support/i18n';
import { stepKit } from './support/step-kit';
import { checkAnswersPage } from './support/steps/check-answers';

/** An identified applicant who has declared no income at all (no financial data step answered). */
const APPLICANT_WITHOUT_INCOME = {
  personUpdates: [
    {
      role: 'APPLICANT',
      personalCode: MARI.personalCode,
      declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email, phoneNumber: { code: '+372', number: MARI.phone } },
    },
  ],
};

const LANGUAGE_CODES: Record<TestLocale, 'eng' | 'est' | 'lav' | 'lit' | 'rus'> = { en: 'eng', et: 'est', lv: 'lav', lt: 'lit', ru: 'rus' };

/** The application's check-answers page, seeded (its answers are the seeded data). */
async function atCheckAnswers(page: Page): Promise<void> {
  await page.goto('/?lang=en');
  const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'checkAnswers', application: APPLICANT_WITHOUT_INCOME, languageCode: 'eng' });
  await page.goto(`/?externalId=${seeded.externalId}&lang=en`);
  await expect(checkAnswersPage(page, 'en').heading).toBeVisible();
}

test('the rules refuse an applicant without income: the negative decision, in plain words', async ({ page }) => {
  await atCheckAnswers(page);
  await checkAnswersPage(page, 'en').send.click();
  const kit = stepKit(page, 'en');
  await expect(kit.heading('We cannot approve your application')).toBeVisible();
  await expect(page.getByText('This decision was made automatically. You have the right to ask for a person at the bank to look at it again and to explain it to you.')).toBeVisible();
  await expectNoA11yViolations(page, 'readNegativeDecision after check answers (en)');
  // The decision ends the flow: a reload shows it again.
  await page.reload();
  await expect(kit.heading('We cannot approve your application')).toBeVisible();
});

test('a decision set through the sandbox: undecided, a loan specialist decides', async ({ page }) => {
  await page.goto('/?lang=en');
  await sandbox.setDecision(page, 'UNDECIDED');
  await atCheckAnswers(page);
  await checkAnswersPage(page, 'en').send.click();
  await expect(stepKit(page, 'en').heading('A loan specialist will decide on your application')).toBeVisible();
  await expect(page.getByText('You do not need to do anything now.')).toBeVisible();
});

const PAGES: ReadonlyArray<{ task: string; decision: DecisionOutcome; heading: string }> = [
  { task: 'readNegativeDecision', decision: 'NEGATIVE_INITIAL', heading: 'We cannot approve your application' },
  { task: 'readNegativeDecision', decision: 'NEGATIVE_REFINANCING', heading: 'We cannot refinance your loans' },
  { task: 'readNegativeDecision', decision: 'NEGATIVE_FINAL', heading: 'We cannot approve your application' },
  { task: 'readUndecidedDecision', decision: 'UNDECIDED', heading: 'A loan specialist will decide on your application' },
  { task: 'readUndecidedHousingLoanDecision', decision: 'UNDECIDED_HOUSING_LOAN_CO_BORROWER', heading: 'A housing loan specialist will decide on your application' },
];

/** Each domain in its main language (decision 203: the other languages in the view tests). */
const DOMAINS: ReadonlyArray<{ domain: string; locale: TestLocale }> = [
  { domain: 'retail-banking-ee', locale: 'et' },
  { domain: 'retail-banking-lv', locale: 'lv' },
  { domain: 'retail-banking-lt', locale: 'lt' },
];

for (const { domain, locale } of DOMAINS) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain } });

    test(`every decision page in ${locale}, axe`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/?lang=en');
      for (const { task, decision, heading } of PAGES) {
        const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: task, decision, languageCode: LANGUAGE_CODES[locale] });
        await page.goto(`/?externalId=${seeded.externalId}&lang=${locale}`);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, heading), exact: true })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
        await expectNoA11yViolations(page, `${task} ${decision} (${domain}, ${locale})`);
      }
    });
  });
}
