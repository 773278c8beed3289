import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_TEXTS_FILE, firstPageHtml, type FirstPageTexts } from '../../server/http/first-page';
import { startTestApp, type TestApp } from './support/test-app';
import { createApplication } from './support/payloads';

/** Decision 206: `/` for a new applicant carries the first step's top in its HTML. */
const PLACEHOLDER = '<div class="solis-loading"><span class="solis-spinner solis-spinner--large"></span></div>';
const INDEX = `<!doctype html><html lang="et"><head></head><body><div id="root"><main class="solis-main">${PLACEHOLDER}</main></div></body></html>`;
const ET = {
  loan: 'Laenutaotlus',
  card: 'Krediitkaardi taotlus',
  account: 'Arvelduskonto avamine',
  saved: 'Salvestame teie vastused <&> sisestamise ajal: <0>logige sisse</0>.',
  privacy: 'Kuidas me Teie isikuandmeid kasutame',
};
const TEXTS: FirstPageTexts = { et: ET, en: { ...ET, loan: 'Apply for a loan' } };
const CONTACTS = { et: { privacyNoticeUrl: 'https://www.solis.example/ee/et/andmekaitse' } } as never;

describe('firstPageHtml', () => {
  it("puts the heading and the paragraph in the domain's language where the frame's spinner was", () => {
    const html = firstPageHtml(INDEX, TEXTS, { domain: 'retail-banking-ee' as const, firstTask: 'createApplicationStep', defaultLocale: 'et', contacts: CONTACTS });
    expect(html).toContain(
      '<main class="solis-main"><div class="solis-step-position-space"></div><form><h1 class="solis-heading"><span><span>Laenutaotlus</span></span></h1><div class="solis-inset-text"><p>Salvestame teie vastused &lt;&amp;&gt; sisestamise ajal: <a class="solis-link" href="/resume" tabindex="-1">logige sisse</a>. <a class="solis-link" href="https://www.solis.example/ee/et/andmekaitse" tabindex="-1">Kuidas me Teie isikuandmeid kasutame</a></p></div></form></main>',
    );
    expect(html).not.toContain('solis-spinner');
    expect(html).toMatch(/^<!doctype html><html lang="et">/);
  });

  it('sets the document language to the domain default', () => {
    const html = firstPageHtml(INDEX, TEXTS, { domain: 'retail-banking-ee' as const, firstTask: 'createApplicationStep', defaultLocale: 'en', contacts: {} });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<span>Apply for a loan</span>');
    // No contacts in that language: no privacy link, as the step renders none.
    expect(html).not.toContain('andmekaitse');
  });

  it('leaves the frame alone where the first page is not the create step, or nothing is known to say', () => {
    const context = { domain: 'retail-banking-ee' as const, firstTask: 'createApplicationStep', defaultLocale: 'et' as const, contacts: CONTACTS };
    expect(firstPageHtml(INDEX, TEXTS, { ...context, firstTask: 'businessData' })).toBeUndefined();
    expect(firstPageHtml(INDEX, TEXTS, { ...context, defaultLocale: 'lv' })).toBeUndefined();
    expect(firstPageHtml('<!doctype html><html><body></body></html>', TEXTS, context)).toBeUndefined();
  });
});

describe('GET / on the built app', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'solis-first-page-'));
    writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    writeFileSync(path.join(staticDir, FIRST_PAGE_TEXTS_FILE), JSON.stringify(TEXTS));
    t = await startTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.database.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.app.request(url, cookie ? { headers: { cookie } } : {});

  it('a new applicant gets the first step top, revalidated, varying by cookie', async () => {
    const reply = await get('/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    expect(reply.headers.get('vary')?.toLowerCase()).toContain('cookie');
    expect(await reply.text()).toContain('<span>Laenutaotlus</span>');
  });

  it('a session without an application still gets it; one with an application to continue gets the plain frame', async () => {
    const client = t.client();
    await client.startSession();
    expect(await (await get('/', client.sessionCookie)).text()).toContain('<span>Laenutaotlus</span>');
    await createApplication(client);
    const reply = await get('/', client.sessionCookie);
    expect(await reply.text()).toBe(INDEX);
    expect(reply.headers.get('vary')?.toLowerCase()).toContain('cookie');
  });

  it.each(['/?lang=ru', '/?externalId=2d4c1f3e-0000-4000-8000-000000000000', '/?productName=credit-card', '/resume'])('%s gets the plain frame', async (url) => {
    expect(await (await get(url)).text()).toBe(INDEX);
  });
});
