import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ConsentUrlRequestSchema, ListInstitutionsQuerySchema, SelectInstitutionRequestSchema } from '../../core/wire/open-banking.schema';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { describeError } from '../http/error-report';
import { clientAddressOf, publicOriginOf } from '../http/forwarded';
import { readJsonBody } from '../http/json-body';
import { isAllowedRedirectFor } from '../http/redirect-allowlist';
import { roleQueryOf } from '../../core/domain/persons';
import { routePatternOf } from '../http/request-log.middleware';
import { parseOrFail } from '../http/validation';
import { existingOwner, requireOwner } from '../sessions/principal.middleware';
import {
  completeConsent,
  consentReference,
  elapseConsentIdleTime,
  listInstitutions,
  pendingConsentUrl,
  selectInstitution,
  type ConsentContext,
  type ConsentOutcome,
} from '../psd2/psd2.service';

/** Where the bank sends the browser back (TPP-Redirect-URI and TPP-Nok-Redirect-URI, with our state). */
export const PSD2_CALLBACK_PATH = '/api/v1/psd2/callback';

/** Every address handed out or followed is checked against the allowlist (decision 151). */
function allowedOrFail(deps: AppDeps, c: Context<AppEnv>, target: string): string {
  if (!isAllowedRedirectFor(c, deps, target)) throw new ApiError('INTERNAL', 'A redirect target is not on the allowlist.');
  return target;
}

/** Where the callback sends the person: the app at the application, with how the consent stands. */
function returnAddress(deps: AppDeps, c: Context<AppEnv>, outcome: ConsentOutcome): string {
  const url = new URL('/', publicOriginOf(c, deps.config));
  url.searchParams.set('externalId', outcome.externalId);
  url.searchParams.set('consentStatus', outcome.status);
  // Back in the language the person chose the bank in (the app reads `lang` at start, section 3).
  url.searchParams.set('lang', outcome.language);
  // Decision 233: the co-borrower back as himself (the app starts as the role its address names, the
  // applicant by default): without it his session asked for the applicant's part, "not available".
  if (outcome.role === 'COBORROWER') url.searchParams.set('role', roleQueryOf(outcome.role));
  return allowedOrFail(deps, c, url.toString());
}

/** The request's side of a consent: the person's address, our callback, and a log line for a fault on the side. */
function consentContext(deps: AppDeps, c: Context<AppEnv>): ConsentContext {
  return {
    psuIpAddress: clientAddressOf(c, deps.config.trustProxyHops) ?? null,
    callbackUrl: new URL(PSD2_CALLBACK_PATH, publicOriginOf(c, deps.config)).toString(),
    report: (error) => deps.logger.error({ requestId: c.get('requestId'), route: routePatternOf(c), ...describeError(error) }),
  };
}

const CallbackQuerySchema = v.object({
  state: v.pipe(v.string(), v.maxLength(64)),
  result: v.optional(v.picklist(['nok'])),
});

/**
 * Section 7's psd2 and consent calls (issue 13; docs/decisions/153, 170). Each answers only the
 * application's own applicant or co-borrower (anyone else: 404), but the callback, which the bank's
 * page sends the browser to: our state in its address is what finds the consent.
 */
export function psd2Routes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/v1/psd2/list-institutions', async (c) => {
    const { externalId } = parseOrFail(ListInstitutionsQuerySchema, { externalId: c.req.query('externalId') }, 'The application is not named.');
    return ok(c, await listInstitutions(deps, existingOwner(c), externalId, consentContext(deps, c)));
  });

  routes.post('/v1/psd2/select-institution', async (c) => {
    const request = parseOrFail(SelectInstitutionRequestSchema, await readJsonBody(c), 'The bank choice is invalid.');
    const { redirectUrl } = await selectInstitution(deps, existingOwner(c), request, consentContext(deps, c));
    return ok(c, { redirectUrl: allowedOrFail(deps, c, redirectUrl) });
  });

  routes.get('/v1/psd2/callback', async (c) => {
    const { state, result } = parseOrFail(CallbackQuerySchema, { state: c.req.query('state'), result: c.req.query('result') }, 'The return from the bank is invalid.');
    const outcome = await completeConsent(deps, state, result ?? 'ok', consentContext(deps, c));
    return c.redirect(returnAddress(deps, c, outcome), 303);
  });

  routes.post('/v1/application/consent-url', async (c) => {
    const { externalId } = parseOrFail(ConsentUrlRequestSchema, await readJsonBody(c), 'The application is not named.');
    const url = await pendingConsentUrl(deps, existingOwner(c), externalId);
    return ok(c, { consentUrl: url && isAllowedRedirectFor(c, deps, url) ? url : null });
  });

  routes.get('/v1/application/consent-reference', async (c) => {
    const { externalId } = parseOrFail(ListInstitutionsQuerySchema, { externalId: c.req.query('externalId') }, 'The application is not named.');
    return ok(c, { reference: await consentReference(deps, existingOwner(c), externalId) });
  });

  return routes;
}

const ElapseSchema = v.object({ minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(60)) });

/**
 * Test mode only: the idle time of this session's open consents moves on by `minutes`, here and at
 * the simulated bank (the five-minute limits, without waiting). The bank's page is the simulator's
 * (server/providers/psd2/psd2.simulator.ts).
 */
export function sandboxPsd2Routes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/sandbox/psd2/elapse', async (c) => {
    const { minutes } = parseOrFail(ElapseSchema, await readJsonBody(c), 'The control is invalid.');
    return ok(c, { consents: await elapseConsentIdleTime(deps, await requireOwner(deps, c), minutes) });
  });
  return routes;
}
