import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { AUTHENTICATED_COOKIE } from '../../src/api/schemas/envelope.schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { SESSION_COOKIE } from '../sessions/session-token';

/**
 * Section 7's browser redirect `/logout?language=..&redirectToUrl=..`, as the reference stand-in for
 * the bank's login service: it forgets the browser's session (its applications are out of reach,
 * as after expiry) and the Authenticated cookie, then redirects. Only to this origin or an
 * embedding parent of ALLOWED_ORIGINS: an open redirect would serve phishing.
 */
export function logoutRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/logout', (c) => {
    const own = new URL(c.req.url).origin;
    let target = '/';
    const requested = c.req.query('redirectToUrl');
    if (requested) {
      try {
        const url = new URL(requested, own);
        if (url.origin === own || deps.config.allowedOrigins.includes(url.origin)) target = url.toString();
      } catch {
        // Not a URL: the home page.
      }
    }
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    deleteCookie(c, AUTHENTICATED_COOKIE, { path: '/' });
    c.header('cache-control', 'no-store');
    return c.redirect(target, 303);
  });
  return routes;
}
