/**
 * Issue 13 in the browser: the bank statement step through the PSD2 aggregator's bank and back
 * (approve, refuse, cancel, idle timeout), the manual upload with a failing file retried, axe in the
 * Latvian domain's languages, and the bank list used by keyboard only. Real server, no mocks. Issue
 * 21: the aggregator is the Berlin Group simulator the server starts beside itself (decision 170);
 * the bank's page is the simulator's SCA page, which sends the browser back to our callback.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, sandbox, test } from './support/domain-server';

// Decision 191: Luminor is listed only with its open-banking login flag; with it, section 3's four Latvian banks.
test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv', FEATURE_FLAGS: 'manualBankStatementUpload,luminorOpenBankingLogin' } });
// Decision 213: the tests of one server environment run in order on one worker, which starts that server once, not once per worker.
test.describe.configure({ mode: 'default' });
// Each journey leaves for the bank's page and comes back: two full page loads more than most.
test.describe.configure({ timeout: 150_000 });

async function atStatementStep(page: Page, lang: 'en' | 'lv' | 'ru' = 'en'): Promise<string> {
  await page.goto(`/?lang=${lang}`);
  await sandbox.setDecision(page, 'POSITIVE');
  const languageCode = ({ en: 'eng', lv: 'lav', ru: 'rus' } as const)[lang];
  // The application's person speaks the test's language: the app takes it from them at start.
  const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'provideBasViaOpenBanking', previousTasks: ['checkAnswers'], productName: 'SMALL_LOAN', languageCode });
  await page.goto(`/?externalId=${seeded.externalId}&lang=${lang}`);
  return seeded.externalId;
}

/** Finds the bank by typing and chooses it with the keyboard alone. */
async function chooseBankByKeyboard(page: Page, search: string, bank: RegExp): Promise<void> {
  const field = page.getByLabel('Find your bank');
  await field.focus();
  await page.keyboard.type(search);
  await expect(page.getByRole('list', { name: 'Banks' }).getByRole('button')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: bank })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/psd2\/sca\/[0-9a-f-]{36}$/);
}

test('approve at the bank: back on the step with the bank enrolled, then on to the end', async ({ page }) => {
  await atStatementStep(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Share your bank statements' })).toBeVisible();
  await expectNoA11yViolations(page, 'provideBasViaOpenBanking (en)');
  await chooseBankByKeyboard(page, 'cit', /Citadele/);
  await expect(page.getByRole('heading', { level: 1, name: /^Citadele \(PARXLV22\)/ })).toBeVisible();
  await expectNoA11yViolations(page, "the simulated bank's SCA page");
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Your bank has shared your statements.')).toBeVisible();
  await expect(page.getByText(/Consent reference: CONSENT-/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The decision follows the statements; the rules approve this applicant, so the offer (decision 131).
  await expect(page.getByRole('button', { name: 'Accept the offer', exact: true })).toBeVisible();
});

for (const [action, message] of [
  ['Refuse', 'You did not give your consent in your bank, so we did not receive your statements.'],
  ['Cancel and return', 'You cancelled the consent in your bank, so we did not receive your statements.'],
] as const) {
  test(`${action} at the bank: back with the reason, and a bank can be chosen again`, async ({ page }) => {
    await atStatementStep(page);
    await chooseBankByKeyboard(page, 'HABA', /Swedbank/);
    await page.getByRole('button', { name: action }).click();
    await expect(page.getByText(message, { exact: false })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Banks' }).getByRole('button')).toHaveCount(4);
    await expectNoA11yViolations(page, `after ${action}`);
  });
}

test('a consent left idle for five minutes times out at the bank', async ({ page }) => {
  await atStatementStep(page);
  await chooseBankByKeyboard(page, 'seb', /SEB/);
  // The simulated bank's own control (its page's origin): the open request has been idle six minutes.
  const aged = await page.evaluate(async () => {
    const response = await fetch('/psd2/control/elapse', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ minutes: 6 }) });
    return response.status;
  });
  expect(aged).toBe(200);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The consent in your bank timed out, so we did not receive your statements.', { exact: false })).toBeVisible();
});

test('back to the manual upload: a failing file is retried, then the application goes on', async ({ page }) => {
  await atStatementStep(page);
  await page.getByRole('button', { name: 'Upload statements yourself instead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your bank statements' })).toBeVisible();
  await sandbox.failNext(page, { path: '/document', method: 'POST', status: 503 });
  await page.getByLabel('Bank statements', { exact: true }).setInputFiles({ name: 'march.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% march\n%%EOF\n') });
  await expect(page.getByText('This file could not be uploaded. Check your connection and try again.')).toBeVisible();
  await page.getByRole('button', { name: /Try again/ }).click();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The decision follows the statements; the rules approve this applicant, so the offer (decision 131).
  await expect(page.getByRole('button', { name: 'Accept the offer', exact: true })).toBeVisible();
});

for (const [lang, heading] of [
  ['lv', 'Kopīgojiet savus bankas konta izrakstus'],
  ['ru', 'Предоставьте выписки по Вашему банковскому счёту'],
] as const) {
  test(`the step passes axe in ${lang}`, async ({ page }) => {
    await atStatementStep(page, lang);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoA11yViolations(page, `provideBasViaOpenBanking (${lang})`);
  });
}

/**
 * Issue 13's last two gaps (decisions 133, 153): a failed bank list goes to the application's error
 * handler and back; then the manual upload's refused files count down to the bank's limit, which ends
 * at the upload-limit page.
 */
test('a failed bank list goes to the error handler; refused files until the limit end at the upload-limit page', async ({ page }) => {
  await page.goto('/?lang=en');
  await sandbox.setDecision(page, 'POSITIVE');
  const seeded = await sandbox.seedApplication(page, { taskDefinitionKey: 'provideBasViaOpenBanking', previousTasks: ['checkAnswers'], productName: 'SMALL_LOAN', languageCode: 'eng' });
  // 500: a 503 would be retried by the HTTP client first.
  await sandbox.failNext(page, { path: '/psd2/list-institutions', method: 'GET', status: 500 });
  await page.goto(`/?externalId=${seeded.externalId}&lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expectNoA11yViolations(page, 'error handler after the bank list failed');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Banks' }).getByRole('button')).toHaveCount(4);

  await page.getByRole('button', { name: 'Upload statements yourself instead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your bank statements' })).toBeVisible();
  // Latvia offers no going on without statements (decision 134).
  await expect(page.getByRole('button', { name: 'Continue without statements' })).toHaveCount(0);
  // An executable named as a PDF passes the page's own rules and is refused by the server by content.
  const executable = (n: number) => ({ name: `statement-${n}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, n]) });
  const input = page.getByLabel('Bank statements', { exact: true });
  await input.setInputFiles(executable(1));
  await expect(page.getByText('A file was not accepted. You have 4 more attempts.', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page, 'upload with attempts left');
  for (const n of [2, 3, 4]) {
    await input.setInputFiles(executable(n));
    await expect(page.getByText(`You have ${5 - n} more attempt`, { exact: false })).toBeVisible();
  }
  await input.setInputFiles(executable(5));
  await expect(page.getByRole('heading', { level: 1, name: 'We could not receive your bank statements' })).toBeVisible();
  await expectNoA11yViolations(page, 'viewDocumentUploadLimitThankYouPage');
});
