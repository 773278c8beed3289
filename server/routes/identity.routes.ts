import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { StartRemoteIdentificationRequestSchema } from '../../core/wire/identity.schema';
import { REMOTE_IDENTIFICATION_QUERY_ACTION } from '../../core/domain/identification';
import { localeFromLanguageCode } from '../../core/domain/languages';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { publicOriginOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { parseOrFail } from '../http/validation';
import { existingOwner } from '../sessions/principal.middleware';
import { receiveIdentityDecision, remoteIdentificationState, startRemoteIdentification } from '../identity/identity.service';

/** Where the identity-verification provider posts its decisions (docs/providers/remote-identification.md). */
export const IDV_WEBHOOK_PATH = '/api/v1/identity-verification/webhook';
/** A decision is a few KiB; anything much larger is not one. */
const MAX_WEBHOOK_BYTES = 64 * 1024;

/**
 * Section 7's identity calls (issue 13; docs/decisions/157-remote-identification.md), the
 * application's applicant only, and the provider's decision webhook (issue 21; decision 171). The
 * provider is `deps.providers.idv` (its simulator outside production unless IDV_URL is set). Every
 * address handed out or returned to is on the allowlist (decision 151; the provider's page origin
 * joins it as the adapter is configured).
 */
export function identityRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/identity/:externalId', async (c) => {
    const owner = existingOwner(c);
    const externalId = c.req.param('externalId');
    const { languageCode } = parseOrFail(StartRemoteIdentificationRequestSchema, await readJsonBody(c), 'The identification request is invalid.');
    const own = publicOriginOf(c, deps.config);
    const locale = localeFromLanguageCode(languageCode) ?? 'en';
    const back = new URL('/', own);
    back.searchParams.set('externalId', externalId);
    back.searchParams.set('lang', locale);
    back.searchParams.set(REMOTE_IDENTIFICATION_QUERY_ACTION.name, REMOTE_IDENTIFICATION_QUERY_ACTION.value);
    if (!isAllowedRedirectFor(c, deps, back.toString())) throw new ApiError('INTERNAL', 'The identification addresses are not on the redirect allowlist.');
    const started = await startRemoteIdentification(deps, owner, externalId, {
      returnUrl: back.toString(),
      webhookUrl: new URL(IDV_WEBHOOK_PATH, own).toString(),
      language: locale,
      isAllowedPage: (url) => isAllowedRedirectFor(c, deps, url),
    });
    return ok(c, started);
  });

  routes.get('/v1/identity/:externalId/status', async (c) => {
    return ok(c, await remoteIdentificationState(deps, existingOwner(c), c.req.param('externalId')));
  });

  return routes;
}

/**
 * The provider's decision webhook, outside the browser's API (no session, no Origin: the provider
 * calls it), mounted before the session and origin checks. Nothing of the body is logged: a refusal
 * says only why (signature, stale, replay, unknown session).
 */
export function identityWebhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: MAX_WEBHOOK_BYTES,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `A decision is at most ${MAX_WEBHOOK_BYTES / 1024} KiB.`);
    },
  });
  routes.post(IDV_WEBHOOK_PATH.replace(/^\/api/, ''), limit, async (c) => {
    // The signature is over the raw body: it is read as sent, before any parsing.
    const raw = await c.req.text();
    const receipt = await receiveIdentityDecision(deps, raw, c.req.header('x-hmac-signature'));
    c.header('cache-control', 'no-store');
    return c.json({ status: 'success', receipt });
  });
  return routes;
}
