import { Hono } from 'hono';
import { StartRemoteIdentificationRequestSchema } from '../../core/wire/identity.schema';
import { REMOTE_IDENTIFICATION_QUERY_ACTION, SANDBOX_REMOTE_IDENTIFICATION_PATH } from '../../core/domain/identification';
import { localeFromLanguageCode } from '../../core/domain/languages';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { ownOriginOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { parseOrFail } from '../http/validation';
import { existingOwner } from '../sessions/principal.middleware';
import { remoteIdentificationState, startRemoteIdentification } from '../identity/identity.service';

/**
 * Section 7's identity calls (issue 13; docs/decisions/157-remote-identification.md), the
 * application's applicant only. The provider is the sandbox one in test mode; a bank wires its own
 * (its page on `REDIRECT_ALLOWLIST`). Every address handed out or returned to is on the allowlist
 * (decision 151).
 */
export function identityRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/identity/:externalId', async (c) => {
    const owner = existingOwner(c);
    const externalId = c.req.param('externalId');
    const { languageCode } = parseOrFail(StartRemoteIdentificationRequestSchema, await readJsonBody(c), 'The identification request is invalid.');
    if (deps.config.mode !== 'test') throw new ApiError('PROCESS_NOT_AVAILABLE', 'No remote identification provider is configured.');
    const own = ownOriginOf(c, deps.config.trustProxyHops);
    const locale = localeFromLanguageCode(languageCode) ?? 'en';
    const back = new URL('/', own);
    back.searchParams.set('externalId', externalId);
    back.searchParams.set('lang', locale);
    back.searchParams.set(REMOTE_IDENTIFICATION_QUERY_ACTION.name, REMOTE_IDENTIFICATION_QUERY_ACTION.value);
    const providerUrl = (reference: string) => {
      const url = new URL(SANDBOX_REMOTE_IDENTIFICATION_PATH, own);
      url.searchParams.set('reference', reference);
      url.searchParams.set('language', locale);
      return url.toString();
    };
    if (!isAllowedRedirectFor(c, deps, back.toString()) || !isAllowedRedirectFor(c, deps, providerUrl('x'))) {
      throw new ApiError('INTERNAL', 'The identification addresses are not on the redirect allowlist.');
    }
    return ok(c, await startRemoteIdentification(deps, owner, externalId, { returnUrl: back.toString(), providerUrl }));
  });

  routes.get('/v1/identity/:externalId/status', async (c) => {
    return ok(c, await remoteIdentificationState(deps, existingOwner(c), c.req.param('externalId')));
  });

  return routes;
}
