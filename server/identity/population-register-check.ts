/**
 * The population register behind the personal-code server check (section 5; issue 24 item 3;
 * docs/decisions/186-population-register.md). The local rules (format, date, check digit) come
 * first and are the shared library's; the register then says what no client can: whether a person
 * with the code is registered and alive, and, for SubmitPersonalInfo's registry check, their name.
 */
import type { CountryCode } from '../../core/domain/business-domains';
import { normalisePersonalCode } from '../../core/validation/personal-code';
import { ProviderError } from '../providers/provider-http';
import type { PopulationRegister, RegisteredPerson } from '../providers/population-register/population-register.adapter';
import { POPULATION_REGISTER_PROVIDER } from '../providers/population-register/population-register.adapter';

export type RegisterVerdict =
  /** A living person with the code. */
  | { kind: 'registered'; person: RegisteredPerson }
  /** Nobody with the code, or a deceased person: the same verdict, so the check tells nobody which. */
  | { kind: 'not-registered' }
  /** The register did not answer as it should, or none is configured (production): section 8 treats it as invalid. */
  | { kind: 'unavailable'; error: ProviderError };

/** Asks the register about a code that already passed the local rules. Never throws for the register's faults. */
export async function checkInPopulationRegister(register: PopulationRegister | null, country: CountryCode, personalCode: string): Promise<RegisterVerdict> {
  if (!register) return { kind: 'unavailable', error: new ProviderError(POPULATION_REGISTER_PROVIDER, 'unreachable', 'is not configured (POPULATION_REGISTER_URL)') };
  try {
    const person = await register.findPerson(country, normalisePersonalCode(country, personalCode));
    return person && person.alive ? { kind: 'registered', person } : { kind: 'not-registered' };
  } catch (error) {
    if (error instanceof ProviderError) return { kind: 'unavailable', error };
    throw error;
  }
}

/** Letters without diacritics that Unicode does not decompose (ł, ø...): folded by hand. */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/**
 * A name as it is compared with the register's (decision 186): case, diacritics (Bērziņa and
 * Berzina are one name typed on two keyboards), and the separators between parts (hyphens,
 * apostrophes, dots and spaces, however many) do not count; letters do.
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđßæœı]/g, (letter) => UNDECOMPOSED[letter] ?? letter)
    .replace(/[\s\p{Pd}'’‘`.]+/gu, ' ')
    .trim();
}

/**
 * Whether a declared name is the register's (decision 186): the surname in full; the first name in
 * full, or the register's first given name alone (someone called Anna Marija who writes Anna).
 * A register that discloses no name (null) has nothing to compare with: it matches.
 */
export function nameMatchesRegister(declared: { firstName: string; surname: string }, registered: Pick<RegisteredPerson, 'firstName' | 'surname'>): boolean {
  if (registered.surname !== null && comparableName(declared.surname) !== comparableName(registered.surname)) return false;
  if (registered.firstName === null) return true;
  const given = comparableName(declared.firstName);
  const names = comparableName(registered.firstName);
  return given === names || given === names.split(' ')[0];
}
