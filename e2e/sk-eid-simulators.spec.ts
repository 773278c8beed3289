/**
 * Issue 21 (docs/decisions/167): Smart-ID and Mobile-ID through their simulators' own pages, as a
 * person trying `npm start` signs: no sandbox control, the request found on the simulators' index by
 * the verification code the app shows, answered on the provider's phone page (axe there too).
 */
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { MARI } from './support/create-application';
import { t } from './support/i18n';
import { answerOnPhone, openPhonePage, shownCode } from './support/simulators';
import { expectOnContractSigned, seedAtContractSigning, signingStep } from './support/steps/view-contract-conditions';

test('Smart-ID: confirmed on the simulated phone, signed, on to the contract-signed page (en)', async ({ page }) => {
  test.slow();
  const locale = 'en';
  const externalId = await seedAtContractSigning(page, locale, 'SMART_ID');
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const signing = signingStep(page, locale);
  await expect(signing.start).toBeVisible({ timeout: 30_000 });
  await signing.start.click();
  const code = await shownCode(signing.verificationCode);

  const phone = await openPhonePage(page, 'Smart-ID', code);
  await expectNoA11yViolations(phone, 'Smart-ID simulator, phone page');
  await phone.getByRole('button', { name: 'Confirm (enter PIN)', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Smart-ID: answered' })).toBeVisible();
  await phone.close();

  await expectOnContractSigned(page, locale);
});

test('Mobile-ID: cancelled on the simulated phone is said, then PIN2 there signs (et)', async ({ page }) => {
  test.slow();
  const locale = 'et';
  const externalId = await seedAtContractSigning(page, locale, 'MOBILE_SIGNATURE', { code: '+372', number: MARI.phone });
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const signing = signingStep(page, locale);
  const start = page.getByRole('button', { name: t(locale, 'Sign with Mobile-ID'), exact: true });
  await expect(start).toBeVisible({ timeout: 30_000 });
  await start.click();
  await answerOnPhone(page, 'Mobile-ID', await shownCode(signing.verificationCode), 'Cancel');
  await expect(signing.errorModal).toContainText(t(locale, 'The signing was cancelled on your phone. You can try again when you are ready.'), { timeout: 30_000 });

  await signing.errorModal.getByRole('button', { name: t(locale, 'Try again'), exact: true }).click();
  const phone = await openPhonePage(page, 'Mobile-ID', await shownCode(signing.verificationCode));
  await expectNoA11yViolations(phone, 'Mobile-ID simulator, phone page');
  await phone.getByRole('button', { name: 'Enter PIN2 and sign', exact: true }).click();
  await phone.close();
  await expectOnContractSigned(page, locale);
});
