/**
 * Issue 26 items 3 and 6 (decision 196), in Estonian at 390 px, seeded at the steps they test: the
 * personal details step starts with the personal code the first page gave; check answers lists each
 * fact once, in sections that start folded (a line of their answers under each title), opened one by
 * one or all at once, by keyboard too, with one Change link per section; axe folded and open. The
 * page's height is measured folded and open (attached to the report). The variants (which facts,
 * the gist, open and close all) are in the component tests.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { openSeededApplication, type SeededApplicant } from './support/seed-application';
import { stepKit } from './support/step-kit';
import { answersOf, checkAnswersPage } from './support/steps/check-answers';
import { addressStep } from './support/steps/submit-address';
import { personalInfoStep } from './support/steps/submit-personal-info';
import { stepContractOf } from '../src/steps/_generated/task-keys';

test.use({ viewport: { width: 390, height: 844 }, serverEnv: { BUSINESS_DOMAIN: 'retail-banking-ee' } });

const MARI: SeededApplicant = {
  person: {
    firstName: 'Mari',
    surname: 'Maasikas',
    email: 'mari.maasikas@example.com',
    phone: '51234567',
    personalCode: '38001085718',
    iban: 'EE382200221020145685',
    documentNumber: 'AB0123456',
  },
  phoneCode: '+372',
  productName: 'SMALL_LOAN',
  loan: { amount: 3000, period: 36 },
};

/** The later steps' answers as their forms hold them: each contract's own example (an employed applicant). */
function exampleAnswers(task: 'submitBackgroundData' | 'submitEmployerInfo' | 'submitFinancialData' | 'submitBankDetailsAndIdentificationDocumentInfo') {
  const context = {
    domain: 'retail-banking-ee' as const,
    role: 'APPLICANT',
    locale: 'et' as const,
    productName: MARI.productName,
    flags: new Set<string>(),
    prefill: { productName: MARI.productName, loanAmount: MARI.loan.amount, loanPeriod: MARI.loan.period },
  };
  return { ...stepContractOf(task).contract.example?.(context as never) } as Record<string, unknown>;
}

const pageHeight = (page: Page) => page.evaluate(() => Math.round(document.documentElement.scrollHeight));

test('Estonian at 390 px: the personal code carried to the personal details; check answers folded, each fact once, one Change per section', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const locale = 'et';
  const kit = stepKit(page, locale);

  // The personal details start with the code the first page gave.
  await openSeededApplication(page, locale, 'submitPersonalInfo', MARI);
  const personal = personalInfoStep(page, locale);
  await expect(personal.heading).toBeVisible();
  await expect(personal.personalCode).toHaveValue(MARI.person.personalCode);

  // Check answers, seeded with every data step's answers.
  const address = { street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: 'Harju maakond', postalCode: '10117', country: 'EE' as const };
  const answers = {
    ...answersOf(MARI, address, 'est'),
    submitBackgroundData: { ...exampleAnswers('submitBackgroundData'), hasCoApplicant: 'no' },
    submitEmployerInfo: exampleAnswers('submitEmployerInfo'),
    submitFinancialData: exampleAnswers('submitFinancialData'),
    submitBankDetailsAndIdentificationDocumentInfo: exampleAnswers('submitBankDetailsAndIdentificationDocumentInfo'),
  };
  await openSeededApplication(page, locale, 'checkAnswers', { ...MARI, answers });
  const check = checkAnswersPage(page, locale);
  await expect(check.heading).toBeVisible();
  const titles = ['Your loan and contact details', 'Your personal details', 'About you', 'Your employer', 'Your address'];
  for (const title of titles) {
    await expect(check.toggle(title)).toHaveAttribute('aria-expanded', 'false');
  }
  // Folded, a section still tells what is inside: its first answers.
  await expect(check.section('Your address')).toContainText('Narva mnt 5');
  const folded = await pageHeight(page);
  await expectNoA11yViolations(page, 'checkAnswers folded (et)');

  // Each fact once: the personal code and the loan type (asked on the first page and the personal
  // details) are listed in the personal details; the employer's name only on "About you".
  const terms = (question: string) => page.getByRole('term', { includeHidden: true }).filter({ hasText: new RegExp(`^\\s*${kit.tx(question)}\\s*$`) });
  await expect(terms('Personal code')).toHaveCount(1);
  await expect(terms('Loan type')).toHaveCount(1);
  await expect(check.answerOf('Personal code', check.section('Your personal details'))).toHaveText(MARI.person.personalCode);
  await expect(check.answerOf('What is the name of your employer?', check.section('About you'))).toHaveText('Baltic Timber');

  // Open all: everything shows, and passes axe; the page is as long as before the folds.
  await kit.button('Open all sections').click();
  await expect(check.answerOf('Where you live', check.section('Your address'))).toBeVisible();
  const open = await pageHeight(page);
  await expectNoA11yViolations(page, 'checkAnswers open (et)');
  testInfo.annotations.push({ type: 'check answers height at 390 px', description: `folded ${folded} px, all open ${open} px` });
  console.info(`check answers at 390 px: folded ${folded} px, all open ${open} px`);
  expect(folded).toBeLessThan(open / 2);
  await kit.button('Close all sections').click();
  await expect(check.answerOf('Where you live', check.section('Your address'))).toBeHidden();

  // By keyboard: open the address, then its one Change link, back to the address with the answers kept.
  await check.toggle('Your address').focus();
  await page.keyboard.press('Enter');
  await expect(check.toggle('Your address')).toHaveAttribute('aria-expanded', 'true');
  await expect(check.answerOf('Where you live', check.section('Your address'))).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(check.change('Your address')).toBeFocused();
  await page.keyboard.press('Enter');
  const addressPage = addressStep(page, locale);
  await expect(addressPage.heading).toBeVisible();
  await expect(addressPage.street).toHaveValue('Narva mnt 5');
});
