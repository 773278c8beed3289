import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from './support/domain-server';
import { createApplicationStep, fillCreateApplicationStep, switchLanguage, nextStepHeading } from './support/create-application';

/**
 * Section 8: a chunk that fails to load is recovered by exactly one reload; a chunk missing for
 * good ends on the error page without reloading again (no loop, no white screen).
 */
function countLoads(page: Page): { count(): number } {
  let loads = 0;
  page.on('load', () => loads++);
  return { count: () => loads };
}

test('a step chunk that fails once is recovered by one reload', async ({ page }) => {
  let failures = 0;
  await page.route(/\/assets\/step-createApplicationStep-(?!logic-)[^/]+\.js$/, (route) => (failures++ === 0 ? route.abort('connectionreset') : route.continue()));
  const loads = countLoads(page);
  await page.goto('/');
  await expect(createApplicationStep(page, 'et').heading).toBeVisible();
  expect(loads.count()).toBe(2);
  expect(failures).toBe(2);
});

test('the next step chunk failing after a submit is recovered once and the flow goes on', async ({ page }) => {
  await page.goto('/');
  await switchLanguage(page, 'en');
  let failures = 0;
  await page.route(/\/assets\/step-submitPersonalInfo-(?!logic-)[^/]+\.js$/, (route) => (failures++ === 0 ? route.abort('connectionreset') : route.continue()));
  const loads = countLoads(page);
  const step = createApplicationStep(page, 'en');
  await fillCreateApplicationStep(step);
  await step.continueButton.click();
  await expect(nextStepHeading(page, 'en')).toBeVisible();
  expect(loads.count()).toBe(1);
});

test('a chunk missing for good shows the error page after one reload, without looping', async ({ page }) => {
  await page.route(/\/assets\/step-createApplicationStep-(?!logic-)[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const loads = countLoads(page);
  await page.goto('/?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'The page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  // Longer than the recovery's flush delay: no further reload comes.
  await page.waitForTimeout(1000);
  expect(loads.count()).toBe(2);
  await expectNoA11yViolations(page, 'chunk error page');
});
