import { expect, type Page } from '@playwright/test';
import { MARI } from '../create-application';
import { t, type TestLocale } from '../i18n';
import { sandbox } from '../sandbox';
import { LANGUAGE_CODES } from '../seed-application';
import { answerOnPhone, shownCode } from '../simulators';
import { stepKit } from '../step-kit';
import { contractSignedHeading } from './view-contract-signed';

/** ViewContractConditions (issue 12): signing with the chosen method, through the sandbox providers. */
export function signingStep(page: Page, locale: TestLocale) {
  const kit = stepKit(page, locale);
  return {
    heading: kit.heading('Sign your contract'),
    signedHeading: kit.heading('Your contract is signed'),
    smartId: page.getByRole('region', { name: kit.tx('Signing with Smart-ID'), exact: true }),
    start: kit.button('Sign with Smart-ID'),
    verificationCode: page.getByRole('status').filter({ hasText: kit.tx('Your verification code') }),
    errorModal: page.getByRole('dialog', { name: kit.tx('The contract is not signed'), exact: true }),
    tryAgain: kit.button('Try again'),
    otherMethod: kit.button('Choose another way to sign'),
    continueButton: kit.button('Continue'),
  };
}

/**
 * Decision 211 (issue 26: one contract-signed page): once every contract is signed the app sends the
 * step itself, so the applicant lands on the contract-signed page, its heading focused, with no
 * "signed, Continue" screen before it (Continue shows only when that send fails).
 */
export async function expectOnContractSigned(page: Page, locale: TestLocale, timeout = 30_000): Promise<void> {
  const heading = contractSignedHeading(page, locale);
  await expect(heading).toBeVisible({ timeout });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('button', { name: t(locale, 'Continue'), exact: true })).toHaveCount(0);
}

/**
 * From now until the page is left, notes whether the signed screen's Continue ever shows, even for a
 * moment (a MutationObserver sees every render); the returned function says whether it did.
 */
export async function watchForContinueScreen(page: Page, locale: TestLocale, text = 'Thank you. Your contract is signed. Continue to finish.'): Promise<() => Promise<boolean>> {
  await page.evaluate((shown) => {
    const watched = window as unknown as { continueScreenShown?: boolean };
    watched.continueScreenShown = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes(shown)) watched.continueScreenShown = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, t(locale, text));
  return () => page.evaluate(() => (window as unknown as { continueScreenShown?: boolean }).continueScreenShown === true);
}

/**
 * Signs with Smart-ID on ViewContractConditions and goes on to the contract-signed page: the person
 * confirms on the Smart-ID simulator's phone page, as on `npm start` (decision 167). (A test that
 * sets the sandbox control scripts the simulator instead, and the phone page is not used.)
 */
export async function signWithSmartId(page: Page, locale: TestLocale): Promise<void> {
  const signing = signingStep(page, locale);
  await expect(signing.heading).toBeVisible({ timeout: 15_000 });
  await signing.start.click();
  await answerOnPhone(page, 'Smart-ID', await shownCode(signing.verificationCode));
  await expectOnContractSigned(page, locale);
}

/**
 * Signs with Mobile-ID on ViewContractConditions (issue 21): the request goes to the applicant's own
 * phone; the person confirms on the Mobile-ID simulator's phone page with the code the app shows.
 */
export async function signWithMobileId(page: Page, locale: TestLocale): Promise<void> {
  const signing = signingStep(page, locale);
  const kit = stepKit(page, locale);
  await expect(signing.heading).toBeVisible({ timeout: 15_000 });
  await kit.button('Sign with Mobile-ID').click();
  await answerOnPhone(page, 'Mobile-ID', await shownCode(signing.verificationCode));
  await expectOnContractSigned(page, locale);
}

/**
 * Signs with eParaksts (issue 21, decision 168): the app sends the browser to the eParaksts
 * simulator, where the person confirms their identity, then again to sign the document; each time
 * it comes back to the app, which ends on the contract-signed page.
 */
export async function signWithEparaksts(page: Page, locale: TestLocale): Promise<void> {
  const providerContinue = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(page.getByRole('heading', { level: 1, name: 'eParaksts: confirm your identity' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Confirm my identity' }).check();
  await providerContinue.click();
  await expect(page.getByRole('heading', { level: 1, name: 'eParaksts: sign a document' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: 'Sign the document' }).check();
  await providerContinue.click();
  await expectOnContractSigned(page, locale);
}

/**
 * This browser's application seeded at ViewContractConditions (issue 12): Mari's small loan with a
 * positive decision, the way to sign chosen on the step before. With `phone`, her declared phone
 * (Mobile-ID signs on the applicant's own phone, decision 143). Returns its externalId; the caller
 * sets any provider's sandbox answers, then opens it. With `crossSell`, she accepted the credit card
 * offered alongside the loan and gave her payout account: with the server's cross-sell signing flag on,
 * two contracts are drawn up (decisions 160, 162).
 */
export async function seedAtContractSigning(
  page: Page,
  locale: TestLocale,
  signingMethod: string,
  phone?: { code: string; number: string },
  crossSell?: { bankAccountNumber: string },
): Promise<string> {
  await page.goto(`/?lang=${locale}`);
  const { externalId } = await sandbox.seedApplication(page, {
    taskDefinitionKey: 'viewContractConditions',
    previousTasks: ['checkAnswers', 'viewContractAndChooseSigningMethod'],
    decision: 'POSITIVE',
    languageCode: LANGUAGE_CODES[locale],
    application: {
      applicationUpdates: { creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, ...(crossSell ? { creditCardOfferAccepted: true } : {}) },
      personUpdates: [
        {
          role: 'APPLICANT',
          personalCode: MARI.personalCode,
          declaredData: {
            firstName: MARI.firstName,
            surname: MARI.surname,
            email: MARI.email,
            ...(phone ? { phoneNumber: phone } : {}),
            ...(crossSell ? { bankAccountNumber: crossSell.bankAccountNumber } : {}),
          },
        },
      ],
      customData: { signingMethod },
    },
  });
  return externalId;
}
