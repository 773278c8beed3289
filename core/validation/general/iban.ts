import * as v from 'valibot';
import { isValidIBAN } from 'ibantools';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import type { MessageKey } from '../messages';
import { electronicIban } from '../format/iban';
import { firstFailing } from './rules';
import type { Rule } from './rules';

/**
 * Generic IBAN validity: the country's length and BBAN structure and the mod-97 check pair,
 * plus national checks where ibantools has them (Estonia's 7-3-1 digit).
 * docs/decisions/011-ibantools.md says why the library.
 */
export function isValidIban(text: string): boolean {
  return isValidIBAN(electronicIban(text));
}

const COUNTRY_MESSAGE: Record<CountryCode, MessageKey> = {
  LV: MESSAGES.ibanNotLatvian,
  EE: MESSAGES.ibanNotEstonian,
  LT: MESSAGES.ibanNotLithuanian,
};

export interface IbanSchemaOptions {
  /**
   * Section 5: Latvian starts with LV, Estonian with EE, corporate by prefix EE, LT or LV.
   * Omitted: any country.
   */
  countries?: readonly CountryCode[];
}

function countryMessage(countries: readonly CountryCode[]): MessageKey {
  const [only] = countries;
  return countries.length === 1 && only ? COUNTRY_MESSAGE[only] : MESSAGES.ibanNotBaltic;
}

/** IBAN (section 5, General): required, trimmed, valid; output in electronic form (no spaces). */
export function ibanSchema(options: IbanSchemaOptions = {}) {
  const rules: Rule<string>[] = [[isValidIban, MESSAGES.ibanInvalid]];
  const { countries } = options;
  if (countries) {
    rules.push([(iban) => countries.some((country) => iban.startsWith(country)), countryMessage(countries)]);
  }
  return v.pipe(
    v.string(MESSAGES.required),
    v.transform(electronicIban),
    v.nonEmpty(MESSAGES.required),
    firstFailing<string>(rules),
  );
}

/** Section 5: Latvian IBAN. */
export const latvianIbanSchema = () => ibanSchema({ countries: ['LV'] });
/** Lithuanian IBAN: the Lithuanian retail reading of section 5's country rule (docs/decisions/117). */
export const lithuanianIbanSchema = () => ibanSchema({ countries: ['LT'] });
/** Section 5: Estonian IBAN. */
export const estonianIbanSchema = () => ibanSchema({ countries: ['EE'] });
/** Section 5: corporate IBAN, by country prefix EE, LT or LV. */
export const corporateIbanSchema = () => ibanSchema({ countries: ['EE', 'LT', 'LV'] });
/** Section 5: payout IBAN: required, a valid IBAN plus the Estonian check. */
export const payoutIbanSchema = () => ibanSchema({ countries: ['EE'] });
