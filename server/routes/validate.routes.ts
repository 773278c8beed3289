import { Hono } from 'hono';
import { PersonalCodeCheckRequestSchema } from '../../core/wire/validate.schema';
import { checkPersonalCode } from '../../core/validation/personal-code';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { OWNER_LIMITS, enforceClientLimit, enforceOwnerLimit } from '../rate-limit/limits';
import type { FixedWindowLimit } from '../rate-limit/rate-limiter';
import { ownerOf } from '../sessions/principal.middleware';
import { checkInPopulationRegister } from '../identity/population-register-check';

/**
 * 20 checks a minute per session (or token subject): far more than a person correcting a typo
 * needs (the client also caches each answer), far too few to use the endpoint as a bulk oracle.
 * Each client address has its own, larger allowance besides (CLIENT_RATE_LIMIT_PERSONAL_CODE).
 */
export const PERSONAL_CODE_CHECK_LIMIT: FixedWindowLimit = OWNER_LIMITS.personalCode;

/**
 * POST /api/v1/validate/personalCode (sections 5 and 7): `{ valid }` for a personal code, decided
 * by the same library the forms use, then by the population register (decision 186). The code is never logged or echoed: the request log holds the
 * route pattern only, and a refused body reports message keys, not values. It reads and writes no
 * owned data, so it creates no session.
 */
export function validateRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/validate/personalCode', async (c) => {
    // Counted before the body is read: malformed requests spend the allowance too.
    await enforceClientLimit(deps, c, 'personalCode');
    await enforceOwnerLimit(deps, c, ownerOf(c), 'personalCode');
    const request = parseOrFail(PersonalCodeCheckRequestSchema, await readJsonBody(c), 'The personal code check request is invalid.');
    const country = request.countryCode ?? deps.config.client.countryCode;
    // The app's clock decides "today" for the date and age checks, like every other rule it applies.
    const local = checkPersonalCode(country, request.personalCode, { today: deps.clock() });
    if (!local.valid) return ok(c, local);
    // Decision 186: then the population register, which knows what no rule can (the person exists and
    // is alive). Its failure is section 8's failed check: 503 PROVIDER_UNAVAILABLE with Retry-After,
    // which the client shows as "could not check just now, try again" and never caches.
    const verdict = await checkInPopulationRegister(deps.providers.populationRegister, country, request.personalCode);
    if (verdict.kind === 'unavailable') throw verdict.error;
    return ok(c, { valid: verdict.kind === 'registered' });
  });

  return routes;
}
