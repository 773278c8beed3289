import * as v from 'valibot';
import { MESSAGES } from '../messages';
import { firstFailing, requiredTrimmedString } from './rules';

/** Section 5: taxpayer identification number: 1 to 25 digits, not counting hyphens. */
export const TAXPAYER_NUMBER_MAX_DIGITS = 25;

export function isTaxpayerIdentificationNumber(text: string): boolean {
  if (!/^[\d-]+$/.test(text)) return false;
  const digits = text.replace(/-/g, '').length;
  return digits >= 1 && digits <= TAXPAYER_NUMBER_MAX_DIGITS;
}

/** Section 5: required; digits and hyphens only; 1 to 25 digits excluding hyphens. */
export function taxpayerIdentificationNumberSchema() {
  return v.pipe(
    requiredTrimmedString(),
    firstFailing<string>([[isTaxpayerIdentificationNumber, MESSAGES.taxpayerNumberInvalid]]),
  );
}
