import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_TOP_TEXTS_FILE, continuedStepHtml, stepPreloads, variantsIn, type StepTopTexts, type ViteManifest } from '../../server/http/step-top';
import type { TaskResponse } from '../../core/wire/application.schema';
import { startTestApp, type TestApp } from './support/test-app';
import { ENTRY_LOADER_SOURCE, entryAfterFirstPaint, entryScriptsOf } from '../../server/http/entry-loader';

/** Decision 227: a continued application's `/?externalId=` carries its step's top and chunks. */
const PLACEHOLDER = '<div class="solis-loading"><span class="solis-spinner solis-spinner--large"></span></div>';
const INDEX = `<!doctype html><html lang="et"><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"><main class="solis-main">${PLACEHOLDER}</main></div></body></html>`;
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_forms-1.js'] },
  '_forms-1.js': { file: 'assets/forms-1.js' },
  '_fields-1.js': { file: 'assets/fields-1.js', imports: ['_forms-1.js'], css: ['assets/fields-1.css'] },
  'src/steps/_generated/registry.gen.ts': { file: 'assets/registry.gen-1.js', imports: ['index.html'] },
  'src/app/product-data.ts': { file: 'assets/product-data-1.js', imports: ['index.html'] },
  'src/app/step-actors.ts': { file: 'assets/step-actors-1.js', imports: ['_forms-1.js', 'index.html'] },
  'src/steps/submitBackgroundData/view.tsx': { file: 'assets/step-submitBackgroundData-1.js', imports: ['_forms-1.js', '_fields-1.js'] },
  'src/steps/submitBackgroundData/view.lv.tsx': { file: 'assets/step-submitBackgroundData-lv-1.js', imports: ['_fields-1.js'] },
  'src/steps/submitBackgroundData/logic.ts': { file: 'assets/step-submitBackgroundData-logic-1.js' },
  'src/steps/submitPersonalInfo/view.tsx': { file: 'assets/step-submitPersonalInfo-1.js', imports: ['_forms-1.js'] },
};
const OPTIONS = ['Single', 'Married', 'Living with a partner', 'Divorced', 'Widowed'];
const TEXTS: StepTopTexts = {
  et: {
    'About you': 'Teie <andmed>',
    'You and your household': 'Teie ja leibkond',
    'What is your marital status?': 'Mis on teie perekonnaseis?',
    'What is your highest level of education?': 'Milline on haridus?',
    ...Object.fromEntries(OPTIONS.map((option) => [option, `et ${option}`])),
  },
  ru: {
    'About you': 'О Вас',
    'You and your household': 'Вы и ваша семья',
    'What is your marital status?': 'Ваше семейное положение?',
    'What is your highest level of education?': 'Образование?',
    ...Object.fromEntries(OPTIONS.map((option) => [option, `ru ${option}`])),
  },
};
const ESTONIAN = { country: 'EE' as const, role: 'APPLICANT', channel: 'WEB', corporate: false };

describe('continuedStepHtml', () => {
  it("writes the step's heading, section and first questions, escaped, in the applicant's language, and preloads its chunks", () => {
    const html = continuedStepHtml(INDEX, MANIFEST, TEXTS, { taskKey: 'submitBackgroundData', locale: 'et', facts: ESTONIAN })!;
    const radio = (label: string) => `<div class="solis-radio"><input class="solis-radio__input" type="radio" tabindex="-1"><label class="solis-radio__label">et ${label}</label></div>`;
    expect(html).toContain(
      '<main class="solis-main"><div class="solis-step-position-space"></div><form><h1 class="solis-heading"><span><span>Teie &lt;andmed&gt;</span></span></h1><h2 class="solis-section-heading">Teie ja leibkond</h2>' +
        `<div class="solis-form-group"><fieldset class="solis-fieldset"><legend class="solis-fieldset__legend solis-fieldset__legend--question">Mis on teie perekonnaseis?</legend><div class="solis-radios">${OPTIONS.map(radio).join('')}</div></fieldset></div>` +
        '<div class="solis-form-group"><fieldset class="solis-fieldset"><legend class="solis-fieldset__legend solis-fieldset__legend--question">Milline on haridus?</legend></fieldset></div></form></main>',
    );
    expect(html).not.toContain('solis-spinner');
    for (const file of ['registry.gen-1', 'step-submitBackgroundData-1', 'fields-1', 'step-submitBackgroundData-logic-1', 'step-actors-1', 'product-data-1'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}.js">`);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/fields-1.css">');
    // What index.html loads itself is not asked twice; another variant's chunk not at all.
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/forms-1.js');
    expect(html).not.toContain('submitBackgroundData-lv');

    const russian = continuedStepHtml(INDEX, MANIFEST, TEXTS, { taskKey: 'submitBackgroundData', locale: 'ru', facts: ESTONIAN })!;
    expect(russian).toMatch(/^<!doctype html><html lang="ru">/);
    expect(russian).toContain('<span>О Вас</span>');
  });

  it('hands the step’s chunks and stylesheets to the built page’s entry loader, to be asked for after the first paint (decision 231)', () => {
    const built = entryAfterFirstPaint(
      INDEX.replace('<script type="module" src="/assets/index-1.js"></script>', '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/forms-1.js">'),
    );
    const html = continuedStepHtml(built, MANIFEST, TEXTS, { taskKey: 'submitBackgroundData', locale: 'et', facts: ESTONIAN })!;
    expect(html).not.toMatch(/<link\b[^>]*rel="(?:modulepreload|preload)"/);
    const loaded = entryScriptsOf(html)!;
    expect(loaded.entry).toBe('/assets/index-1.js');
    // The entry's own preload first, then the step's, each once.
    expect(loaded.preloads[0]).toBe('/assets/forms-1.js');
    for (const file of ['registry.gen-1', 'step-submitBackgroundData-1', 'fields-1', 'step-submitBackgroundData-logic-1', 'step-actors-1', 'product-data-1'])
      expect(loaded.preloads).toContain(`/assets/${file}.js`);
    expect(new Set(loaded.preloads).size).toBe(loaded.preloads.length);
    expect(loaded.preloads.join(' ')).not.toContain('submitBackgroundData-lv');
    expect(loaded.styles).toEqual(['/assets/fields-1.css']);
    // The loader's text is untouched (the CSP allows it by its hash), and the top is written as before.
    expect(html).toContain(`>${ENTRY_LOADER_SOURCE}</script>`);
    expect(html).toContain('<span>Teie &lt;andmed&gt;</span>');
  });

  it('preloads the variant the applicant sees and writes no top where none is known for it, nor in a language without texts', () => {
    const latvian = continuedStepHtml(INDEX, MANIFEST, TEXTS, { taskKey: 'submitBackgroundData', locale: 'et', facts: { ...ESTONIAN, country: 'LV' } })!;
    expect(latvian).toContain('/assets/step-submitBackgroundData-lv-1.js');
    expect(latvian).toContain(PLACEHOLDER);
    const otherStep = continuedStepHtml(INDEX, MANIFEST, TEXTS, { taskKey: 'submitPersonalInfo', locale: 'et', facts: ESTONIAN })!;
    expect(otherStep).toContain('/assets/step-submitPersonalInfo-1.js');
    expect(otherStep).toContain(PLACEHOLDER);
    expect(otherStep).not.toContain('logic');
    const lithuanian = continuedStepHtml(INDEX, MANIFEST, TEXTS, { taskKey: 'submitBackgroundData', locale: 'lt', facts: ESTONIAN })!;
    expect(lithuanian).toContain(PLACEHOLDER);
    expect(lithuanian).toMatch(/<html lang="et">/);
    expect(continuedStepHtml(INDEX, MANIFEST, TEXTS, { taskKey: 'noSuchStep', locale: 'et', facts: ESTONIAN })).toBeUndefined();
  });

  it("reads a step's variants from the manifest", () => {
    expect(variantsIn(MANIFEST, 'submitBackgroundData')?.sort()).toEqual(['default', 'lv']);
    expect(variantsIn(MANIFEST, 'submit.*')).toBeUndefined();
    expect(stepPreloads(MANIFEST, 'submitPersonalInfo', 'default').styles).toEqual([]);
  });
});

describe('GET /?externalId= on the built app', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'solis-step-top-'));
    writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    mkdirSync(path.join(staticDir, '.vite'));
    writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(path.join(staticDir, STEP_TOP_TEXTS_FILE), JSON.stringify(TEXTS));
    t = await startTestApp({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.database.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const seeded = async (taskDefinitionKey: string, languageCode?: string) => {
    const client = t.client();
    const reply = await client.post<{ data: TaskResponse }>('/api/sandbox/applications', { taskDefinitionKey, productName: 'SMALL_LOAN', ...(languageCode ? { languageCode } : {}) });
    if (reply.status !== 201) throw new Error(`seed answered ${reply.status}: ${reply.text}`);
    return { cookie: client.sessionCookie, externalId: reply.body.data.externalId };
  };
  const get = (url: string, cookie?: string) => t.app.request(url, cookie ? { headers: { cookie } } : {});

  it("the applicant's own session gets its step's top in its language, private and varying by cookie", async () => {
    const { cookie, externalId } = await seeded('submitBackgroundData', 'rus');
    const reply = await get(`/?externalId=${externalId}`, cookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-cache');
    expect(reply.headers.get('vary')?.toLowerCase()).toContain('cookie');
    const html = await reply.text();
    expect(html).toContain('<span>О Вас</span>');
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('/assets/step-submitBackgroundData-1.js');

    const estonian = await seeded('submitBackgroundData', 'est');
    expect(await (await get(`/?externalId=${estonian.externalId}`, estonian.cookie)).text()).toContain('<span>Teie &lt;andmed&gt;</span>');
  });

  it("another step gets that step's chunks and the plain frame", async () => {
    const { cookie, externalId } = await seeded('submitPersonalInfo');
    const html = await (await get(`/?externalId=${externalId}`, cookie)).text();
    expect(html).toContain('/assets/step-submitPersonalInfo-1.js');
    expect(html).toContain(PLACEHOLDER);
  });

  it('another person, no session, a second parameter or an id that is not one get the plain frame', async () => {
    const { cookie, externalId } = await seeded('submitBackgroundData', 'est');
    const other = await seeded('submitBackgroundData', 'est');
    for (const [url, withCookie] of [
      [`/?externalId=${externalId}`, other.cookie],
      [`/?externalId=${externalId}`, undefined],
      [`/?externalId=${externalId}&role=coborrower`, cookie],
      [`/?externalId=${externalId}&lang=ru`, cookie],
      ['/?externalId=not-an-id', cookie],
    ] as const) {
      const reply = await get(url, withCookie);
      expect(await reply.text(), url).toBe(INDEX);
      expect(reply.headers.get('cache-control'), url).toBe('no-cache');
    }
  });
});
