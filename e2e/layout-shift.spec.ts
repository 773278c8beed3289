import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, sandbox } from './fixtures';
import { createApplicationStep, nextStepHeading } from './support/create-application';
import { CREATE_REQUEST, createApplicationStep as createApplicationStepPayload, stepPath } from '../tests/server/support/payloads';

/**
 * Issue 8: no layout shift while the app loads (CLS <= 0.02 on every page). Every page of section 2
 * and the second step is loaded afresh, in a phone's viewport (Lighthouse's) and a desktop's,
 * and the `layout-shift` entries of the load (none after input) are summed once it has settled.
 * A layout assertion, not a timing one: where the app shows a loading state, the server is asked to
 * hold the answer that ends it (sandbox `delay-next`) so the loading state is surely painted.
 */
const MAX_CLS = 0.02;
const HOLD_MS = 300;

/** Installed before any script of each document: collects the shifts of the whole load. */
const COLLECT_LAYOUT_SHIFTS = `
  window.__solisShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__solisShifts.push({
        value: entry.value,
        sources: (entry.sources || []).map((source) => source.node ? source.node.nodeName + (source.node.className ? '.' + String(source.node.className).split(' ').join('.') : '') : '(gone)'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  value: number;
  sources: string[];
}

/** The load's CLS once it has settled: network idle, then two frames for the last entries. */
async function settledShifts(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { __solisShifts: Shift[] }).__solisShifts))),
      ),
  );
}

function describeShifts(shifts: Shift[]): string {
  return shifts.map((shift) => `${shift.value.toFixed(4)} (${shift.sources.join(', ')})`).join('; ') || 'none';
}

const PAGES: ReadonlyArray<{ path: string; status: number }> = [
  { path: '/choose-product', status: 200 },
  { path: '/error', status: 200 },
  { path: '/maintenance', status: 200 },
  { path: '/no-task', status: 200 },
  { path: '/no-process', status: 200 },
  { path: '/unauthorized', status: 200 },
  { path: '/session-expired', status: 200 },
  { path: '/link-expired', status: 200 },
  { path: '/no-such-page', status: 404 },
];

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

test('no page shifts its layout while it loads, on a phone or a desktop', async ({ browser, solisServer }) => {
  test.setTimeout(90_000);
  const results: string[] = [];
  for (const { name, viewport } of VIEWPORTS) {
    const context = await browser.newContext({ baseURL: solisServer.url, viewport, locale: 'et-EE' });
    await context.addInitScript(COLLECT_LAYOUT_SHIFTS);
    const page = await context.newPage();
    const measure = async (what: string) => {
      const shifts = await settledShifts(page);
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      results.push(`${name} ${what}: CLS ${cls.toFixed(4)}: ${describeShifts(shifts)}`);
      expect.soft(cls, `${name} ${what}: ${describeShifts(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
    };

    for (const { path, status } of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await measure(path);
    }

    // `/`: loading, then the create-application step with the progress bar.
    await sandbox.delayNext(page, { path: '/application/previous-external-id', ms: HOLD_MS });
    expect((await page.goto('/'))?.status()).toBe(200);
    await expect(createApplicationStep(page, 'et').heading).toBeVisible();
    await measure('/');

    // The second step: loading, then the step with the amount line and progress bar in the header.
    const origin = solisServer.url;
    const created = await page.request.post('/api/v1/application-process', { data: CREATE_REQUEST, headers: { Origin: origin } });
    expect(created.status()).toBe(201);
    const task = ((await created.json()) as { data: { externalId: string; version: number } }).data;
    const submitted = await page.request.post(stepPath(task.externalId), {
      data: createApplicationStepPayload(task.version),
      headers: { Origin: origin, 'idempotency-key': randomUUID() },
    });
    expect(submitted.status()).toBe(200);
    await sandbox.delayNext(page, { path: '/continue', ms: HOLD_MS });
    await page.goto(`/?externalId=${task.externalId}`);
    await expect(nextStepHeading(page, 'et')).toBeVisible();
    await measure('personal details');

    await context.close();
  }
  test.info().annotations.push({ type: 'layout shifts', description: results.join('\n') });
});

test("a new applicant's `/` and a continued step arrive with their top where the app puts it", async ({ browser, solisServer }) => {
  // Decision 206: the server writes the top of the first step into `/`'s HTML, so the largest paint
  // does not wait for the app. Without script the page shows only that; with it, the app's render
  // must show the same words in the same boxes (else the paint moves, or a later, larger one counts).
  const viewport = { width: 412, height: 823 };
  const boxes = async (page: Page) => {
    const heading = page.locator('main h1');
    const paragraph = page.locator('main .solis-inset-text p');
    await expect(heading).toBeVisible();
    return {
      heading: await heading.innerText(),
      paragraph: await paragraph.innerText(),
      links: await paragraph.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      headingBox: await heading.boundingBox(),
      paragraphBox: await paragraph.boundingBox(),
    };
  };
  const bare = await browser.newContext({ baseURL: solisServer.url, viewport, locale: 'et-EE', javaScriptEnabled: false });
  const before = await boxes(await bare.newPage().then(async (page) => (await page.goto('/'), page)));
  await bare.close();
  expect(before.heading).toBe('Laenutaotlus');

  const context = await browser.newContext({ baseURL: solisServer.url, viewport, locale: 'et-EE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(createApplicationStep(page, 'et').heading).toBeVisible();
  // The app's own render, not the frame: the frame has no language switch.
  await expect(page.getByRole('navigation', { name: 'Keel' })).toBeVisible();
  const after = await boxes(page);
  expect(after).toEqual(before);

  // A query (here the language) changes what the first page says: the frame is the plain one then.
  const russian = await context.request.get('/?lang=ru');
  expect(await russian.text()).not.toContain('class="solis-inset-text"');

  // Decision 227: a continued application's step ("About you", in the applicant's language, here
  // Russian) arrives with its heading, first section heading and first question's legend; the app's
  // render puts the same words in the same boxes, and nothing painted shifts while it loads.
  const { externalId } = await sandbox.seedApplication(page, { taskDefinitionKey: 'submitBackgroundData', productName: 'SMALL_LOAN', languageCode: 'rus' });
  const stepBoxes = async (page: Page) => {
    const labels = page.locator('main fieldset').first().locator('label');
    await expect(labels).toHaveCount(5);
    const parts = [page.locator('main h1'), page.locator('main h2.solis-section-heading').first(), page.locator('main legend').first(), ...(await labels.all()), page.locator('main legend').nth(1)];
    for (const part of parts) await expect(part).toBeVisible();
    return Promise.all(parts.map(async (part) => ({ text: await part.innerText(), box: await part.boundingBox() })));
  };
  const bareStep = await browser.newContext({ baseURL: solisServer.url, viewport, locale: 'et-EE', javaScriptEnabled: false });
  await bareStep.addCookies(await context.cookies());
  const barePage = await bareStep.newPage();
  await barePage.goto(`/?externalId=${externalId}`);
  const stepBefore = await stepBoxes(barePage);
  await bareStep.close();
  expect(stepBefore.map((part) => part.text)).toEqual([
    'О Вас',
    'Вы и Ваше домохозяйство',
    'Какое у Вас семейное положение?',
    ...['Не в браке', 'В браке', 'В гражданском браке', 'В разводе', 'Вдовец или вдова'],
    'Какой у Вас наивысший уровень образования?',
  ]);

  await context.addInitScript(COLLECT_LAYOUT_SHIFTS);
  const stepPage = await context.newPage();
  await stepPage.goto(`/?externalId=${externalId}`);
  await expect(stepPage.getByRole('navigation', { name: 'Язык' })).toBeVisible();
  await expect(stepPage.getByRole('radio').first()).toBeVisible();
  expect(await stepBoxes(stepPage)).toEqual(stepBefore);
  // The heading still takes focus on the step (PageHeading), as on any step the app shows.
  await expect(stepPage.locator('main h1')).toBeFocused();
  const shifts = await settledShifts(stepPage);
  expect(shifts.reduce((sum, shift) => sum + shift.value, 0), describeShifts(shifts)).toBeLessThanOrEqual(MAX_CLS);
  await context.close();
});
