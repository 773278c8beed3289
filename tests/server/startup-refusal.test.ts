import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadClientConfig } from '../../server/client-config';
import { CONTACTS, missingContactFields, type ContactTable } from '../../src/domain/contacts';
import { DEFAULT_PRODUCT } from '../../src/domain/products';
import { REPO_ROOT } from '../support/e2e-server';

/**
 * Issue 3: start-up refuses each kind of bad configuration with a message naming what is wrong.
 * What the environment can get wrong is run for real (`node --import tsx server/main.ts`); what
 * lives in code tables (contacts, default products) is checked by the same function with a broken
 * table handed in, since no environment can break them.
 */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      // PORT 0 and a data dir that is never opened: the configuration is refused before either.
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/nonexistent/solis-startup-test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop within 20 s:\n${output}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up refuses bad configuration (node server/main.ts)', () => {
  it.each([
    [{ BUSINESS_DOMAIN: 'retail-banking-fi' }, /Invalid configuration: BUSINESS_DOMAIN is "retail-banking-fi"; allowed values: corporate-banking, retail-banking-ee/],
    [{ BUSINESS_DOMAIN: 'retail-banking-lt', ALLOWED_LANGUAGES: 'lt,ru' }, /Invalid configuration: ALLOWED_LANGUAGES contains "ru"; LT offers lt, en/],
    [{ BUSINESS_DOMAIN: 'retail-banking-lv', DEFAULT_LANGUAGE: 'et' }, /Invalid configuration: DEFAULT_LANGUAGE is "et"/],
    [{ COUNTRY_CODE: 'LV' }, /Invalid configuration: COUNTRY_CODE is "LV", but retail-banking-ee serves EE/],
  ])('%o stops with exit code 1 and names the variable', async (env, message) => {
    const { code, output } = await startServer(env);
    expect(code).toBe(1);
    expect(output).toMatch(message);
    expect(output).not.toContain('Solis is serving');
  });
});

describe('start-up checks of the code tables', () => {
  it('refuses a language offered without its contact details, naming country, language and fields', () => {
    const withoutRussian: ContactTable = { ...CONTACTS, LV: { lv: CONTACTS.LV.lv, en: CONTACTS.LV.en } };
    expect(() => loadClientConfig({}, 'retail-banking-lv', { contacts: withoutRussian })).toThrow(
      'Invalid configuration: ALLOWED_LANGUAGES offers a language without its contact details (src/domain/contacts.ts): LV/ru has no contact details.',
    );
    const emptyPhone: ContactTable = { ...CONTACTS, EE: { ...CONTACTS.EE, et: { ...CONTACTS.EE.et!, phone: ' ', cookiePolicyUrl: '' } } };
    expect(() => loadClientConfig({}, 'retail-banking-ee', { contacts: emptyPhone })).toThrow(/EE\/et lacks phone, cookiePolicyUrl/);
    // Restricting the languages to those with details is a valid configuration.
    expect(loadClientConfig({ ALLOWED_LANGUAGES: 'lv,en' }, 'retail-banking-lv', { contacts: withoutRussian }).allowedLocales).toEqual(['lv', 'en']);
  });

  it('refuses a domain whose default product is missing from its catalogue', () => {
    expect(() => loadClientConfig({}, 'corporate-banking', { defaultProduct: { ...DEFAULT_PRODUCT, 'corporate-banking': 'CREDIT_LINE' } })).toThrow(
      'Invalid configuration: BUSINESS_DOMAIN "corporate-banking" has no default product CREDIT_LINE in its catalogue.',
    );
  });

  it('has contact details for every language every domain offers', () => {
    for (const [country, locales] of [['EE', ['et', 'ru', 'en']], ['LV', ['lv', 'ru', 'en']], ['LT', ['lt', 'en']]] as const) {
      expect(missingContactFields(CONTACTS, country, locales)).toEqual([]);
    }
    for (const domain of ['retail-banking-ee', 'retail-banking-lv', 'retail-banking-lt', 'corporate-banking'] as const) {
      expect(() => loadClientConfig({}, domain)).not.toThrow();
    }
  });
});
