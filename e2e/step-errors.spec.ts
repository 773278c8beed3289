import { test, expect, sandbox } from './fixtures';
import {
  MARI,
  createApplicationStep,
  draftSavedWith,
  expectFilledWithMari,
  externalIdOf,
  fillCreateApplicationStep,
  switchLanguage,
  nextStepHeading,
} from './support/create-application';

test('an unknown task key shows the step-not-found error', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'en');
  const step = createApplicationStep(page, 'en');
  await fillCreateApplicationStep(step);
  await externalIdOf(page);

  await sandbox.nextTask(page, 'noSuchStepInTests');
  await step.continueButton.click();

  await expect(page.getByText('Step with taskDefinitionKey "noSuchStepInTests" not found.')).toBeVisible();
});

test('a failed submit shows the error by the button and keeps every typed value', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'en');
  const step = createApplicationStep(page, 'en');
  await step.loanAmount.fill(MARI.loanAmount);
  await externalIdOf(page);
  // Wait for the draft of the complete form, so no later draft save takes the forced failure.
  const saved = draftSavedWith(page, MARI.phone);
  await fillCreateApplicationStep(step);
  await saved;

  await sandbox.failNext(page, { path: '/step', method: 'POST', status: 500 });
  const failed = page.waitForResponse((r) => r.request().method() === 'POST' && /\/step(\?|$)/.test(r.url()));
  await step.continueButton.click();
  expect((await failed).status()).toBe(500);

  // The error is tied to the button (aria-describedby), so it is read out with it.
  await expect(step.continueButton).toHaveAccessibleDescription(/\S/);
  await expect(step.heading).toBeVisible();
  await expectFilledWithMari(step);

  // Nothing was lost: the same data goes through on the next try.
  await step.continueButton.click();
  await expect(nextStepHeading(page, 'en')).toBeVisible();
});
