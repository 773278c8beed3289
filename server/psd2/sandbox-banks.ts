/**
 * The sandbox PSD2 aggregator's banks (issue 13; docs/decisions/153-open-banking.md): a few banks
 * per country with their real BICs (section 3 names the Latvian four), each person's accounts and
 * statements made up deterministically from the consent, as a provider's test environment does.
 */
import { createHash } from 'node:crypto';
import type { CountryCode } from '../../core/domain/business-domains';
import type { Institution } from '../../core/wire/open-banking.schema';

interface SandboxBank {
  id: string;
  name: string;
  bic: string;
  countryCode: CountryCode;
  /** The mark's colour, for the logo drawn here (the real banks' logos are theirs to give). */
  colour: string;
  /** The bank code of its IBANs (after the check digits). */
  bankCode: string;
}

export const SANDBOX_BANKS: readonly SandboxBank[] = [
  { id: 'CITADELE_LV', name: 'Citadele', bic: 'PARXLV22', countryCode: 'LV', colour: '#a3162f', bankCode: 'PARX' },
  { id: 'LUMINOR_LV', name: 'Luminor', bic: 'RIKOLV2X', countryCode: 'LV', colour: '#481335', bankCode: 'RIKO' },
  { id: 'SEB_LV', name: 'SEB', bic: 'UNLALV2X', countryCode: 'LV', colour: '#1a7a35', bankCode: 'UNLA' },
  { id: 'SWEDBANK_LV', name: 'Swedbank', bic: 'HABALV22', countryCode: 'LV', colour: '#b34a00', bankCode: 'HABA' },
  { id: 'SWEDBANK_EE', name: 'Swedbank', bic: 'HABAEE2X', countryCode: 'EE', colour: '#b34a00', bankCode: '22' },
  { id: 'SEB_EE', name: 'SEB', bic: 'EEUHEE2X', countryCode: 'EE', colour: '#1a7a35', bankCode: '10' },
  { id: 'LHV_EE', name: 'LHV', bic: 'LHVBEE22', countryCode: 'EE', colour: '#222222', bankCode: '77' },
  { id: 'LUMINOR_EE', name: 'Luminor', bic: 'RIKOEE22', countryCode: 'EE', colour: '#481335', bankCode: '96' },
  { id: 'COOP_EE', name: 'Coop Pank', bic: 'EKRDEE22', countryCode: 'EE', colour: '#0a5c8a', bankCode: '42' },
  { id: 'SWEDBANK_LT', name: 'Swedbank', bic: 'HABALT22', countryCode: 'LT', colour: '#b34a00', bankCode: '73000' },
  { id: 'SEB_LT', name: 'SEB', bic: 'CBVILT2X', countryCode: 'LT', colour: '#1a7a35', bankCode: '70440' },
  { id: 'LUMINOR_LT', name: 'Luminor', bic: 'AGBLLT2X', countryCode: 'LT', colour: '#481335', bankCode: '40100' },
  { id: 'SIAULIU_LT', name: 'Šiaulių bankas', bic: 'CBSBLT26', countryCode: 'LT', colour: '#7a1f1f', bankCode: '71800' },
  { id: 'CITADELE_LT', name: 'Citadele', bic: 'INDULT2X', countryCode: 'LT', colour: '#a3162f', bankCode: '72900' },
];

/** The bank's mark: its initials on its colour, as an SVG data URI (decorative beside its name). */
export function logoOf(bank: Pick<SandboxBank, 'name' | 'colour'>): string {
  const initials = bank.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="6" fill="${bank.colour}"/><text x="20" y="26" font-family="Arial,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

export function sandboxBank(id: string): SandboxBank | undefined {
  return SANDBOX_BANKS.find((bank) => bank.id === id);
}

export function banksOf(countryCode: CountryCode): SandboxBank[] {
  return SANDBOX_BANKS.filter((bank) => bank.countryCode === countryCode);
}

/** ISO 13616 check digits of an IBAN built from country and BBAN. */
function ibanOf(countryCode: string, bban: string): string {
  const rearranged = `${bban}${countryCode}00`.toUpperCase().replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${countryCode}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

function digitsOf(seed: string, length: number): string {
  const hash = createHash('sha256').update(seed).digest();
  return Array.from(hash.subarray(0, length), (byte) => String(byte % 10)).join('');
}

/** The person's accounts at the bank, the same for the same consent. */
export function accountsOf(bank: SandboxBank, seed: string): Institution['accounts'] {
  const bbanLength = { EE: 16, LV: 17, LT: 16 }[bank.countryCode];
  return [1, 2].map((n) => {
    const bban = `${bank.bankCode}${digitsOf(`${seed}:${n}`, bbanLength - bank.bankCode.length)}`;
    return { iban: ibanOf(bank.countryCode, bban), id: `${bank.id.toLowerCase()}-${n}` };
  });
}

export interface MonthlyStatement {
  accountId: string;
  month: string;
  incoming: number;
  outgoing: number;
}

/** The statements of the months asked (section 5: from 4 months back to last month), per account. */
export function statementsOf(accounts: Institution['accounts'], seed: string, today: Date): MonthlyStatement[] {
  const months = [4, 3, 2, 1].map((back) => {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    return date.toISOString().slice(0, 7);
  });
  return accounts.flatMap((account) =>
    months.map((month) => {
      const base = Number(digitsOf(`${seed}:${account.id}:${month}`, 3));
      return { accountId: account.id, month, incoming: 1200 + base, outgoing: 800 + Math.round(base / 2) };
    }),
  );
}

export function institutionOf(bank: SandboxBank, accounts: Institution['accounts'] = []): Institution {
  return { id: bank.id, name: bank.name, bic: bank.bic, countryCode: bank.countryCode, logo: logoOf(bank), accounts };
}
