import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './app-env';
import type { Logger } from './logger';

/** The matched route's pattern: a concrete path could carry an id, a query string personal data. */
export function routePatternOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route || route.path === '/*' || route.path === '*') return c.req.path.startsWith('/api/') ? '(no route)' : '(static)';
  return route.path;
}

/** One log line per request (method, route pattern, status, duration, request id) and nothing else. */
export function requestLogMiddleware(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
    logger.request({
      requestId,
      method: c.req.method,
      route: routePatternOf(c),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
