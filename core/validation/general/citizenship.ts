import * as v from 'valibot';
import type { CountryCode } from '../../domain/business-domains';
import { MESSAGES } from '../messages';
import { LATVIAN_NON_CITIZEN_CODE, UNKNOWN_COUNTRY_CODE } from './countries';

/** Section 5: the dual citizenship choices exclude the main one. */
export function dualCitizenshipOptions<T extends { code: string }>(options: readonly T[], mainCitizenship: string): T[] {
  return options.filter((option) => option.code !== mainCitizenship && option.code !== UNKNOWN_COUNTRY_CODE);
}

/** Section 5 (Latvia): the pair must not be LV and XA together. */
export function isLatviaAndNonCitizen(citizenships: readonly string[]): boolean {
  return citizenships.includes('LV') && citizenships.includes(LATVIAN_NON_CITIZEN_CODE);
}

/**
 * Citizenship (section 5): main required; dual optional (addDualCitizenship) and different
 * from the main one; in Latvia not LV together with XA. Output: the list of one or two codes.
 */
export function citizenshipSchema(country: CountryCode) {
  return v.pipe(
    v.object({
      citizenship: v.pipe(v.string(MESSAGES.required), v.nonEmpty(MESSAGES.required)),
      addDualCitizenship: v.optional(v.boolean(), false),
      dualCitizenship: v.optional(v.string(), ''),
    }, MESSAGES.required),
    // Runs even when the main citizenship is missing (a type issue: the dataset is untyped), so the
    // form reports both empty fields at once. The two checks below compare every field: `check`.
    v.forward(
      v.partialCheck(
        [['addDualCitizenship'], ['dualCitizenship']],
        (c) => !c.addDualCitizenship || c.dualCitizenship !== '',
        MESSAGES.required,
      ),
      ['dualCitizenship'],
    ),
    v.forward(
      v.check(
        (c) => !c.addDualCitizenship || c.dualCitizenship !== c.citizenship,
        MESSAGES.citizenshipDualSameAsMain,
      ),
      ['dualCitizenship'],
    ),
    v.forward(
      v.check(
        (c) => country !== 'LV' || !c.addDualCitizenship || !isLatviaAndNonCitizen([c.citizenship, c.dualCitizenship]),
        MESSAGES.citizenshipLatviaAndNonCitizen,
      ),
      ['dualCitizenship'],
    ),
    v.transform((c) => (c.addDualCitizenship && c.dualCitizenship ? [c.citizenship, c.dualCitizenship] : [c.citizenship])),
  );
}
