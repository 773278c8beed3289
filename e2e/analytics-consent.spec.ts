/**
 * Issue 25 item 3 in the browser (docs/decisions/190): analytics only after consent. The create step
 * asks the marketing consent, so no banner shows there and nothing is stored; the answer sends the
 * link's campaign, the ad click with its expiry and the device's data, never the applicant's; the
 * footer's "Cookie settings" opens the banner (axe), whose refusal withdraws all of it.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from './fixtures';
import { MARI, createApplicationStep, externalIdOf, fillCreateApplicationStep, nextStepHeading } from './support/create-application';

/** The application's `source.metaData.tracking` as the API keeps it (the sandbox's read, this session's own). */
async function storedTracking(page: Page, externalId: string): Promise<Record<string, unknown> | null> {
  const origin = new URL(page.url()).origin;
  const reply = await page.request.get(`${origin}/api/sandbox/tracking/${externalId}`, { headers: { Origin: origin } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { data: { tracking: Record<string, unknown> | null } }).data.tracking;
}

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

test('the marketing consent sends the analytics of section 3; “Cookie settings” withdraws them', async ({ page }) => {
  await page.goto('/?lang=en&utm_source=news&utm_campaign=spring&utm_term=small%20loan&gclid=EAIa_e2e-1');
  const step = createApplicationStep(page, 'en');
  await expect(step.heading).toBeVisible();
  const banner = page.getByRole('region', { name: 'Cookies and analytics' });
  await expect(banner).toHaveCount(0);

  // The application is created at the first change, before any answer: without tracking.
  await fillCreateApplicationStep(step);
  const externalId = await externalIdOf(page);
  expect(await storedTracking(page, externalId)).toBeNull();
  expect(await cookieNames(page)).not.toContain('solis_aid');
  await step.marketingConsent.check();
  const sent = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname.endsWith(`/${externalId}/tracking`));
  await step.continueButton.click();
  await expect(nextStepHeading(page, 'en')).toBeVisible();
  const request = await sent;
  expect((await request.response())?.status()).toBe(200);

  const tracking = await storedTracking(page, externalId);
  expect(tracking).toMatchObject({
    consent: { basis: 'marketingConsent' },
    source: 'news',
    campaign: 'spring',
    keyword: 'small loan',
    adClick: { parameter: 'gclid', id: 'EAIa_e2e-1' },
    userAgent: expect.stringContaining('Mozilla/5.0'),
    analyticsIds: { app: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    screen: { width: expect.any(Number), height: expect.any(Number) },
    viewport: { width: expect.any(Number), height: expect.any(Number) },
  });
  const adClick = tracking?.['adClick'] as { clickedAt: string; expiresAt: string };
  expect(Date.parse(adClick.expiresAt) - Date.parse(adClick.clickedAt)).toBe(90 * 24 * 60 * 60 * 1000);
  const text = JSON.stringify(tracking);
  for (const value of [MARI.firstName, MARI.surname, MARI.personalCode, MARI.email]) expect(text).not.toContain(value);
  expect(await cookieNames(page)).toEqual(expect.arrayContaining(['solis_consent', 'solis_aid', 'solis_adclick']));

  // Withdrawn from the footer: the banner takes focus, passes axe, and its refusal removes everything.
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner.getByRole('heading', { name: 'Cookies and analytics' })).toBeFocused();
  await expect(banner).toContainText('You have accepted analytics.');
  await expectNoA11yViolations(page, 'cookie banner');
  const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && new URL(response.url()).pathname.endsWith(`/${externalId}/tracking`));
  await banner.getByRole('button', { name: 'Refuse analytics' }).click();
  expect((await removed).status()).toBe(200);
  await expect(banner).toHaveCount(0);
  expect(await storedTracking(page, externalId)).toBeNull();
  const names = await cookieNames(page);
  expect(names).toContain('solis_consent');
  expect(names).not.toContain('solis_aid');
  expect(names).not.toContain('solis_adclick');
});
