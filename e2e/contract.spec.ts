/**
 * Issue 12: the contract after a positive decision, in the browser against the real reference API
 * (docs/decisions/135-contract-documents.md, 136-signing-choices.md, 137-contract-access.md): the
 * applicant reads its main terms, downloads the PDF the API drew up (through the app's HTTP client,
 * as a file the browser saves), chooses how to sign and goes on. Nobody else gets the file.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { MARI } from './support/create-application';
import { t, type TestLocale } from './support/i18n';
import { stepKit } from './support/step-kit';
import { contractStep } from './support/steps/view-contract-and-choose-signing-method';
import { signingStep } from './support/steps/view-contract-conditions';

const LANGUAGE_CODES: Record<TestLocale, 'eng' | 'est' | 'lav' | 'lit' | 'rus'> = { en: 'eng', et: 'est', lv: 'lav', lt: 'lit', ru: 'rus' };

/** This browser's application, already at the contract after a positive decision: a small loan of 5,000 euros over 36 months. */
async function atContract(page: Page, locale: TestLocale = 'en'): Promise<string> {
  await page.goto(`/?lang=${locale}`);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'viewContractAndChooseSigningMethod',
    previousTasks: ['checkAnswers'],
    decision: 'POSITIVE',
    languageCode: LANGUAGE_CODES[locale],
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 } },
      personUpdates: [{ role: 'APPLICANT', personalCode: MARI.personalCode, declaredData: { firstName: MARI.firstName, surname: MARI.surname, email: MARI.email } }],
    },
  });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  // The contract is drawn up on the first read of its details: a PDF takes a moment on a busy machine.
  await expect(contractStep(page, locale).terms).toBeVisible({ timeout: 30_000 });
  return externalId;
}

async function downloadedBytes(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test('the owner reads the contract’s terms and downloads its PDF', async ({ page }) => {
  await atContract(page);
  const contract = contractStep(page, 'en');
  await expect(contract.heading).toBeVisible();
  await expect(contract.terms).toContainText('€5,000');
  await expect(contract.terms).toContainText('36 months');
  await expectNoA11yViolations(page, 'viewContractAndChooseSigningMethod (en)');

  const downloading = page.waitForEvent('download');
  await contract.download.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contract-[0-9A-F]{4}-[0-9A-F]{4}\.pdf$/);
  const bytes = await downloadedBytes(download);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.byteLength).toBeGreaterThan(1000);
  await expect(page.getByRole('status').filter({ hasText: 'The document has been downloaded.' })).toBeVisible();
});

test('a failed download is said with Try again, which downloads it; the choice made stays', async ({ page }) => {
  await atContract(page);
  const contract = contractStep(page, 'en');
  await contract.choose('Smart-ID');
  await sandbox.failNext(page, { path: '/download-contract/', status: 503 });
  await contract.download.click();
  const alert = page.getByRole('alert').filter({ hasText: 'We could not download the document just now.' });
  await expect(alert).toBeVisible();
  // Away from the button, so axe sees the page as it rests (not a hovered button).
  await page.mouse.move(0, 0);
  await expectNoA11yViolations(page, 'viewContractAndChooseSigningMethod, download failed (en)');
  const downloading = page.waitForEvent('download');
  await alert.getByRole('button', { name: 'Try again' }).click();
  expect((await downloadedBytes(await downloading)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(contract.question.getByRole('radio', { name: 'Smart-ID' })).toBeChecked();
});

test('anyone else gets no contract: the same answer as for a file that does not exist', async ({ page, browser }) => {
  const externalId = await atContract(page);
  const fileServiceId = await page.evaluate(async (id) => {
    const reply = await fetch(`/api/v2/application/${id}/contract/default/unsigned/details`, { credentials: 'include' });
    return ((await reply.json()) as { data: { fileServiceId: string } }).data.fileServiceId;
  }, externalId);
  const own = await page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).status, `/api/v2/application/${externalId}/download-contract/${fileServiceId}`);
  expect(own).toBe(200);

  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    // The app's start opens a session of its own for this other browser.
    await stranger.goto('/?lang=en');
    await expect(stranger.getByRole('heading', { level: 1 })).toBeVisible();
    const answers = await stranger.evaluate(
      async ([id, file]) => {
        const theirs = await fetch(`/api/v2/application/${id}/download-contract/${file}`, { credentials: 'include' });
        const missing = await fetch(`/api/v2/application/${id}/download-contract/00000000-0000-4000-8000-000000000000`, { credentials: 'include' });
        return { theirs: theirs.status, theirsBody: await theirs.text(), missing: missing.status, missingBody: await missing.text() };
      },
      [externalId, fileServiceId] as const,
    );
    expect(answers.theirs).toBe(404);
    expect(answers.missing).toBe(404);
    expect(answers.theirsBody).toBe(answers.missingBody);
    expect(answers.theirsBody).not.toContain('%PDF');
  } finally {
    await other.close();
  }
});

test('the applicant chooses how to sign and goes on', async ({ page }) => {
  await atContract(page);
  const contract = contractStep(page, 'en');
  await contract.continueButton.click();
  await expect(stepKit(page, 'en').errorSummary).toContainText('Select how you would like to sign the contract');
  await contract.choose('Smart-ID');
  await contract.continueButton.click();
  // Issue 12: the signing screen of the chosen method follows.
  await expect(signingStep(page, 'en').heading).toBeVisible({ timeout: 30_000 });
  await expect(signingStep(page, 'en').start).toBeVisible();
  // Sent once: a reload stays on the page that follows.
  await page.reload();
  await expect(signingStep(page, 'en').heading).toBeVisible({ timeout: 30_000 });
});

for (const { domain, locales, flags, choices } of [
  { domain: 'retail-banking-ee', locales: ['et', 'ru'] as const, flags: '', choices: ['Smart-ID', 'Mobile-ID'] },
  { domain: 'retail-banking-lv', locales: ['lv', 'ru'] as const, flags: 'eParakstsSigning,paymentSigning', choices: ['Smart-ID', 'eParaksts mobile', 'eParaksts with an ID card', 'A payment from your bank account', 'At a post office'] },
  { domain: 'retail-banking-lt', locales: ['lt'] as const, flags: '', choices: ['Smart-ID', 'Mobile-ID'] },
]) {
  test.describe(domain, () => {
    test.use({ serverEnv: { BUSINESS_DOMAIN: domain, ...(flags ? { FEATURE_FLAGS: flags } : {}) } });

    test(`the contract page offers the country’s ways to sign and passes axe in ${locales.join(', ')}`, async ({ page }) => {
      test.setTimeout(150_000);
      for (const locale of locales) {
        await atContract(page, locale);
        await expect(page.getByRole('heading', { level: 1, name: t(locale, 'Your contract'), exact: true })).toBeVisible();
        const radios = contractStep(page, locale).question.getByRole('radio');
        await expect(radios).toHaveCount(choices.length);
        for (const [index, choice] of choices.entries()) await expect(radios.nth(index)).toHaveAccessibleName(t(locale, choice));
        await expectNoA11yViolations(page, `viewContractAndChooseSigningMethod (${domain}, ${locale})`);
      }
    });
  });
}
