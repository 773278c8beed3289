import { test, expect, expectNoA11yViolations } from './fixtures';
import { MARI, createApplicationStep, draftSavedWith, externalIdOf, switchLanguage } from './support/create-application';

test('/continue/{externalId} from another browser session shows none of the application', async ({ page, browser, baseURL }) => {
  await page.goto('/');
  await switchLanguage(page, 'en');
  const step = createApplicationStep(page, 'en');
  await step.firstName.fill(MARI.firstName);
  const externalId = await externalIdOf(page);
  const saved = draftSavedWith(page, MARI.surname);
  await step.surname.fill(MARI.surname);
  await saved;

  // A new context is a new browser session: no cookie, so no claim to the application.
  const stranger = await browser.newContext({ baseURL });
  try {
    const other = await stranger.newPage();
    const refused = other.waitForResponse((r) => r.url().includes(`/${externalId}/continue`));
    await other.goto(`/continue/${externalId}`);
    expect((await refused).ok()).toBe(false);

    await expect(other.getByRole('heading').first()).toBeVisible();
    await expect(other.locator('body')).not.toContainText(MARI.surname);
    const values = await other.locator('input, textarea').evaluateAll((fields) =>
      fields.map((field) => (field as HTMLInputElement | HTMLTextAreaElement).value),
    );
    expect(values).not.toContain(MARI.surname);
    expect(values).not.toContain(MARI.firstName);
    await expectNoA11yViolations(other, 'refused continue');
  } finally {
    await stranger.close();
  }

  // The owner still has it.
  await page.goto(`/continue/${externalId}`);
  await expect(step.surname).toHaveValue(MARI.surname);
});
