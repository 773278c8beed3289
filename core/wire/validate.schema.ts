import * as v from 'valibot';
import { MESSAGES } from '../validation/messages';

/**
 * POST /api/v1/validate/personalCode (section 7). The country defaults to the server's configured
 * one. The length cap only bounds the work a request can ask for: the longest code people type
 * (Latvian, with a hyphen and a few spaces) is far shorter.
 */
export const PERSONAL_CODE_CHECK_MAX_LENGTH = 64;

export const PersonalCodeCheckRequestSchema = v.object({
  personalCode: v.pipe(v.string(MESSAGES.required), v.maxLength(PERSONAL_CODE_CHECK_MAX_LENGTH, MESSAGES.personalCodeInvalid)),
  countryCode: v.optional(v.picklist(['EE', 'LV', 'LT'] as const, MESSAGES.choiceInvalid)),
  // The object's message is also the one for a missing key: no code given is "required".
}, MESSAGES.required);
export type PersonalCodeCheckRequest = v.InferOutput<typeof PersonalCodeCheckRequestSchema>;

/** The answer carries the verdict only, never the code it was asked about. */
export const PersonalCodeCheckResponseSchema = v.object({ valid: v.boolean() });
export type PersonalCodeCheckResponse = v.InferOutput<typeof PersonalCodeCheckResponseSchema>;
