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
/** A base no request can name: what resolves against it and keeps its origin was a path of ours. */
const PATH_BASE = 'http://solis.invalid';

/** The path, query and fragment of `url` as a relative address (never `//host`, which a browser reads as another origin). */
function pathOf(url: URL): string {
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}

/**
 * Issue 23 item 8 (decision 178): where /logout may send the browser. A path of this site is
 * answered as a relative address, so the browser stays on the host it really is on whatever Host
 * header the request carried; an absolute address only to PUBLIC_ORIGIN (as a path too) or an
 * embedding parent of ALLOWED_ORIGINS. Anything else: the home page.
 */
export function logoutTarget(requested: string | undefined, config: { allowedOrigins: readonly string[]; publicOrigin: string | null }, requestOrigin: string): string {
  if (!requested) return '/';
  let url: URL;
  try {
    url = new URL(requested, PATH_BASE);
  } catch {
    return '/';
  }
  if (url.username !== '' || url.password !== '') return '/';
  if (url.origin === PATH_BASE) return pathOf(url);
  if (config.allowedOrigins.includes(url.origin)) return url.toString();
  // The app's own absolute address (the client sends one): its path. The Host header only decides
  // whether to keep the path; the answer is relative, so it cannot send the browser anywhere else.
  if (url.origin === (config.publicOrigin ?? requestOrigin)) return pathOf(url);
  return '/';
}

export function logoutRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/logout', async (c) => {
    const target = logoutTarget(c.req.query('redirectToUrl'), deps.config, ownOriginOf(c, deps.config.trustProxyHops));
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
