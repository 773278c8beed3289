/**
 * Issue 26 item 6, finding your way, in Estonian at 390 px (decision 197): the calculator rises as a
 * sheet from the bottom and leaves the top of the first page in sight (Escape closes it, focus comes
 * back); "Step N of M: <the step's name>" under the progress bar; the page's Back link returns to
 * the previous step with its answers, and the browser's Back still does after it; the browser's
 * Forward then leads to the later step again with what was answered there (decision 212). Axe on each page.
 * The counts and the Back link's variants are in the component tests (tests/app/step-position.test.tsx).
 */
import { test, expect, expectNoA11yViolations, calculatorModal, testTheCalculator } from './support/domain-server';
import { MARI, createApplicationStep, fillCreateApplicationStep, nextStepHeading } from './support/create-application';
import { personalInfoStep } from './support/steps/submit-personal-info';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, serverEnv: { BUSINESS_DOMAIN: 'retail-banking-ee' } });

test('Estonian at 390 px: the calculator as a bottom sheet, "Samm N/M", the Back link, the browser Back and Forward', async ({ page }) => {
  test.setTimeout(90_000);
  const locale = 'et';
  // The calculator stays until this test closes it (the fixture would close it on the first look).
  await testTheCalculator(page);
  // The language comes with the address, so the calculator that opens at once speaks Estonian.
  await page.goto('/?lang=et');
  await expect(page.locator('html')).toHaveAttribute('lang', /^et/);
  const first = createApplicationStep(page, locale);

  // The calculator opens by itself on the first page: a sheet from the bottom edge, not a cover.
  const sheet = calculatorModal(page);
  await expect(sheet).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box, 'the calculator is on screen').not.toBeNull();
  expect(Math.round(box!.y + box!.height), 'it stands on the bottom edge').toBeGreaterThanOrEqual(PHONE.height - 1);
  expect(box!.y, 'the top quarter of the page stays in sight').toBeGreaterThanOrEqual(PHONE.height / 4 - 1);
  expect(Math.round(box!.width)).toBe(PHONE.width);
  await expectNoA11yViolations(page, 'first page with the calculator sheet (et)');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // Focus comes back into the page, not to nowhere.
  expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);

  // "Step 1 of 10" with the step's name, and no Back on the first page.
  await expect(first.heading).toBeVisible();
  const position = page.locator('.solis-step-position__label');
  await expect(position).toHaveText(/^Samm 1\/10: /);
  await expect(page.getByRole('button', { name: 'Tagasi', exact: true })).toHaveCount(0);

  await fillCreateApplicationStep(first);
  await first.continueButton.click();
  const second = nextStepHeading(page, locale);
  await expect(second).toBeVisible();
  await expect(position).toHaveText(new RegExp(`^Samm 2/10: ${await second.innerText()}`));
  await expectNoA11yViolations(page, 'second step with the step position (et)');

  // The page's Back link: back to the first page with its answers.
  await page.getByRole('button', { name: 'Tagasi', exact: true }).click();
  await expect(first.heading).toBeVisible();
  await expect(position).toHaveText(/^Samm 1\/10: /);
  // Section 2: the calculator opens again when the flow comes back to the first page; Escape closes it.
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(first.firstName).toHaveValue(MARI.firstName);

  // Forward again, then the browser's Back takes the same way.
  await first.continueButton.click();
  await expect(second).toBeVisible();
  // Something answered on the second step: Back and Forward keep it (decision 212).
  const personal = personalInfoStep(page, locale);
  await personal.registryCheck.check();
  await page.goBack();
  await expect(first.heading).toBeVisible();
  await expect(position).toHaveText(/^Samm 1\/10: /);
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');

  // The browser's Forward: the first page's answers go through Continue again and the second step
  // comes back with its answer, its number, and focus on its heading.
  await page.goForward();
  await expect(second).toBeVisible();
  await expect(position).toHaveText(/^Samm 2\/10: /);
  await expect(second).toBeFocused();
  await expect(personal.registryCheck).toBeChecked();
  // Nothing further ahead: Forward changes nothing.
  await page.goForward();
  await expect(second).toBeVisible();
  // After the page's Back link, the browser's Forward leads on too.
  await page.getByRole('button', { name: 'Tagasi', exact: true }).click();
  await expect(first.heading).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goForward();
  await expect(second).toBeVisible();
  await expect(position).toHaveText(/^Samm 2\/10: /);
  await expectNoA11yViolations(page, 'second step after the browser Forward (et)');
});
