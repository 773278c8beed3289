/**
 * Issue 25 item 1 (decision 187): the app in a real partner page on another loopback origin (the
 * demo parent page, e2e/support/parent-page.ts), with the parent helper the build ships
 * (`dist/embed/parent.js`). What the parent receives is recorded by the page itself, raw, and read
 * with the shared schemas. (Each message's rules one by one: tests/app/embed-messages.test.ts,
 * tests/app/parent-bridge.test.tsx, tests/app/embed-parent-helper.test.tsx.)
 */
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { test as base, expect, expectNoA11yViolations } from './fixtures';
import { startParentPageServer, type ParentPageServer } from './support/parent-page';
import { createApplicationStep, fillCreateApplicationStep, nextStepHeading } from './support/create-application';
import { EMBED_DEMO_PATH } from '../server/sandbox/embed-demo';
import { EMBED_MESSAGE_VERSION, EMBED_PROTOCOL, readChildMessage, type ChildMessage } from '../core/wire/embed-messages.schema';

const test = base.extend<object, { parentPage: ParentPageServer }>({
  parentPage: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startParentPageServer();
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker' },
  ],
  // The partner's origin is the one the bank allows: frame-ancestors and the app's parent list.
  serverEnv: async ({ parentPage }, use) => use({ ALLOWED_ORIGINS: parentPage.origin }),
});

interface Received {
  origin: string;
  fromFrame: boolean;
  data: unknown;
}

/** Every message the parent page receives, as it arrives (registered before the page's own scripts). */
async function recordParentMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    const received: unknown[] = [];
    (window as unknown as { received: unknown[] }).received = received;
    window.addEventListener('message', (event) => {
      received.push({ origin: event.origin, fromFrame: event.source === document.querySelector('iframe')?.contentWindow, data: event.data });
    });
  });
}

async function received(page: Page): Promise<Received[]> {
  return page.evaluate(() => (window as unknown as { received: Received[] }).received);
}

/** The app's messages the parent received, each checked against the schema (null where one fails it). */
async function appMessages(page: Page): Promise<(ChildMessage | null)[]> {
  return (await received(page)).map((message) => readChildMessage(message.data));
}

async function steps(page: Page) {
  return (await appMessages(page)).flatMap((message) => (message?.type === 'step' ? [message] : []));
}

async function embedToken(request: APIRequestContext, baseURL: string, sub?: string): Promise<string> {
  const issued = await request.post(`${baseURL}/api/sandbox/token`, { data: sub ? { sub } : {}, headers: { Origin: baseURL } });
  return ((await issued.json()) as { data: { token: string } }).data.token;
}

async function appFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the parent page has no frame');
  return frame;
}

/** The frame's height on the parent page and the app's content height inside it. */
async function heights(page: Page): Promise<{ frame: number; content: number }> {
  const frame = await page.locator('iframe').evaluate((element) => element.getBoundingClientRect().height);
  const content = await (await appFrame(page)).evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  return { frame, content };
}

test('an allowed parent gets ready, each step and the height, and the frame follows the content', async ({ page, baseURL, parentPage }) => {
  await recordParentMessages(page);
  const token = await embedToken(page.request, baseURL!);
  await page.goto(parentPage.pageUrl(`${baseURL}/?lang=en`, token));
  const app = page.frameLocator('iframe');
  const step = createApplicationStep(app as unknown as Page, 'en');
  await expect(step.heading).toBeVisible();

  await expect.poll(() => steps(page)).toEqual([
    { protocol: EMBED_PROTOCOL, version: EMBED_MESSAGE_VERSION, type: 'step', taskDefinitionKey: 'createApplicationStep', stepIndex: 1, stepCount: 13, externalId: null, isFinal: false },
  ]);
  const first = await received(page);
  // Only from the frame, only from the app's origin, every one of them well-formed, `ready` first.
  expect(first.every((message) => message.fromFrame && message.origin === baseURL)).toBe(true);
  expect((await appMessages(page)).every((message) => message !== null)).toBe(true);
  expect((await appMessages(page))[0]?.type).toBe('ready');
  await expect(page.getByText('Step: 1 of 13: createApplicationStep')).toBeVisible();

  // The frame is as tall as the content: no inner scrollbar, no empty space.
  await expect.poll(async () => { const h = await heights(page); return h.frame === h.content && h.content > 0; }).toBe(true);
  const before = (await heights(page)).content;
  await expectNoA11yViolations(page, 'the app in the partner page');

  // The content grows (the error summary and the fields' errors): the frame grows with it.
  await step.continueButton.click();
  await expect(step.errorSummary).toBeVisible();
  await expect.poll(async () => { const h = await heights(page); return h.frame === h.content && h.content > before; }).toBe(true);
  const reported = (await appMessages(page)).flatMap((message) => (message?.type === 'height' ? [message.height] : []));
  expect(reported.at(-1)).toBe((await heights(page)).frame);
  // Sent only when it changed.
  expect(reported.every((height, index) => index === 0 || height !== reported[index - 1])).toBe(true);

  await fillCreateApplicationStep(step);
  await step.continueButton.click();
  await expect(nextStepHeading(app as unknown as Page, 'en')).toBeVisible();
  const externalId = new URL((await appFrame(page)).url()).searchParams.get('externalId');
  expect(externalId).toBeTruthy();
  await expect.poll(async () => (await steps(page)).at(-1)).toMatchObject({ taskDefinitionKey: 'submitPersonalInfo', stepIndex: 2, externalId, isFinal: false });
  await expect.poll(async () => { const h = await heights(page); return h.frame === h.content; }).toBe(true);
});

test('forged, oversized and malformed messages from the parent side are ignored; the flow goes on', async ({ page, baseURL, parentPage }) => {
  await recordParentMessages(page);
  const token = await embedToken(page.request, baseURL!, 'embedded-person');
  // Every language the app's page takes on, in order (a forged message read would show Russian here).
  await page.addInitScript(() => {
    if (window.top === window) return;
    const languages: string[] = [];
    (window as unknown as { languages: string[] }).languages = languages;
    new MutationObserver(() => languages.push(document.documentElement.lang)).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  });
  const bearers: string[] = [];
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (authorization) bearers.push(authorization);
  });
  await page.goto(parentPage.pageUrl(`${baseURL}/?lang=en`, token));
  const app = page.frameLocator('iframe');
  await expect(createApplicationStep(app as unknown as Page, 'en').heading).toBeVisible();

  const forgedToken = await embedToken(page.request, baseURL!, 'embedded-person');
  const envelope = { protocol: EMBED_PROTOCOL, version: EMBED_MESSAGE_VERSION };
  const russian = { ...envelope, type: 'language', language: 'ru' };
  // From the parent window, to the app's origin, but not the contract: each would switch to Russian if read.
  await page.evaluate(
    ({ appOrigin, bad }) => {
      const target = document.querySelector('iframe')!.contentWindow!;
      for (const data of bad) target.postMessage(data, appOrigin);
    },
    {
      appOrigin: baseURL!,
      bad: [
        'language=ru',
        { ...russian, version: 2 },
        { ...russian, protocol: 'other' },
        { ...russian, type: 'lang' },
        { ...russian, language: 'xx' },
        { ...russian, extra: true },
        { ...russian, padding: 'x'.repeat(9_000) },
        { ...envelope, type: 'token-refresh', token: 'not-a-token' },
      ],
    },
  );
  // Well-formed, but forged: from another window of the partner's page (a frame of its own), and from the app's own window.
  await page.evaluate(
    ({ appOrigin, messages }) => {
      const other = document.createElement('iframe');
      other.title = 'another frame';
      document.body.appendChild(other);
      const target = document.querySelector('iframe')!.contentWindow!;
      // A function of the other frame's realm posts, so the message's source is that frame's window.
      const post = new (other.contentWindow as unknown as { Function: FunctionConstructor }).Function('target', 'data', 'origin', 'target.postMessage(data, origin)');
      for (const data of messages) post(target, data, appOrigin);
      other.remove();
    },
    { appOrigin: baseURL!, messages: [russian, { ...envelope, type: 'token-refresh', token: forgedToken }] },
  );
  await (await appFrame(page)).evaluate((data) => window.postMessage(data, '*'), russian);

  // A real one after them (the page's form, through the helper): the app takes it, so the ones before were read, and ignored.
  await page.getByLabel('Language of the application').selectOption('et');
  await page.getByRole('button', { name: 'Send to the application' }).click();
  const step = createApplicationStep(app as unknown as Page, 'et');
  await expect(step.heading).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('lang', /^et/);
  expect(await (await appFrame(page)).evaluate(() => (window as unknown as { languages: string[] }).languages)).not.toContain('ru');

  // The flow goes on, with the parent's own token: the forged one was never taken.
  await fillCreateApplicationStep(step);
  await step.continueButton.click();
  await expect(nextStepHeading(app as unknown as Page, 'et')).toBeVisible();
  expect(bearers.length).toBeGreaterThan(0);
  expect(new Set(bearers)).toEqual(new Set([`Bearer ${token}`]));

  // A refreshed token from the parent (the same person), through the helper: the app's calls carry it from now on.
  const refreshed = await embedToken(page.request, baseURL!, 'embedded-person');
  await page.evaluate((next) => (window as unknown as { solisFrame: { refreshToken(token: string): void } }).solisFrame.refreshToken(next), refreshed);
  const withRefreshed = page.waitForRequest((request) => request.headers().authorization === `Bearer ${refreshed}`);
  await app.getByRole('main').getByRole('textbox').first().fill('Tamm');
  await withRefreshed;
  // The app never posted anything malformed either.
  expect((await appMessages(page)).every((message) => message !== null)).toBe(true);
});

test('a parent on an origin the bank did not allow cannot frame the app and gets nothing', async ({ page, baseURL, solisServer }) => {
  await recordParentMessages(page);
  // The reference server's own demo page (test mode), reached as http://localhost: another origin, not in ALLOWED_ORIGINS.
  const stranger = `http://localhost:${solisServer.port}`;
  await page.goto(`${stranger}${EMBED_DEMO_PATH}?${new URLSearchParams({ src: `${baseURL}/?lang=en` }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner page (demo)' })).toBeVisible();
  // The browser refuses the frame (frame-ancestors): it shows its own error page instead of the app.
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-error://'))).toBe(true);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Apply for a loan' })).toHaveCount(0);
  expect(await received(page)).toEqual([]);
  await expect(page.getByText('Frame height: not reported yet')).toBeVisible();
});
