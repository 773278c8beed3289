import { Hono, type Context } from 'hono';
import {
  EsignAuthenticateRequestSchema,
  EsignSignRequestSchema,
  StartSigningRequestSchema,
} from '../../core/wire/signing-request.schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { publicOriginOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { parseOrFail } from '../http/validation';
import { existingOwner } from '../sessions/principal.middleware';
import {
  checkPaymentSigningEnabled,
  esignAuthenticate,
  esignSign,
  esignStatus,
  signingStatus,
  startSigning,
  type RedirectContext,
} from '../signing/signing.service';

export function redirectContextOf(deps: AppDeps, c: Context<AppEnv>): RedirectContext {
  return {
    ownOrigin: publicOriginOf(c, deps.config),
    isAllowed: (target) => isAllowedRedirectFor(c, deps, target),
  };
}

/**
 * Issue 12, section 7's signing calls (docs/decisions/139-141), for the application's owner only
 * (anyone else gets the same 404 as for an application that does not exist).
 */
export function signingRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/application/:externalId/signing', async (c) => {
    const owner = existingOwner(c);
    const request = parseOrFail(StartSigningRequestSchema, await readJsonBody(c), 'The signing request is invalid.');
    return ok(c, await startSigning(deps, owner, c.req.param('externalId'), request, redirectContextOf(deps, c)));
  });

  routes.post('/v1/application/:externalId/signing/status', async (c) => {
    return ok(c, await signingStatus(deps, existingOwner(c), c.req.param('externalId')));
  });

  routes.get('/v1/application/:externalId/signing/eparaksts/status', async (c) => {
    return ok(c, await esignStatus(deps, existingOwner(c), c.req.param('externalId')));
  });

  routes.post('/v1/application/:externalId/signing/eparaksts/authenticate', async (c) => {
    const owner = existingOwner(c);
    const request = parseOrFail(EsignAuthenticateRequestSchema, await readJsonBody(c), 'The authentication request is invalid.');
    return ok(c, await esignAuthenticate(deps, owner, c.req.param('externalId'), request, redirectContextOf(deps, c)));
  });

  routes.post('/v1/application/:externalId/signing/eparaksts/sign', async (c) => {
    const owner = existingOwner(c);
    const request = parseOrFail(EsignSignRequestSchema, await readJsonBody(c), 'The signing request is invalid.');
    return ok(c, await esignSign(deps, owner, c.req.param('externalId'), request, redirectContextOf(deps, c)));
  });

  routes.get('/v1/signing/:externalId/check/payment-signing-enabled', async (c) => {
    return ok(c, await checkPaymentSigningEnabled(deps, existingOwner(c), c.req.param('externalId')));
  });

  return routes;
}
