import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { AUTHENTICATED_COOKIE } from '../../core/wire/envelope.schema';
import { SSO_PATH, isAuthenticationMethod } from '../../core/domain/identification';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ownOriginOf } from '../http/forwarded';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { markApplicantsAuthenticated } from '../identity/identity.service';
import { issueSessionCookie, presentedSessionId } from '../sessions/principal.middleware';
import { renewSession } from '../sessions/session-repository';
import { newSessionToken, sessionIdOf } from '../sessions/session-token';

/**
 * Test mode only: the sandbox identity provider (issue 13; decisions 151, 156, 157). A page a test
 * drives like a person would, one form of buttons (remote identification moved to its provider's
 * simulator, server/providers/idv, decision 171):
 * - `/auth/public-sso` (section 7's login service): log in, cancel, or fail; then back to the
 *   `originalUrl` (exactly on the redirect allowlist, else refused). Logging in renews the session id
 *   (session fixation defence, decision 026), marks the session's applicants authenticated and sets
 *   the `Authenticated` cookie of section 6.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(c: Context, status: 200 | 400 | 403 | 404, title: string, body: string): Response {
  c.header('cache-control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem}button{font-size:1rem;margin:0.25rem 0.5rem 0.25rem 0;padding:0.6rem 1rem}</style></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    status,
  );
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
const button = (value: string, label: string) => `<button type="submit" name="outcome" value="${escapeHtml(value)}">${escapeHtml(label)}</button>`;

/** A form posted from another origin is not the provider's own page (login CSRF). */
function fromOwnPage(c: Context, deps: AppDeps): boolean {
  return c.req.header('origin') === ownOriginOf(c, deps.config.trustProxyHops);
}

function withQuery(target: string, name: string, value: string): string {
  const url = new URL(target);
  url.searchParams.set(name, value);
  return url.toString();
}

const METHOD_NAMES: Record<string, string> = { SMART_ID: 'Smart-ID', MOBILE_ID: 'Mobile-ID', ID_CARD: 'ID card', BANK_LINK: 'Internet bank' };

export function identityProviderRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const allowed = (c: Context, target: string) => isAllowedRedirectFor(c, deps, target);

  routes.get(SSO_PATH, (c) => {
    const originalUrl = c.req.query('originalUrl') ?? '';
    const method = c.req.query('method') ?? '';
    const language = c.req.query('language') ?? 'en';
    if (!allowed(c, originalUrl)) return page(c, 400, 'Login refused', '<p>The address to return to is not allowed.</p>');
    if (!isAuthenticationMethod(method)) return page(c, 400, 'Login refused', '<p>The login method is unknown.</p>');
    return page(
      c,
      200,
      `Sandbox login with ${METHOD_NAMES[method]}`,
      `<p>This is the test identity provider. Choose how the login ends.</p>` +
        `<form method="post" action="${SSO_PATH}">${hidden('originalUrl', originalUrl)}${hidden('method', method)}${hidden('language', language)}` +
        `${button('success', 'Log in')}${button('cancel', 'Cancel login')}${button('failure', 'Fail login')}</form>`,
    );
  });

  routes.post(SSO_PATH, async (c) => {
    if (!fromOwnPage(c, deps)) return page(c, 403, 'Login refused', '<p>The form was not sent from this page.</p>');
    const form = await c.req.parseBody();
    const originalUrl = typeof form['originalUrl'] === 'string' ? form['originalUrl'] : '';
    const outcome = form['outcome'];
    if (!allowed(c, originalUrl)) return page(c, 400, 'Login refused', '<p>The address to return to is not allowed.</p>');
    c.header('cache-control', 'no-store');
    if (outcome === 'cancel') return c.redirect(withQuery(originalUrl, 'ssoResult', 'cancelled'), 303);
    const oldId = presentedSessionId(c);
    if (outcome !== 'success' || oldId === undefined) return c.redirect(withQuery(originalUrl, 'ssoResult', 'failed'), 303);
    const token = newSessionToken();
    const newId = sessionIdOf(token);
    const now = deps.clock();
    const state = await renewSession(deps.db, oldId, newId, now);
    if (!state) return c.redirect(withQuery(originalUrl, 'ssoResult', 'failed'), 303);
    await markApplicantsAuthenticated(deps.db, { kind: 'session', id: newId }, now);
    issueSessionCookie(c, token, state.expiresAt);
    setCookie(c, AUTHENTICATED_COOKIE, 'true', { path: '/', sameSite: 'Lax', secure: true });
    return c.redirect(originalUrl, 303);
  });

  return routes;
}
