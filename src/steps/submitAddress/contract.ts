/**
 * SubmitAddress (section 2): where the person lives and, when it differs, where letters go. One
 * field table for the form and the server (core/contract); decision 114.
 */
import * as v from 'valibot';
import { askedWhen, choice, fixed, flag, text } from '../../../core/contract/fields';
import { defineStepContract } from '../../../core/contract/step-contract';
import { stepPersonRole } from '../../../core/domain/applicant';
import { countryOfDomain, type CountryCode } from '../../../core/domain/business-domains';
import { ISO_COUNTRY_CODES } from '../../../core/domain/countries';
import { addressLineSchema, isAddressText } from '../../../core/validation/general/address';
import { firstFailing, optionalTrimmedString, skipWhenEmpty } from '../../../core/validation/general/rules';
import { isEstonianPostalAddress } from '../../../core/validation/estonia/text-rules';
import { isLatvianAddress } from '../../../core/validation/latvia/address';
import { postalCodeSchema, postalCodeWireSchema } from '../../../core/validation/general/postal-code';
import { MESSAGES } from '../../../core/validation/messages';

/**
 * Section 5: the address characters of the country served: Estonia's postal address characters,
 * Latvia's address characters, elsewhere the general address check.
 */
const ADDRESS_CHARACTERS: Record<CountryCode, (text: string) => boolean> = {
  EE: isEstonianPostalAddress,
  LV: isLatvianAddress,
  LT: isAddressText,
};

/** An optional address part ('' when left empty) of `min` to `max` characters, in the country's address characters. */
function optionalAddressPart(country: CountryCode, bounds: { min: 1 | 2; max: 200 | 256 }): v.GenericSchema<string, string> {
  const lengthMessage = bounds.min === 1 ? MESSAGES.textLength1To256 : MESSAGES.textLength2To200;
  // A text field always holds a string: only the optional rule's string input is used.
  return v.pipe(
    optionalTrimmedString(),
    firstFailing<string>(
      skipWhenEmpty([
        [(text) => text.length >= bounds.min && text.length <= bounds.max, lengthMessage],
        [ADDRESS_CHARACTERS[country], MESSAGES.addressInvalidCharacters],
      ]),
    ),
  ) as v.GenericSchema<string, string>;
}

/** The fields of one address, at `at` (section 3 names no address structure: decision 114). */
function addressFields(at: string, country: CountryCode, countryName: 'country' | 'correspondenceCountry') {
  const line = addressLineSchema(ADDRESS_CHARACTERS[country]);
  return {
    street: text(`${at}.street`, line),
    apartment: text(`${at}.apartment`, optionalAddressPart(country, { min: 1, max: 256 })),
    city: text(`${at}.city`, line),
    county: text(`${at}.county`, optionalAddressPart(country, { min: 2, max: 200 })),
    // The country before the postal code: the code is read in the form of the country chosen (decision 193).
    country: choice(`${at}.country`, ISO_COUNTRY_CODES),
    postalCode: postalCodeField(`${at}.postalCode`, countryName),
  };
}

/**
 * The postal code, read and checked in the form of the address's country (decision 193: LV-1010,
 * LT-01103, 10117), from the country chosen before it (`countryName`, a field of the table).
 */
function postalCodeField(path: string, countryName: string) {
  const rules = (values: Readonly<Record<string, unknown>>) => {
    const chosen = values[countryName];
    const country = typeof chosen === 'string' ? chosen : undefined;
    return { read: () => postalCodeSchema(country), wire: postalCodeWireSchema(country) };
  };
  return { ...text(path, postalCodeSchema(undefined)), wire: postalCodeWireSchema(undefined), given: rules };
}

const EXAMPLE_ADDRESSES = {
  EE: { street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: 'Harju maakond', postalCode: '10117', country: 'EE' },
  LV: { street: 'Brīvības iela 21', apartment: '4', city: 'Rīga', county: '', postalCode: 'lv 1010', country: 'LV' },
  LT: { street: 'Gedimino pr. 9', apartment: '', city: 'Vilnius', county: 'Vilniaus miesto savivaldybė', postalCode: 'LT-01103', country: 'LT' },
} as const;

export default defineStepContract({
  fields: (context) => {
    const country = countryOfDomain(context.domain);
    const declared = 'personUpdates.0.declaredData';
    const home = addressFields(`${declared}.address`, country, 'country');
    const letters = addressFields(`${declared}.correspondenceAddress`, country, 'correspondenceCountry');
    const different = (values: Readonly<Record<string, unknown>>) => values['correspondenceDifferent'] === true;
    return {
      role: fixed('personUpdates.0.role', stepPersonRole(context.role)),
      ...home,
      correspondenceDifferent: flag(`${declared}.correspondenceAddressDifferent`),
      correspondenceStreet: askedWhen(letters.street, different),
      correspondenceApartment: askedWhen(letters.apartment, different),
      correspondenceCity: askedWhen(letters.city, different),
      correspondenceCounty: askedWhen(letters.county, different),
      correspondenceCountry: askedWhen(letters.country, different),
      correspondencePostalCode: askedWhen(letters.postalCode, different),
    };
  },
  // The country served is the likeliest country of both addresses.
  initial: ({ domain }) => ({ country: countryOfDomain(domain), correspondenceCountry: countryOfDomain(domain) }),
  example: ({ domain }) => {
    const home = EXAMPLE_ADDRESSES[countryOfDomain(domain)];
    return {
      ...home,
      correspondenceDifferent: true,
      correspondenceStreet: 'Mannerheimintie 10',
      correspondenceApartment: 'B 7',
      correspondenceCity: 'Helsinki',
      correspondenceCounty: '',
      correspondencePostalCode: '00100',
      correspondenceCountry: 'FI',
    };
  },
});
