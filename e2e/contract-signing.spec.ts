/**
 * Issue 12: ViewContractConditions in a real browser against the real reference API and its sandbox
 * Smart-ID provider (docs/decisions/139, 140): the applicant signs with Smart-ID and lands on the
 * contract-signed page with no click (decision 211; Continue only when that send fails); a failed signature is said in the error modal, and trying again signs. axe on
 * every screen, in Estonian and English.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, sandbox } from './support/domain-server';
import { MARI } from './support/create-application';
import { t, type TestLocale } from './support/i18n';
import { contractStep } from './support/steps/view-contract-and-choose-signing-method';
import { expectOnContractSigned, seedAtContractSigning, signingStep, watchForContinueScreen } from './support/steps/view-contract-conditions';
import { contractSignedHeading } from './support/steps/view-contract-signed';

/** This browser's application at ViewContractConditions: a positive decision, its contract, the method chosen (Smart-ID by default). */
async function atSigning(page: Page, locale: 'en' | 'et', signingMethod: 'SMART_ID' | 'MOBILE_SIGNATURE' = 'SMART_ID'): Promise<string> {
  // Mobile-ID signs on the applicant's own phone (decision 143).
  const externalId = await seedAtContractSigning(page, locale, signingMethod, { code: '+372', number: MARI.phone });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  // The contract is drawn up on the first read of its details: a PDF takes a moment on a busy machine.
  const start = signingMethod === 'SMART_ID' ? signingStep(page, locale).start : page.getByRole('button', { name: t(locale, 'Sign with Mobile-ID'), exact: true });
  await expect(start).toBeVisible({ timeout: 30_000 });
  return externalId;
}

test('Mobile-ID: a timeout and a cancel are said in the error modal, trying again signs (et, decision 143)', async ({ page }) => {
  test.slow();
  const locale = 'et';
  await atSigning(page, locale, 'MOBILE_SIGNATURE');
  const signing = signingStep(page, locale);
  const start = page.getByRole('button', { name: t(locale, 'Sign with Mobile-ID'), exact: true });
  await expect(page.getByRole('region', { name: t(locale, 'Signing with Mobile-ID'), exact: true })).toBeVisible();
  const tryAgain = signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true });

  await sandbox.setMobileId(page, { result: 'TIMEOUT', runningPolls: 1 });
  await start.click();
  await expect(signing.verificationCode).toContainText(/\d{4}/);
  await expect(signing.errorModal).toContainText(
    t(locale, 'The signing was not confirmed in time. Please try again and confirm it on your phone with your Mobile-ID PIN2.'),
    { timeout: 30_000 },
  );
  await expect(signing.errorModal.getByRole('heading', { level: 2 })).toBeFocused();
  await expectNoA11yViolations(page, 'viewContractConditions, Mobile-ID error modal (et)');

  await sandbox.setMobileId(page, { result: 'USER_CANCELLED', runningPolls: 0 });
  await tryAgain.click();
  await expect(signing.errorModal).toContainText(t(locale, 'The signing was cancelled on your phone. You can try again when you are ready.'), { timeout: 30_000 });

  await sandbox.setMobileId(page, { result: 'SIGNED_CONTRACT', runningPolls: 0 });
  await tryAgain.click();
  await expectOnContractSigned(page, locale);
});

test('inactive certificate: Smart-ID finds no account, the applicant chooses Mobile-ID on the contract page and signs (et)', async ({ page }) => {
  test.slow();
  const locale = 'et';
  await atSigning(page, locale);
  const signing = signingStep(page, locale);

  // NOT_CLIENT: this method cannot sign for this person, so the modal offers another way, not Try again.
  await sandbox.setSmartId(page, { result: 'NOT_CLIENT', runningPolls: 0 });
  await signing.start.click();
  await expect(signing.errorModal).toContainText(t(locale, 'We could not find a Smart-ID account for you. Please choose another way to sign.'), { timeout: 30_000 });
  await expect(signing.errorModal.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page, 'viewContractConditions, Smart-ID NOT_CLIENT (et)');
  await signing.errorModal.getByRole('button', { name: t(locale, 'Choose another way to sign'), exact: true }).press('Enter');

  // Back on the contract page, with its choices: Mobile-ID this time.
  const contract = contractStep(page, locale);
  await expect(contract.heading).toBeVisible({ timeout: 15_000 });
  await contract.choose('Mobile-ID');
  await contract.continueButton.click();
  const start = page.getByRole('button', { name: t(locale, 'Sign with Mobile-ID'), exact: true });
  await expect(start).toBeVisible({ timeout: 30_000 });
  await sandbox.setMobileId(page, { result: 'SIGNED_CONTRACT', runningPolls: 0 });
  await start.click();
  await expectOnContractSigned(page, locale);
});

for (const locale of ['et', 'en'] as const satisfies readonly TestLocale[]) {
  test(`signs with Smart-ID and lands on the contract-signed page (${locale})`, async ({ page }) => {
    await atSigning(page, locale);
    const signing = signingStep(page, locale);
    await expect(signing.heading).toBeFocused();
    await expectNoA11yViolations(page, `viewContractConditions, Smart-ID ready (${locale})`);

    // The first poll answers RUNNING: the verification code shows, large and announced.
    await sandbox.setSmartId(page, { result: 'SIGNED_CONTRACT', runningPolls: 1 });
    // Decision 211: from here on, the signed screen's Continue must never show, not even for a moment.
    const continueShown = await watchForContinueScreen(page, locale);
    await signing.start.press('Enter');
    await expect(signing.verificationCode).toContainText(/\d{4}/);
    await expectNoA11yViolations(page, `viewContractConditions, verification code (${locale})`);

    // Signed: the step is sent by itself; the contract-signed page shows, its heading focused.
    await expectOnContractSigned(page, locale);
    expect(await continueShown()).toBe(false);
    await expect(page.getByText(t(locale, 'Your application reference'))).toBeVisible();
    await expectNoA11yViolations(page, `viewContractSigned (${locale})`);
  });

  test(`a wrong code, a timeout and a cancel are each said in the error modal; trying again signs; a cut-off send offers Continue (${locale})`, async ({ page }) => {
    test.slow();
    const externalId = await atSigning(page, locale);
    const signing = signingStep(page, locale);
    const tryAgain = signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true });
    const failures = [
      ['WRONG_VC', 'The verification code you chose in the Smart-ID app was not the one shown here. Please try again and choose the code shown on this page.'],
      ['TIMEOUT', 'The signing was not confirmed in time. Please try again and confirm it in the Smart-ID app.'],
      ['USER_CANCELLED', 'The signing was cancelled in the Smart-ID app. You can try again when you are ready.'],
    ] as const;
    for (const [index, [result, message]] of failures.entries()) {
      await sandbox.setSmartId(page, { result, runningPolls: 0 });
      await (index === 0 ? signing.start : tryAgain).click();
      await expect(signing.errorModal).toContainText(t(locale, message), { timeout: 30_000 });
      // Focus is in the dialog, at its heading.
      await expect(signing.errorModal.getByRole('heading', { level: 2 })).toBeFocused();
      if (index === 0) await expectNoA11yViolations(page, `viewContractConditions, error modal (${locale})`);
    }

    // Signed, but the step's automatic send is cut off (a dropped connection for its POST, through the
    // client's retries): Continue is offered with the reason, focus on the heading (decision 211).
    let cutOff = true;
    await page.route(`**/application-process/${externalId}/step`, async (route) => {
      if (!cutOff || route.request().method() !== 'POST') return route.continue();
      return route.abort('connectionreset');
    });
    await sandbox.setSmartId(page, { result: 'SIGNED_CONTRACT', runningPolls: 0 });
    await signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
    await expect(signing.continueButton).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(t(locale, 'Thank you. Your contract is signed. Continue to finish.'))).toBeVisible();
    await expect(page.getByText(t(locale, 'We could not reach the bank. Check your connection and continue again; your answers are kept.'))).toBeVisible();
    await expect(signing.signedHeading).toBeFocused();
    await expectNoA11yViolations(page, `viewContractConditions, signed but not sent (${locale})`);

    // The connection is back: Continue sends the step and the contract-signed page shows, its heading focused.
    cutOff = false;
    await signing.continueButton.click();
    const closing = contractSignedHeading(page, locale);
    await expect(closing).toBeVisible({ timeout: 15_000 });
    await expect(closing).toBeFocused();
  });
}
