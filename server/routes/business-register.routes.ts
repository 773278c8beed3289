import { Hono } from 'hono';
import { CompanyLookupRequestSchema, type CompanyLookup } from '../../core/wire/business-register.schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { ApiError } from '../http/api-error';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { enforceClientLimit, enforceOwnerLimit } from '../rate-limit/limits';
import { ownerOf } from '../sessions/principal.middleware';

/**
 * POST /api/v1/business-register/lookup (issue 24, decision 181): what the business register says of
 * a registration code, so businessData can fill in the company's name and field of activity as soon
 * as the code is typed. Counted with the personal code checks (the same kind of look-up, and the same
 * reason for a limit: not a bulk oracle of the register). It creates no session and keeps nothing;
 * the step's own server check asks the register again when the step is sent.
 */
export function businessRegisterRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/v1/business-register/lookup', async (c) => {
    await enforceClientLimit(deps, c, 'personalCode');
    await enforceOwnerLimit(deps, c, ownerOf(c), 'personalCode');
    const request = parseOrFail(CompanyLookupRequestSchema, await readJsonBody(c), 'The company look-up request is invalid.');
    const register = deps.providers.businessRegister;
    if (!register) throw new ApiError('PROVIDER_UNAVAILABLE', 'The business register is not connected.');
    const company = await register.lookUp(request.countryCode, request.registrationCode);
    const answer: CompanyLookup = company
      ? { found: true, businessName: company.name, legalForm: company.legalForm, industryCode: company.industryCode, status: company.status }
      : { found: false };
    return ok(c, answer);
  });
  return routes;
}
