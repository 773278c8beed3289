import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './app-env';
import { ApiError } from './api-error';
import { publicOriginOf } from './forwarded';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard (issue 2, Access): a cookie rides along on any request the
 * browser sends, so a write that is not bearer-authenticated must come from our own origin or one
 * listed in `ALLOWED_ORIGINS` (also one without a session yet: it may create one). A bearer token
 * is never sent by the browser on its own, so it needs no check. Behind a TLS-terminating proxy our
 * own origin is https when TRUST_PROXY lets X-Forwarded-Proto say so (decision 026).
 */
export function originCheckMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method) && c.get('principal').kind !== 'bearer') {
      const origin = c.req.header('origin');
      const own = publicOriginOf(c, deps.config);
      if (origin === undefined || (origin !== own && !deps.config.allowedOrigins.includes(origin))) {
        throw new ApiError('FORBIDDEN_ORIGIN', 'This request must come from the application itself.');
      }
    }
    await next();
  };
}
