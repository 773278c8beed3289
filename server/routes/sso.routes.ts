import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { AUTHENTICATED_COOKIE } from '../../core/wire/envelope.schema';
import { SSO_PATH, isAuthenticationMethod } from '../../core/domain/identification';
import { isLocale } from '../../core/domain/languages';
import type { AppDeps, AppEnv } from '../http/app-env';
import { describeError } from '../http/error-report';
import { publicOriginOf } from '../http/forwarded';
import { routePatternOf } from '../http/request-log.middleware';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { markApplicantsAuthenticated } from '../identity/identity.service';
import { SSO_CALLBACK_PATH, finishSsoLogin, startSsoLogin } from '../identity/sso-login';
import { ProviderError } from '../providers/provider-http';
import { issueSessionCookie, presentedSessionId } from '../sessions/principal.middleware';
import { recordAuthenticatedPerson, renewSession } from '../sessions/session-repository';
import { newSessionToken, sessionIdOf } from '../sessions/session-token';

/**
 * Section 7's login service on this origin (issue 21; decisions 156 and 169). The app sends the
 * browser to `/auth/public-sso?originalUrl=..&method=..&language=..`; this starts an OpenID Connect
 * login at the bank's provider (the simulator outside production when SSO_ISSUER is not set), which
 * sends the browser back to `/auth/public-sso/callback`. A login renews the session id (decision
 * 026), marks the session's applicants authenticated and sets the `Authenticated` cookie of section
 * 6; a cancelled or failed one returns with `ssoResult=cancelled|failed`, and a login as someone
 * other than the applicant with `ssoResult=mismatch`. `originalUrl` must be on the redirect
 * allowlist (decision 151), else a 400 page, never a redirect.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(c: Context, status: 400 | 404, title: string, body: string): Response {
  c.header('cache-control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem}</style></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    status,
  );
}

function withQuery(target: string, name: string, value: string): string {
  const url = new URL(target);
  url.searchParams.set(name, value);
  return url.toString();
}

export function ssoRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const allowed = (c: Context, target: string) => isAllowedRedirectFor(c, deps, target);
  const callbackUri = (c: Context) => `${publicOriginOf(c, deps.config)}${SSO_CALLBACK_PATH}`;
  const log = (c: Context<AppEnv>, problem: unknown) => deps.logger.error({ requestId: c.get('requestId'), route: routePatternOf(c), ...describeError(problem) });
  const back = (c: Context, originalUrl: string, result: 'cancelled' | 'failed' | 'mismatch') => {
    c.header('cache-control', 'no-store');
    return c.redirect(withQuery(originalUrl, 'ssoResult', result), 303);
  };

  routes.get(SSO_PATH, async (c) => {
    const originalUrl = c.req.query('originalUrl') ?? '';
    const method = c.req.query('method') ?? '';
    const requested = c.req.query('language') ?? '';
    if (!allowed(c, originalUrl)) return page(c, 400, 'Login refused', '<p>The address to return to is not allowed.</p>');
    if (!isAuthenticationMethod(method)) return page(c, 400, 'Login refused', '<p>The login method is unknown.</p>');
    const provider = deps.providers.sso;
    // Production without SSO_*: the app offers no login (providers.login is false); a stray link lands here.
    if (!provider) return page(c, 404, 'Login not available', '<p>Logging in is not available here. Please contact the bank.</p>');
    const sessionId = presentedSessionId(c);
    if (sessionId === undefined) return back(c, originalUrl, 'failed');
    let target: string;
    try {
      target = await startSsoLogin(deps, { provider, sessionId, method, language: isLocale(requested) ? requested : 'en', originalUrl, redirectUri: callbackUri(c) });
    } catch (problem) {
      if (!(problem instanceof ProviderError)) throw problem;
      log(c, problem);
      return back(c, originalUrl, 'failed');
    }
    if (!allowed(c, target)) {
      log(c, new Error(`The login service's authorization endpoint ${new URL(target).origin} is neither SSO_ISSUER's origin nor on REDIRECT_ALLOWLIST`));
      return back(c, originalUrl, 'failed');
    }
    c.header('cache-control', 'no-store');
    return c.redirect(target, 303);
  });

  routes.get(SSO_CALLBACK_PATH, async (c) => {
    const provider = deps.providers.sso;
    const oldId = presentedSessionId(c);
    const outcome = provider
      ? await finishSsoLogin(deps, { provider, sessionId: oldId, state: c.req.query('state') ?? '', code: c.req.query('code'), error: c.req.query('error'), redirectUri: callbackUri(c) })
      : ({ result: 'unknown' } as const);
    if (outcome.result === 'unknown') {
      return page(c, 400, 'Login not found', '<p>This login is unknown, already finished or has expired. Go back to your application and log in again.</p><p><a href="/">Back to the application</a></p>');
    }
    if (!allowed(c, outcome.originalUrl)) return page(c, 400, 'Login refused', '<p>The address to return to is not allowed.</p>');
    if (outcome.result !== 'authenticated') {
      if (outcome.result === 'failed' && outcome.problem !== undefined) log(c, outcome.problem);
      return back(c, outcome.originalUrl, outcome.result);
    }
    const token = newSessionToken();
    const newId = sessionIdOf(token);
    const now = deps.clock();
    const state = oldId === undefined ? undefined : await renewSession(deps.db, oldId, newId, now);
    if (!state) return back(c, outcome.originalUrl, 'failed');
    await markApplicantsAuthenticated(deps.db, { kind: 'session', id: newId }, now);
    // Decision 175: who logged in, for the bank's own records of the customer (the loyalty segment).
    await recordAuthenticatedPerson(deps.db, newId, outcome.identity.personalCode);
    issueSessionCookie(c, token, state.expiresAt);
    setCookie(c, AUTHENTICATED_COOKIE, 'true', { path: '/', sameSite: 'Lax', secure: true });
    c.header('cache-control', 'no-store');
    return c.redirect(outcome.originalUrl, 303);
  });

  return routes;
}
