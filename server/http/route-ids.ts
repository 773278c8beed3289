import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { FILE_SERVICE_ID_PATTERN, UUID_PATTERN } from '../../core/wire/ids.schema';
import { notFound } from './api-error';
import type { AppEnv } from './app-env';

/**
 * Issue 23 item 5 (docs/decisions/178): the format of every id a route of the API names in its path.
 * A route with a parameter not listed here answers 404 (and tests/server/id-params.test.ts fails):
 * a new parameter gets its format here first.
 */
export const ROUTE_ID_PARAMS: Readonly<Record<string, RegExp>> = {
  externalId: UUID_PATTERN,
  documentId: UUID_PATTERN,
  fileServiceId: FILE_SERVICE_ID_PATTERN,
};

/** Path parameters of the route that will answer (and of any other matched route), decoded as the handlers read them. */
function pathParams(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Record<string, string>[] {
  const own = c.req.routeIndex;
  try {
    return matchedRoutes(c).map((_route, index) => {
      c.req.routeIndex = index;
      return c.req.param() as Record<string, string>;
    });
  } finally {
    c.req.routeIndex = own;
  }
}

/**
 * Every id in a request's path is checked here, once, before a handler or the database sees it: one
 * that is not well-formed (a NUL, `..`, an over-long or a bidi-override id, an id of another kind)
 * is the same 404 an unknown id gets, so its form tells nothing the format does not.
 */
export function routeIdsMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const params of pathParams(c)) {
      for (const [name, value] of Object.entries(params)) {
        const format = ROUTE_ID_PARAMS[name];
        if (!format || !format.test(value)) throw notFound();
      }
    }
    await next();
  };
}
