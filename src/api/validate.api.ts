/**
 * Section 5 (Latvia) and 7: the personal code server check. Answers are cached per code for the
 * life of the page (a code's validity does not change while someone fills in a form, and the
 * endpoint is rate-limited); a failed call is not cached, so asking again really asks again.
 */
import type { CountryCode } from '../../core/domain/business-domains';
import { apiRequest } from './client';
import type { CallOptions } from './application.api';
import { PersonalCodeCheckResponseSchema, type PersonalCodeCheckResponse } from '../../core/wire/validate.schema';

/** Enough for every code one person types; the oldest answer is forgotten first. */
const CACHE_LIMIT = 50;
const answers = new Map<string, PersonalCodeCheckResponse>();

const cacheKey = (code: string, countryCode: CountryCode | undefined) => `${countryCode ?? ''}:${code}`;

export interface PersonalCodeCheckOptions extends CallOptions {
  /** Defaults to the server's configured country. */
  countryCode?: CountryCode;
}

/**
 * POST /api/v1/validate/personalCode. Resolves `{ valid }` (from the cache when this code was
 * answered before); throws the client's `ApiError` on any failure (network, 429, 5xx, timeout).
 * Not retried by the client: each attempt spends the session's allowance, and the applicant
 * decides when to ask again.
 */
export async function checkPersonalCodeOnServer(code: string, options: PersonalCodeCheckOptions = {}): Promise<PersonalCodeCheckResponse> {
  const key = cacheKey(code, options.countryCode);
  const cached = answers.get(key);
  if (cached) return cached;
  const answer = await apiRequest('validate/personalCode', {
    method: 'POST',
    body: options.countryCode ? { personalCode: code, countryCode: options.countryCode } : { personalCode: code },
    schema: PersonalCodeCheckResponseSchema,
    signal: options.signal,
    retry: false,
  });
  if (answers.size >= CACHE_LIMIT) answers.delete(answers.keys().next().value as string);
  answers.set(key, answer);
  return answer;
}

/** The cached answer for a code, without calling the server. */
export function cachedPersonalCodeCheck(code: string, countryCode?: CountryCode): PersonalCodeCheckResponse | undefined {
  return answers.get(cacheKey(code, countryCode));
}

/** Forgets every cached answer (tests; a new applicant on a shared device). */
export function clearPersonalCodeCheckCache(): void {
  answers.clear();
}
