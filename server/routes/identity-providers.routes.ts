import { Hono, type Context } from 'hono';
import { SANDBOX_REMOTE_IDENTIFICATION_PATH } from '../../core/domain/identification';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ownOriginOf } from '../http/forwarded';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { finishRemoteIdentification, isRunningReference, SANDBOX_REMOTE_OUTCOMES, type SandboxRemoteOutcome } from '../identity/identity.service';

/**
 * Test mode only: the sandbox identity provider (issue 13; decisions 151, 156, 157). A page a test
 * drives like a person would, one form of buttons: `/sandbox/remote-identification?reference=..`,
 * the remote identification provider; it finishes a running identification with the outcome chosen
 * and sends the browser back to the address the server stored when it was started (with the query
 * action). (The login service, `/auth/public-sso`, is routes/sso.routes.ts since issue 21.)
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

export function identityProviderRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const allowed = (c: Context, target: string) => isAllowedRedirectFor(c, deps, target);

  routes.get(SANDBOX_REMOTE_IDENTIFICATION_PATH, async (c) => {
    const reference = c.req.query('reference') ?? '';
    if (!reference || !(await isRunningReference(deps, reference))) {
      return page(c, 404, 'Identification not found', '<p>This identification is unknown or already finished.</p>');
    }
    const labels: Record<SandboxRemoteOutcome, string> = {
      COMPLETED_OK: 'Identification succeeds',
      COMPLETED_FAILURE: 'Identification fails',
      TECHNICAL_ERROR: 'Technical error',
      RUNNING: 'Still checking',
    };
    return page(
      c,
      200,
      'Sandbox remote identification',
      `<p>This is the test remote identification provider. Choose how the identification ends.</p>` +
        `<form method="post" action="${SANDBOX_REMOTE_IDENTIFICATION_PATH}">${hidden('reference', reference)}` +
        SANDBOX_REMOTE_OUTCOMES.map((outcome) => button(outcome, labels[outcome])).join('') +
        `</form>`,
    );
  });

  routes.post(SANDBOX_REMOTE_IDENTIFICATION_PATH, async (c) => {
    if (!fromOwnPage(c, deps)) return page(c, 403, 'Identification refused', '<p>The form was not sent from this page.</p>');
    const form = await c.req.parseBody();
    const reference = typeof form['reference'] === 'string' ? form['reference'] : '';
    const outcome = (SANDBOX_REMOTE_OUTCOMES as readonly unknown[]).includes(form['outcome']) ? (form['outcome'] as SandboxRemoteOutcome) : null;
    const back = outcome && reference ? await finishRemoteIdentification(deps, reference, outcome) : undefined;
    if (!back || !allowed(c, back)) return page(c, 404, 'Identification not found', '<p>This identification is unknown or already finished.</p>');
    c.header('cache-control', 'no-store');
    return c.redirect(back, 303);
  });

  return routes;
}
