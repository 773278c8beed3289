import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { isCountryCode, type CountryCode } from '../../../core/domain/business-domains';
import { INDUSTRY_CODES } from '../../../core/validation/general/choices';
import { simulatorPage, type Simulator } from '../simulator-host';
import { BUSINESS_REGISTER_PROVIDER, type RegisteredCompany } from './business-register.adapter';

/**
 * The business register, simulated (issue 24; docs/providers/business-register.md). It answers the
 * register's company API with a few seeded companies per country, one of each country in
 * liquidation and one deleted, and any other well-formed code with a deterministic active company
 * (its name, legal form and industry made from the code), so a demonstration and a test can use any
 * plausible code. Not in the register: a code that is not well-formed for the country (Estonia 8
 * digits, Latvia 11 digits, Lithuania 9 digits) and any code ending in 0000.
 */
export const BUSINESS_REGISTER_SIMULATOR = BUSINESS_REGISTER_PROVIDER;

const company = (countryCode: CountryCode, registrationCode: string, name: string, legalForm: string, industryCode: string, status: RegisteredCompany['status'] = 'ACTIVE'): RegisteredCompany => ({
  countryCode,
  registrationCode,
  name,
  legalForm,
  industryCode,
  status,
});

/** The seeded companies (docs/providers/business-register.md lists them for testers). */
export const SEEDED_COMPANIES: readonly RegisteredCompany[] = [
  company('EE', '10137319', 'Päikese Pagarid OÜ', 'OÜ', 'C'),
  company('EE', '11223344', 'Tallinna Puit AS', 'AS', 'A'),
  company('EE', '12345678', 'Rannaküla Ehitus OÜ', 'OÜ', 'F', 'IN_LIQUIDATION'),
  company('EE', '14999999', 'Vana Kaubamaja OÜ', 'OÜ', 'G', 'DELETED'),
  company('LV', '40103111111', 'Rīgas Maiznīca SIA', 'SIA', 'C'),
  company('LV', '40003222222', 'Daugavas Loģistika AS', 'AS', 'H'),
  company('LV', '40103999999', 'Vecā Darbnīca SIA', 'SIA', 'F', 'IN_LIQUIDATION'),
  company('LT', '300111111', 'Vilniaus Duona UAB', 'UAB', 'C'),
  company('LT', '302222222', 'Kauno Transportas AB', 'AB', 'H'),
  company('LT', '303999999', 'Senoji Dirbtuvė UAB', 'UAB', 'F', 'IN_LIQUIDATION'),
];

const WELL_FORMED: Record<CountryCode, RegExp> = { EE: /^[1-9]\d{7}$/, LV: /^[4-5]\d{10}$/, LT: /^[1-3]\d{8}$/ };
const LEGAL_FORMS: Record<CountryCode, readonly string[]> = { EE: ['OÜ', 'AS'], LV: ['SIA', 'AS'], LT: ['UAB', 'AB'] };
const NAME_WORDS = ['Aurora', 'Baltic', 'Cedar', 'Delta', 'Ember', 'Fjord', 'Granite', 'Harbour', 'Iris', 'Juniper', 'Kestrel', 'Linden'];
const TRADE_WORDS = ['Trade', 'Works', 'Logistics', 'Foods', 'Build', 'Studio', 'Systems', 'Farm'];

/** What the register answers for a code: a seeded company, a made-up active one, or none. */
export function simulatedCompany(country: CountryCode, registrationCode: string): RegisteredCompany | null {
  const code = registrationCode.trim();
  const seeded = SEEDED_COMPANIES.find((item) => item.countryCode === country && item.registrationCode === code);
  if (seeded) return seeded;
  if (!WELL_FORMED[country].test(code) || code.endsWith('0000')) return null;
  const digest = createHash('sha256').update(`${country}:${code}`).digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[digest[byte]! % list.length]!;
  const legalForm = pick(LEGAL_FORMS[country], 0);
  return company(country, code, `${pick(NAME_WORDS, 1)} ${pick(TRADE_WORDS, 2)} ${legalForm}`, legalForm, pick(INDUSTRY_CODES, 3));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function createBusinessRegisterSimulator(): Simulator {
  const routes = new Hono();
  routes.get('/v1/companies/:country/:code', (c) => {
    const country = c.req.param('country').toUpperCase();
    const found = isCountryCode(country) ? simulatedCompany(country, c.req.param('code')) : null;
    return found ? c.json(found) : c.json({ error: 'COMPANY_NOT_FOUND' }, 404);
  });
  routes.get('/', () => {
    const rows = SEEDED_COMPANIES.map(
      (item) => `<tr><td>${item.countryCode}</td><td>${escapeHtml(item.registrationCode)}</td><td>${escapeHtml(item.name)}</td><td>${item.industryCode ?? ''}</td><td>${item.status}</td></tr>`,
    ).join('');
    return simulatorPage(
      'Business register (simulated)',
      `<p>Companies answered by <code>GET /v1/companies/{country}/{code}</code>. Any other well-formed code (Estonia 8 digits, Latvia 11 digits starting 4 or 5, Lithuania 9 digits starting 1 to 3) is an active company made up from the code; a code ending in 0000 is not in the register.</p>
<table><caption>Seeded companies</caption><thead><tr><th scope="col">Country</th><th scope="col">Registration code</th><th scope="col">Name</th><th scope="col">Industry</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  });
  return { name: BUSINESS_REGISTER_SIMULATOR, title: 'Business register (company API v1)', routes };
}
