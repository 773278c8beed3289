/**
 * Issue 21: an outside party that fails leaves the application recoverable, with the person's
 * choices kept. Smart-ID's simulator is told (its fault controls) to answer 500, to answer malformed
 * JSON, to never answer and to answer too late; each time the app says the Smart-ID service had a
 * problem, or gets through on its own retry, and the person then signs with the way to sign they chose.
 */
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { answerOnPhone, shownCode, simulators } from './support/simulators';
import { expectOnContractSigned, seedAtContractSigning, signingStep } from './support/steps/view-contract-conditions';

test('Smart-ID answering 500, malformed JSON, nothing, or too late: said or retried, never lost; then signed (en)', async ({ page }) => {
  test.setTimeout(180_000);
  const locale = 'en';
  const externalId = await seedAtContractSigning(page, locale, 'SMART_ID');
  await page.goto(`/?externalId=${externalId}&lang=${locale}`);
  const signing = signingStep(page, locale);
  await expect(signing.start).toBeVisible({ timeout: 30_000 });
  const problem = signing.errorModal.getByText('The Smart-ID service had a problem. Please try again.');
  const tryAgain = signing.errorModal.getByRole('button', { name: 'Try again', exact: true });

  // 500, malformed JSON, no answer at all (the server gives up at its deadline): each said, with Try again.
  await simulators.fault(page, { simulator: 'smart-id', fault: 'status', status: 500, path: '/signature/' });
  await signing.start.click();
  await expect(problem).toBeVisible({ timeout: 60_000 });
  await expectNoA11yViolations(page, 'viewContractConditions, Smart-ID unavailable (en)');
  await simulators.fault(page, { simulator: 'smart-id', fault: 'malformed', path: '/signature/' });
  await tryAgain.click();
  await expect(problem).toBeVisible({ timeout: 60_000 });
  // The way to sign chosen is kept: still Smart-ID, and the application is where it was.
  await expect(signing.smartId).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`externalId=${externalId}`));

  await simulators.fault(page, { simulator: 'smart-id', fault: 'hang', path: '/signature/' });
  await tryAgain.click();
  await expect(signing.errorModal).toBeHidden();
  await expect(problem).toBeVisible({ timeout: 60_000 });

  // Smart-ID is back: trying again starts the signing.
  await tryAgain.click();
  const code = await shownCode(signing.verificationCode);
  // A status poll answered too late is asked again; the person confirms on the phone and it signs.
  await simulators.fault(page, { simulator: 'smart-id', fault: 'slow', delayMs: 20_000, path: '/session/' });
  await answerOnPhone(page, 'Smart-ID', code);
  await expectOnContractSigned(page, locale, 60_000);
});
