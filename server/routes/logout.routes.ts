import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { AUTHENTICATED_COOKIE } from '../../core/wire/envelope.schema';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ownOriginOf } from '../http/forwarded';
import { presentedSessionId } from '../sessions/principal.middleware';
import { deleteSession } from '../sessions/session-repository';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../sessions/session-token';

/**
 * Section 7's browser redirect `/logout?language=..&redirectToUrl=..`, as the reference stand-in for
 * the bank's login service: it ends the session on the server (issue 9: a copy of the cookie opens
 * nothing afterwards), forgets it and the Authenticated cookie in the browser, then redirects. Only
 * to this origin or an embedding parent of ALLOWED_ORIGINS: an open redirect would serve phishing.
 */
export function logoutRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/logout', async (c) => {
    const own = ownOriginOf(c, deps.config.trustProxyHops);
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
    const sessionId = presentedSessionId(c);
    if (sessionId !== undefined) await deleteSession(deps.db, sessionId);
    // A __Host- cookie is only replaced (here: expired) by one with the same Secure and Path.
    deleteCookie(c, SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
    deleteCookie(c, AUTHENTICATED_COOKIE, { path: '/', secure: true });
    c.header('cache-control', 'no-store');
    return c.redirect(target, 303);
  });
  return routes;
}
