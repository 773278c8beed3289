import { test, expect } from './fixtures';
import { MARI, createApplicationStep, draftSavedWith, externalIdOf, switchLanguage } from './support/create-application';

test('a reload mid-step keeps what was typed (server-side draft)', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'en');
  const step = createApplicationStep(page, 'en');

  await step.firstName.fill(MARI.firstName);
  const externalId = await externalIdOf(page);
  const saved = draftSavedWith(page, MARI.email);
  await step.surname.fill(MARI.surname);
  await step.personalCode.fill(MARI.personalCode);
  await step.email.fill(MARI.email);
  await saved;

  await page.reload();

  await expect(step.heading).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`externalId=${externalId}`));
  await expect(step.firstName).toHaveValue(MARI.firstName);
  await expect(step.surname).toHaveValue(MARI.surname);
  await expect(step.personalCode).toHaveValue(MARI.personalCode);
  await expect(step.email).toHaveValue(MARI.email);
});
