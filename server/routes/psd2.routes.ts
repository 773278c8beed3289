import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import * as v from 'valibot';
import {
  ConsentUrlRequestSchema,
  ListInstitutionsQuerySchema,
  SelectInstitutionRequestSchema,
  type ConsentStatus,
} from '../../core/wire/open-banking.schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { ownOriginOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { parseOrFail } from '../http/validation';
import { existingOwner, requireOwner } from '../sessions/principal.middleware';
import {
  answerConsent,
  consentReference,
  elapseConsentIdleTime,
  listInstitutions,
  openConsent,
  pendingConsentId,
  selectInstitution,
  type ConsentAction,
  type ConsentView,
} from '../psd2/psd2.service';

/** The sandbox bank's consent page, on this origin (test mode; on SANDBOX_REDIRECT_PATHS). */
export const SANDBOX_CONSENT_PATH = '/api/sandbox/psd2/consent';

/** Every address handed out or followed is checked against the allowlist (decision 151). */
function allowedOrFail(deps: AppDeps, c: Context<AppEnv>, target: string): string {
  if (!isAllowedRedirectFor(c, deps, target)) throw new ApiError('INTERNAL', 'A redirect target is not on the allowlist.');
  return target;
}

/** Where the bank's page sends the person back: the app at the application, with how the consent ended. */
function returnAddress(deps: AppDeps, c: Context<AppEnv>, consent: ConsentView): string {
  const url = new URL('/', ownOriginOf(c, deps.config.trustProxyHops));
  url.searchParams.set('externalId', consent.externalId);
  url.searchParams.set('consentStatus', consent.status);
  // Back in the language the person chose the bank in (the app reads `lang` at start, section 3).
  url.searchParams.set('lang', consent.language);
  return allowedOrFail(deps, c, url.toString());
}

function consentPageAddress(deps: AppDeps, c: Context<AppEnv>, consentId: string): string {
  const url = new URL(SANDBOX_CONSENT_PATH, ownOriginOf(c, deps.config.trustProxyHops));
  url.searchParams.set('consent', consentId);
  return allowedOrFail(deps, c, url.toString());
}

/**
 * Section 7's psd2 and consent calls (issue 13; docs/decisions/153-open-banking.md). Each answers only
 * the application's own applicant or co-borrower (anyone else: 404). Only the sandbox aggregator is
 * built in: a real one is the bank's integration and would stand behind the same service.
 */
export function psd2Routes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/v1/psd2/list-institutions', async (c) => {
    const { externalId } = parseOrFail(ListInstitutionsQuerySchema, { externalId: c.req.query('externalId') }, 'The application is not named.');
    return ok(c, await listInstitutions(deps, existingOwner(c), externalId));
  });

  routes.post('/v1/psd2/select-institution', async (c) => {
    const request = parseOrFail(SelectInstitutionRequestSchema, await readJsonBody(c), 'The bank choice is invalid.');
    const owner = existingOwner(c);
    if (deps.config.mode !== 'test') throw new ApiError('PROCESS_NOT_AVAILABLE', 'No PSD2 aggregator is configured.');
    const { consentId } = await selectInstitution(deps, owner, request);
    return ok(c, { redirectUrl: consentPageAddress(deps, c, consentId) });
  });

  routes.post('/v1/application/consent-url', async (c) => {
    const { externalId } = parseOrFail(ConsentUrlRequestSchema, await readJsonBody(c), 'The application is not named.');
    const consentId = await pendingConsentId(deps, existingOwner(c), externalId);
    return ok(c, { consentUrl: consentId && deps.config.mode === 'test' ? consentPageAddress(deps, c, consentId) : null });
  });

  routes.get('/v1/application/consent-reference', async (c) => {
    const { externalId } = parseOrFail(ListInstitutionsQuerySchema, { externalId: c.req.query('externalId') }, 'The application is not named.');
    return ok(c, { reference: await consentReference(deps, existingOwner(c), externalId) });
  });

  return routes;
}

const PAGE_TEXT = {
  title: 'Sandbox bank: consent to share your account information',
  intro: (bank: string) =>
    `The loan provider asks to read your accounts at ${bank} and their statements for the last four months, to assess your income. The consent is valid once.`,
  approve: 'Approve',
  refuse: 'Refuse',
  cancel: 'Cancel and return',
  ended: (status: ConsentStatus) => `This consent is no longer open (${status.toLowerCase().replace('_', ' ')}).`,
  back: 'Return to the loan application',
};

function consentPage(consent: ConsentView, returnTo: string) {
  const open = consent.status === 'PENDING';
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${PAGE_TEXT.title} – ${consent.bankName}</title>
    <style>
      body { font-family: Arial, sans-serif; margin: 0; color: #1b1b1b; background: #f4f4f4; }
      main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 6px; }
      button, a.button { font-size: 1rem; padding: 0.6rem 1.2rem; margin: 0 0.5rem 0.5rem 0; border: 2px solid #1b1b1b; border-radius: 4px; background: #fff; color: #1b1b1b; cursor: pointer; text-decoration: none; display: inline-block; }
      button.primary { background: #00703c; border-color: #00703c; color: #fff; }
      button:focus-visible, a.button:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <h1>${consent.bankName} (${consent.bic})</h1>
      <h2>${PAGE_TEXT.title}</h2>
      ${open
        ? html`<p>${PAGE_TEXT.intro(consent.bankName)}</p>
            <form method="post" action="${SANDBOX_CONSENT_PATH}">
              <input type="hidden" name="consent" value="${consent.consentId}" />
              <button type="submit" class="primary" name="action" value="approve">${PAGE_TEXT.approve}</button>
              <button type="submit" name="action" value="refuse">${PAGE_TEXT.refuse}</button>
              <button type="submit" name="action" value="cancel">${PAGE_TEXT.cancel}</button>
            </form>`
        : html`<p role="status">${PAGE_TEXT.ended(consent.status)}</p>
            <p><a class="button" href="${raw(returnTo.replace(/&/g, '&amp;').replace(/"/g, '&quot;'))}">${PAGE_TEXT.back}</a></p>`}
    </main>
  </body>
</html>`;
}

const ConsentFormSchema = v.object({
  consent: v.pipe(v.string(), v.maxLength(64)),
  action: v.picklist(['approve', 'refuse', 'cancel'] satisfies ConsentAction[]),
});
const ElapseSchema = v.object({ minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(60)) });

/**
 * Test mode only: the sandbox PSD2 aggregator's bank page (the person approves, refuses or cancels;
 * a consent idle for five minutes has timed out) and its control.
 */
export function sandboxPsd2Routes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/sandbox/psd2/consent', async (c) => {
    const consent = await openConsent(deps, existingOwner(c), c.req.query('consent') ?? '');
    return c.html(consentPage(consent, returnAddress(deps, c, consent)));
  });

  // The page's answer, then back to the app (303: the browser follows with a GET).
  routes.post('/sandbox/psd2/consent', async (c) => {
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const { consent: consentId, action } = parseOrFail(ConsentFormSchema, { consent: form['consent'], action: form['action'] }, 'The consent answer is invalid.');
    const consent = await answerConsent(deps, existingOwner(c), consentId, action);
    return c.redirect(returnAddress(deps, c, consent), 303);
  });

  // The idle time of this session's open consents moves on by `minutes` (the five-minute limit, without waiting).
  routes.post('/sandbox/psd2/elapse', async (c) => {
    const { minutes } = parseOrFail(ElapseSchema, await readJsonBody(c), 'The control is invalid.');
    return ok(c, { consents: await elapseConsentIdleTime(deps.db, await requireOwner(deps, c), minutes) });
  });

  return routes;
}
