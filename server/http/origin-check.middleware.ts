import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './app-env';
import { ApiError } from './api-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard (issue 2, Access): a cookie rides along on any request the
 * browser sends, so a cookie-authenticated write must come from our own origin or one listed in
 * `ALLOWED_ORIGINS`. A bearer token is never sent by the browser on its own, so it needs no check.
 * Behind a TLS-terminating proxy the server sees http: list the public origin in ALLOWED_ORIGINS.
 */
export function originCheckMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method) && c.get('principal').kind === 'session') {
      const origin = c.req.header('origin');
      const own = new URL(c.req.url).origin;
      if (origin === undefined || (origin !== own && !deps.config.allowedOrigins.includes(origin))) {
        throw new ApiError('FORBIDDEN_ORIGIN', 'This request must come from the application itself.');
      }
    }
    await next();
  };
}
