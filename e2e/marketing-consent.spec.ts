/**
 * The marketing consent modal in the browser (issue 11, section 2 "Other UI"): on the create step,
 * "What this means" opens a modal dialog on the native <dialog>, named by its heading, with focus
 * in it and the page behind it inert; "I agree" ticks the consent, "No, thank you" unticks it,
 * Escape leaves it as it was, and focus returns to the button each time. axe finds nothing with
 * the dialog open.
 */
import { test, expect, expectNoA11yViolations } from './fixtures';
import { createApplicationStep, fillCreateApplicationStep, nextStepHeading } from './support/create-application';
import { t } from './support/i18n';

test('"What this means" explains the marketing consent in a dialog whose answer sets the checkbox', async ({ page }) => {
  const locale = 'et';
  await page.goto('/');
  const step = createApplicationStep(page, locale);
  await expect(step.heading).toBeVisible();
  await expect(step.marketingConsent).not.toBeChecked();

  const opener = page.getByRole('button', { name: `${t(locale, 'What this means')} ${t(locale, '(marketing consent)')}` });
  const dialog = page.getByRole('dialog', { name: t(locale, 'Offers and news from Solis') });
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: t(locale, 'Offers and news from Solis') })).toBeFocused();
  await expect(dialog).toContainText(t(locale, 'You can withdraw your consent at any time in self-service or by contacting us.'));
  // Modal: the page behind it cannot be reached.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveCount(1);
  expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  await expectNoA11yViolations(page, 'marketing consent dialog');

  await dialog.getByRole('button', { name: t(locale, 'I agree') }).click();
  await expect(dialog).toBeHidden();
  await expect(step.marketingConsent).toBeChecked();
  await expect(opener).toBeFocused();

  // Escape closes it and changes nothing.
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(step.marketingConsent).toBeChecked();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: t(locale, 'No, thank you') }).click();
  await expect(dialog).toBeHidden();
  await expect(step.marketingConsent).not.toBeChecked();

  // The answer goes with the step.
  await opener.click();
  await dialog.getByRole('button', { name: t(locale, 'I agree') }).click();
  await fillCreateApplicationStep(step);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/application-process\/[^/]+\/step$/.test(new URL(r.url()).pathname));
  await step.continueButton.click();
  expect((await sent).postDataJSON()).toMatchObject({
    application: { personUpdates: [expect.objectContaining({ consents: expect.objectContaining({ marketing: true }) })] },
  });
  await expect(nextStepHeading(page, locale)).toBeVisible();
});
