import * as v from 'valibot';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import { UNKNOWN_COUNTRY_CODE, sortByTranslatedLabel } from './countries';
import type { CountryOption } from './countries';
import { taxpayerIdentificationNumberSchema } from './taxpayer-number';
import { listItemPath } from './rules';

/** Section 9: tax residencies max 3. */
export const TAX_RESIDENCY_MAX_ROWS = 3;

export interface TaxResidencyRow {
  taxResidencyCountryCode: string;
  taxPayerCode?: string;
}

/**
 * Section 5: the first row is fixed: USA with US citizenship, otherwise the local country
 * (Estonia in the spec's Estonian flow; generalised to the domain's country).
 */
export function firstTaxResidencyCountry(citizenships: readonly string[], localCountry: CountryCode): string {
  return citizenships.includes('US') ? 'US' : localCountry;
}

/** Section 5: the payer code is asked when the residency is not the local country. */
export function isTaxPayerCodeRequired(countryCode: string, localCountry: CountryCode): boolean {
  return countryCode !== '' && countryCode !== localCountry;
}

/**
 * Section 5: the options of one row: countries chosen in other rows and the unknown country
 * excluded, sorted by translated text.
 */
export function taxResidencyCountryOptions(
  allCountries: readonly CountryOption[],
  chosenInOtherRows: readonly string[],
  localeTag: string,
): CountryOption[] {
  const available = allCountries.filter(
    (option) => option.code !== UNKNOWN_COUNTRY_CODE && !chosenInOtherRows.includes(option.code),
  );
  return sortByTranslatedLabel(available, localeTag);
}

/** Section 5: more rows may be added while fewer than 3 exist. */
export function canAddTaxResidencyRow(rowCount: number): boolean {
  return rowCount < TAX_RESIDENCY_MAX_ROWS;
}

export interface TaxResidencySchemaOptions {
  localCountry: CountryCode;
  /** The fixed first country (firstTaxResidencyCountry). */
  firstCountry: string;
}

/**
 * Section 5 (tax residency): 1 to 3 rows; the first row's country fixed; country required and
 * not the unknown one; the payer code required (1-25 digits) when not local; no duplicates.
 */
export function taxResidencySchema(options: TaxResidencySchemaOptions) {
  const taxpayerNumber = taxpayerIdentificationNumberSchema();
  const row = v.pipe(
    v.object({
      taxResidencyCountryCode: v.pipe(
        v.string(MESSAGES.required),
        v.nonEmpty(MESSAGES.required),
        v.notValue(UNKNOWN_COUNTRY_CODE, MESSAGES.choiceInvalid),
      ),
      taxPayerCode: v.optional(v.string(MESSAGES.required), ''),
    }, MESSAGES.required),
    // A check, not a partialCheck: it needs both fields of the row, so it waits for both to be typed.
    v.forward(
      v.check(
        (r) =>
          !isTaxPayerCodeRequired(r.taxResidencyCountryCode, options.localCountry) ||
          v.is(taxpayerNumber, r.taxPayerCode),
        MESSAGES.taxpayerNumberInvalid,
      ),
      ['taxPayerCode'],
    ),
  );
  return v.pipe(
    v.array(row, MESSAGES.required),
    v.minLength(1, MESSAGES.required),
    v.maxLength(TAX_RESIDENCY_MAX_ROWS, MESSAGES.taxResidencyTooMany),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const rows = dataset.value;
      if (rows[0] && rows[0].taxResidencyCountryCode !== options.firstCountry) {
        addIssue({ message: MESSAGES.taxResidencyFirstFixed, path: listItemPath(rows, 0, 'taxResidencyCountryCode') });
      }
      rows.forEach((r, index) => {
        const earlier = rows.slice(0, index).some((other) => other.taxResidencyCountryCode === r.taxResidencyCountryCode);
        if (earlier) addIssue({ message: MESSAGES.taxResidencyDuplicate, path: listItemPath(rows, index, 'taxResidencyCountryCode') });
      });
    }),
  );
}
