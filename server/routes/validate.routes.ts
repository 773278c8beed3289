import { Hono } from 'hono';
import { PersonalCodeCheckRequestSchema } from '../../src/api/schemas/validate.schema';
import { checkPersonalCode } from '../../src/validation/personal-code';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { ok, readJsonBody } from '../http/envelope';
import { parseOrFail } from '../http/validation';
import { hitRateLimit, type FixedWindowLimit } from '../rate-limit/rate-limiter';

/**
 * 20 checks a minute per session (or token subject): far more than a person correcting a typo
 * needs (the client also caches each answer), far too few to use the endpoint as a bulk oracle.
 */
export const PERSONAL_CODE_CHECK_LIMIT: FixedWindowLimit = { bucket: 'validate.personalCode', limit: 20, windowSeconds: 60 };

/**
 * POST /api/v1/validate/personalCode (sections 5 and 7): `{ valid }` for a personal code, decided
 * by the same library the forms use. The code is never logged or echoed: the request log holds the
 * route pattern only, and a refused body reports message keys, not values.
 */
export function validateRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/validate/personalCode', async (c) => {
    // Counted before the body is read: malformed requests spend the allowance too.
    const decision = await hitRateLimit(deps.db, c.get('principal').owner, PERSONAL_CODE_CHECK_LIMIT, deps.clock());
    if (!decision.allowed) {
      c.header('retry-after', String(decision.retryAfterSeconds));
      throw new ApiError('RATE_LIMITED', 'Too many personal code checks; try again shortly.');
    }
    const request = parseOrFail(PersonalCodeCheckRequestSchema, await readJsonBody(c), 'The personal code check request is invalid.');
    const country = request.countryCode ?? deps.config.client.countryCode;
    // The app's clock decides "today" for the date and age checks, like every other rule it applies.
    return ok(c, checkPersonalCode(country, request.personalCode, { today: deps.clock() }));
  });

  return routes;
}
