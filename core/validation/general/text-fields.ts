import * as v from 'valibot';
import { MESSAGES } from '../messages';
import type { MessageKey } from '../messages';
import { allowedCharacters } from './alphabets';
import { firstFailing, optionalTrimmedString, requiredTrimmedString, skipWhenEmpty } from './rules';

/** Section 9: the text limits 200, 256, 512, 1024. */
export const TEXT_LIMITS = { address: 200, name: 256, description: 512, longText: 1024 } as const;

const LENGTH_MESSAGES: Record<string, MessageKey> = {
  '1-256': MESSAGES.textLength1To256,
  '2-200': MESSAGES.textLength2To200,
  '2-256': MESSAGES.textLength2To256,
  '2-512': MESSAGES.textLength2To512,
  '2-1024': MESSAGES.textLength2To1024,
};

export type TextBounds = { min: 1 | 2; max: 200 | 256 | 512 | 1024 };

export function lengthMessage(bounds: TextBounds): MessageKey {
  return LENGTH_MESSAGES[`${bounds.min}-${bounds.max}`] ?? MESSAGES.textLength2To256;
}

/** A required, trimmed text of min..max characters. */
export function requiredTextSchema(bounds: TextBounds) {
  return v.pipe(
    requiredTrimmedString(),
    firstFailing<string>([[(text) => text.length >= bounds.min && text.length <= bounds.max, lengthMessage(bounds)]]),
  );
}

/** An optional, trimmed text: missing or blank gives ''; otherwise min..max characters. */
export function optionalTextSchema(bounds: TextBounds) {
  return v.pipe(
    optionalTrimmedString(),
    firstFailing<string>(skipWhenEmpty([[(text) => text.length >= bounds.min && text.length <= bounds.max, lengthMessage(bounds)]])),
  );
}

/** Section 5: business name, required, 2 to 256. */
export const businessNameSchema = () => requiredTextSchema({ min: 2, max: 256 });
/** Section 5: registration code, required, 2 to 256. */
export const registrationCodeSchema = () => requiredTextSchema({ min: 2, max: 256 });
/** Section 5: creditor name, required, 2 to 256. */
export const creditorNameSchema = () => requiredTextSchema({ min: 2, max: 256 });

/**
 * Section 5: seller name, 2 to 256, valid characters. Not marked required in the spec: it is
 * prefilled from seller_business_name and may be blank.
 */
export function sellerNameSchema() {
  return v.pipe(optionalTextSchema({ min: 2, max: 256 }), allowedCharacters(['international']));
}

/** Section 5: additional info text, optional, 2 to 1024. */
export const additionalInfoTextSchema = () => optionalTextSchema({ min: 2, max: 1024 });
/** Section 5: description, 2 to 512 (optional: the spec does not mark it required). */
export const descriptionSchema = () => optionalTextSchema({ min: 2, max: 512 });
/** Section 5: loan purpose text, required, 2 to 1024. */
export const loanPurposeTextSchema = () => requiredTextSchema({ min: 2, max: 1024 });
