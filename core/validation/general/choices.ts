import * as v from 'valibot';
import { MESSAGES } from '../messages';

/**
 * A required select (section 5: industry code, planned monthly turnover, country code, income
 * from abroad, offer type, asset condition; corporate lease type, VAT payment method, liability
 * and collateral type): nothing chosen gives the required key, an unknown value choiceInvalid.
 */
export function requiredChoiceSchema<const T extends readonly [string, ...string[]]>(options: T) {
  return v.pipe(
    v.string(MESSAGES.required),
    v.nonEmpty(MESSAGES.required),
    v.picklist(options, MESSAGES.choiceInvalid),
  );
}

/** A required yes/no (has-liabilities, income from abroad): a boolean must be chosen. */
export function requiredYesNoSchema() {
  return v.boolean(MESSAGES.required);
}

/** Section 3: industry codes A to U. */
export const INDUSTRY_CODES = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U',
] as const;
/** Section 3: planned monthly turnover ranges. */
export const PLANNED_MONTHLY_TURNOVER = ['0-1000', '1001-2500', '2501-5000', '5001-15000', '15001+'] as const;
/** Section 3: asset condition. */
export const ASSET_CONDITIONS = ['NEW', 'USED', 'RENOVATED', 'NOT_RENOVATED'] as const;
/** Section 3: the personal offer types. */
export const OFFER_TYPES = ['indicative', 'final'] as const;

export const industryCodeSchema = () => requiredChoiceSchema(INDUSTRY_CODES);
export const plannedMonthlyTurnoverSchema = () => requiredChoiceSchema(PLANNED_MONTHLY_TURNOVER);
export const assetConditionSchema = () => requiredChoiceSchema(ASSET_CONDITIONS);
export const offerTypeSchema = () => requiredChoiceSchema(OFFER_TYPES);
export const incomeFromAbroadSchema = () => requiredYesNoSchema();
export const countryCodeSchema = <const T extends readonly [string, ...string[]]>(countries: T) => requiredChoiceSchema(countries);
