import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { loadClientConfig } from '../../server/client-config';
import { CONTACTS } from '../../core/domain/contacts';
import { startTestApp, type TestApp } from './support/test-app';

describe('runtime configuration for the app (section 9)', () => {
  it('defaults to the country of the domain, its languages plus English, and the first local language', () => {
    expect(loadClientConfig({}, 'retail-banking-ee')).toEqual({
      businessDomain: 'retail-banking-ee',
      countryCode: 'EE',
      allowedLocales: ['et', 'ru', 'en'],
      defaultLocale: 'et',
      captcha: { enabled: false, siteKey: null },
      fallbackLoanApplicationUrl: null,
      selfServiceUrl: null,
      mode: 'demonstration',
      session: { warningSeconds: 120 },
      // The footer's contacts of this country, in its languages only (the app carries no table of them).
      contacts: { et: CONTACTS.EE.et, ru: CONTACTS.EE.ru, en: CONTACTS.EE.en },
    });
    expect(loadClientConfig({}, 'retail-banking-lt').allowedLocales).toEqual(['lt', 'en']);
    expect(loadClientConfig({}, 'retail-banking-lv')).toMatchObject({ countryCode: 'LV', defaultLocale: 'lv', allowedLocales: ['lv', 'ru', 'en'] });
  });

  it('keeps the fallback loan application URL for Estonian retail only (section 4)', () => {
    const env = { FALLBACK_LOAN_APPLICATION_URL: 'https://loans.example/apply' };
    expect(loadClientConfig(env, 'retail-banking-ee').fallbackLoanApplicationUrl).toBe('https://loans.example/apply');
    expect(loadClientConfig(env, 'retail-banking-lv').fallbackLoanApplicationUrl).toBeNull();
  });

  it('warns 2 minutes before the session ends by default, or as configured (issue 3)', () => {
    expect(loadClientConfig({ SESSION_WARNING_SECONDS: '60' }, 'retail-banking-ee').session).toEqual({ warningSeconds: 60 });
    expect(loadClientConfig({ SESSION_TTL_SECONDS: '40', SESSION_WARNING_SECONDS: '30' }, 'retail-banking-ee').session).toEqual({ warningSeconds: 30 });
    // A session shorter than 4 minutes is warned for half its length by default.
    expect(loadClientConfig({ SESSION_TTL_SECONDS: '60' }, 'retail-banking-ee').session).toEqual({ warningSeconds: 30 });
  });

  it.each([
    [{ ALLOWED_LANGUAGES: 'et,lv' }, 'ALLOWED_LANGUAGES'],
    [{ ALLOWED_LANGUAGES: 'xx' }, 'ALLOWED_LANGUAGES'],
    [{ ALLOWED_LANGUAGES: 'et', DEFAULT_LANGUAGE: 'ru' }, 'DEFAULT_LANGUAGE'],
    [{ COUNTRY_CODE: 'FI' }, 'COUNTRY_CODE'],
    [{ COUNTRY_CODE: 'LV' }, 'COUNTRY_CODE'],
    [{ CAPTCHA_ENABLED: 'true', CAPTCHA_VERIFY_URL: 'https://captcha.example/siteverify' }, 'CAPTCHA_SITE_KEY'],
    [{ CAPTCHA_ENABLED: 'yes' }, 'CAPTCHA_ENABLED'],
    [{ SELF_SERVICE_URL: 'not a url' }, 'SELF_SERVICE_URL'],
    [{ SESSION_WARNING_SECONDS: '19' }, 'SESSION_WARNING_SECONDS'],
    [{ SESSION_WARNING_SECONDS: '1.5' }, 'SESSION_WARNING_SECONDS'],
    [{ SESSION_TTL_SECONDS: '60', SESSION_WARNING_SECONDS: '60' }, 'SESSION_WARNING_SECONDS'],
  ])('refuses %o, naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: ${variable}`));
  });
});

describe('GET /api/v1/runtime-config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ BUSINESS_DOMAIN: 'retail-banking-lv', ALLOWED_LANGUAGES: 'lv,ru', SELF_SERVICE_URL: 'https://bank.example/self' });
  });
  afterAll(() => t.database.dispose());

  it('answers what the server was configured with', async () => {
    const reply = await t.client().get<{ data: unknown }>('/api/v1/runtime-config');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      businessDomain: 'retail-banking-lv',
      countryCode: 'LV',
      allowedLocales: ['lv', 'ru'],
      defaultLocale: 'lv',
      captcha: { enabled: false, siteKey: null },
      fallbackLoanApplicationUrl: null,
      selfServiceUrl: 'https://bank.example/self',
      mode: 'test',
      session: { warningSeconds: 120 },
      // Issue 8: the first task comes from the server's process, not from a copy in the client.
      firstTaskDefinitionKey: 'createApplicationStep',
      features: expect.objectContaining({ incomeFromAbroad: false, realEstateInHousingFlow: false }),
      // Issue 21: what the app may offer (every party simulated here) and where the simulators are.
      providers: { smartId: true, mobileId: true, eparaksts: true, bankPayment: ['PARXLV22', 'RIKOLV2X', 'UNLALV2X', 'HABALV22'], openBanking: true, remoteIdentification: true, login: true },
      simulatorsUrl: t.simulators.origin,
      contacts: { lv: CONTACTS.LV.lv, ru: CONTACTS.LV.ru },
      // Issue 25 (decision 187): no parent page may embed this one (ALLOWED_ORIGINS is empty).
      embedding: { parentOrigins: [] },
    });
  });

  it('names businessData as corporate banking’s first task (issue 24)', async () => {
    const corporate = t.withEnv({ BUSINESS_DOMAIN: 'corporate-banking', ALLOWED_LANGUAGES: undefined });
    const reply = await corporate.client().get<{ data: { firstTaskDefinitionKey: unknown } }>('/api/v1/runtime-config');
    expect(reply.body.data.firstTaskDefinitionKey).toBe('businessData');
  });
});
