import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { AUTHENTICATED_COOKIE, SESSION_EXPIRES_HEADER } from '../../core/wire/envelope.schema';
import { solveSimulatedCaptcha } from '../captcha/verify-captcha';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { readJsonBody } from '../http/json-body';
import { parseOrFail } from '../http/validation';
import { MAX_TOKEN_LIFETIME_SECONDS, signEmbedToken } from '../sessions/bearer-token';
import { issueSessionCookie, ownerOf, presentedSessionId, requireOwner } from '../sessions/principal.middleware';
import { advanceSessionTime, renewSession } from '../sessions/session-repository';
import { newSessionToken, sessionIdOf } from '../sessions/session-token';
import { addSandboxControl } from '../sandbox/sandbox-repository';
import { SeedApplicationSchema, seedApplication } from '../sandbox/seed-application';
import { resetToSeeded } from '../sandbox/reset';
import { resetSimulators } from '../providers/simulator-host';
import { outboxOf } from '../applications/invitations';
import { storedTrackingOf } from '../applications/tracking';
import { PartnerEntrySchema } from '../pricing/pricing-data-file';
import { partnerByRegCode, registerSandboxPartner } from '../pricing/pricing-repository';
import { partnerScope } from '../pricing/pricing.service';
import { registerSandboxApiKey } from '../partner-api/api-keys';
import { setSandboxLoyaltySegment } from '../upsale/loyalty-segment';
import { DECISION_OUTCOMES } from '../../core/domain/decisions';
import { setSandboxDecision } from '../decisions/decision.service';
import { SandboxOutcomesSchema, setSandboxOutcomes } from '../sandbox/sandbox-outcomes';
import { REMOTE_IDENTIFICATION_STATUSES } from '../../core/domain/identification';
import { markApplicantsAuthenticated, setSandboxIdentityStatus } from '../identity/identity.service';

const NextTaskSchema = v.object({ taskDefinitionKey: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });
const MethodSchema = v.optional(v.picklist(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']));
const FailNextSchema = v.object({
  path: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500))),
  method: MethodSchema,
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
});
const DelayNextSchema = v.object({
  path: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500))),
  method: MethodSchema,
  ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000)),
});
const AdvanceSessionSchema = v.object({ seconds: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(86_400)) });
const LoyaltySegmentSchema = v.object({ segment: v.nullable(v.pipe(v.string(), v.maxLength(64))) });
const DecisionSchema = v.object({ outcome: v.nullable(v.picklist(DECISION_OUTCOMES)) });
const IdentitySchema = v.object({ status: v.nullable(v.picklist(REMOTE_IDENTIFICATION_STATUSES)) });
/** A partner for this owner only: its id defaults to one made from the registration code. */
const SandboxPartnerSchema = v.pipe(
  v.object({
    ...v.omit(PartnerEntrySchema, ['id', 'name', 'canSignDigitally', 'products', 'apiCredentials']).entries,
    id: v.optional(PartnerEntrySchema.entries.id),
    name: v.optional(PartnerEntrySchema.entries.name, 'Sandbox shop'),
    canSignDigitally: v.optional(v.boolean(), true),
    products: v.optional(v.array(v.omit(PartnerEntrySchema.entries.products.item, ['domain'])), []),
  }),
);
/** Decision 188: an API key drawn at run time for a partner (by registration code) or a broker (by id). */
const SandboxApiKeySchema = v.union([
  v.object({ partner: v.pipe(v.string(), v.minLength(2), v.maxLength(64)), channel: v.optional(v.picklist(['PARTNER_API', 'PARTNER_REMOTE']), 'PARTNER_API') }),
  v.object({ broker: v.pipe(v.string(), v.minLength(1), v.maxLength(128)) }),
]);

const TokenRequestSchema = v.object({
  sub: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(256), v.regex(/^[\x21-\x7e]+$/))),
  userGroups: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(50)), []),
  // Issue 9: tokens live at most an hour (sessions/bearer-token.ts).
  ttlSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_TOKEN_LIFETIME_SECONDS)), 900),
});

/**
 * Test mode only (mounted only when SOLIS_MODE=test): controls for browser tests, stored per
 * owner in the database so they reach whichever API process serves the next call.
 */
export function sandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/sandbox/next-task', async (c) => {
    const { taskDefinitionKey } = parseOrFail(NextTaskSchema, await readJsonBody(c), 'The control is invalid.');
    await addSandboxControl(deps.db, await requireOwner(deps, c), { kind: 'next-task', taskDefinitionKey }, deps.clock());
    return ok(c, { accepted: true });
  });

  routes.post('/sandbox/fail-next', async (c) => {
    const { path, method, status } = parseOrFail(FailNextSchema, await readJsonBody(c), 'The control is invalid.');
    const control = { kind: 'fail-next', path: path ?? null, method: method ?? null, status } as const;
    await addSandboxControl(deps.db, await requireOwner(deps, c), control, deps.clock());
    return ok(c, { accepted: true });
  });

  routes.post('/sandbox/delay-next', async (c) => {
    const { path, method, ms } = parseOrFail(DelayNextSchema, await readJsonBody(c), 'The control is invalid.');
    const control = { kind: 'delay-next', path: path ?? null, method: method ?? null, ms } as const;
    await addSandboxControl(deps.db, await requireOwner(deps, c), control, deps.clock());
    return ok(c, { accepted: true });
  });

  // Decision 208: this session as though `seconds` passed without a call (its idle and absolute ends
  // move closer, or past), so a browser test moves the server's clock with the page's (page.clock)
  // instead of waiting for a session to run out. Does not slide the session (principal.middleware.ts).
  routes.post('/sandbox/session/advance', async (c) => {
    const { seconds } = parseOrFail(AdvanceSessionSchema, await readJsonBody(c), 'The control is invalid.');
    const owner = ownerOf(c);
    const expiresAt = owner?.kind === 'session' ? await advanceSessionTime(deps.db, owner.id, seconds) : undefined;
    if (!expiresAt) throw new ApiError('UNAUTHORIZED', 'There is no session to advance.');
    c.header(SESSION_EXPIRES_HEADER, expiresAt.toISOString());
    return ok(c, { expiresAt: expiresAt.toISOString() });
  });

  // An application already at any task, with given data (issue 8): browser tests start at the step they test.
  routes.post('/sandbox/applications', async (c) => {
    const request = parseOrFail(SeedApplicationSchema, await readJsonBody(c), 'The seed request is invalid.');
    return ok(c, await seedApplication(deps, await requireOwner(deps, c), request), 201);
  });

  // What the reference API "sent" for this session's application (issue 11: the co-borrower's
  // invitation e-mail, with its link), as a tester would read it in the co-borrower's mailbox.
  routes.get('/sandbox/outbox/:externalId', async (c) => {
    const owner = await requireOwner(deps, c);
    return ok(c, { messages: await outboxOf(deps.db, owner, c.req.param('externalId')) });
  });

  // Decision 190: the tracking this session's application keeps (`source.metaData.tracking`), as a tester reads it.
  routes.get('/sandbox/tracking/:externalId', async (c) => {
    const owner = await requireOwner(deps, c);
    return ok(c, { tracking: await storedTrackingOf(deps, owner, c.req.param('externalId')) });
  });

  // The loyalty segment the upsale answers this session from now on (section 4; any text, or null).
  routes.post('/sandbox/loyalty-segment', async (c) => {
    const { segment } = parseOrFail(LoyaltySegmentSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxLoyaltySegment(deps.db, await requireOwner(deps, c), segment, deps.clock());
    return ok(c, { accepted: true });
  });

  // The outcome the decision engine answers for this session's applications from now on (issue 12;
  // null: its rules decide again). Not consumed: it holds for the co-borrower's last step too.
  routes.post('/sandbox/decision', async (c) => {
    const { outcome } = parseOrFail(DecisionSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxDecision(deps.db, await requireOwner(deps, c), outcome, deps.clock());
    return ok(c, { accepted: true });
  });

  // Decision 215: outcomes of the bank's side the generated paths walk (the card not offered, a
  // duplicate, a short application), for this session's applications from now on. Not consumed.
  routes.post('/sandbox/outcomes', async (c) => {
    const outcomes = parseOrFail(SandboxOutcomesSchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxOutcomes(deps.db, await requireOwner(deps, c), outcomes, deps.clock());
    return ok(c, { accepted: true });
  });

  // Issue 13: the status the remote identification provider answers this session from now on (any of
  // section 3's five; null: the provider's own). Not consumed.
  routes.post('/sandbox/identity', async (c) => {
    const { status } = parseOrFail(IdentitySchema, await readJsonBody(c), 'The control is invalid.');
    await setSandboxIdentityStatus(deps.db, await requireOwner(deps, c), status, deps.clock());
    return ok(c, { accepted: true });
  });

  // A partner (shop) known to this session only: registration code, return addresses and the goods
  // it sells in the configured domain with its own terms (section 3).
  routes.post('/sandbox/partners', async (c) => {
    const request = parseOrFail(SandboxPartnerSchema, await readJsonBody(c), 'The partner is invalid.');
    const domain = deps.config.businessDomain;
    const partner = {
      ...request,
      id: request.id ?? `sandbox-${request.regCode.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`,
      products: request.products.map((product) => ({ ...product, domain })),
      // Decision 188: a test's API keys are drawn at run time (`POST /api/sandbox/api-keys`).
      apiCredentials: [],
    };
    await registerSandboxPartner(deps.db, await requireOwner(deps, c), partner, deps.clock());
    return ok(c, { id: partner.id }, 201);
  });

  /**
   * Back to a freshly started server (decision 164): every session, application and sandbox setting
   * of every owner is gone, the product data stays. The browser tests' fixture calls it before each
   * test, so one server per worker serves test after test as if each had its own.
   */
  routes.post('/sandbox/reset', async (c) => {
    const tables = await resetToSeeded(deps.db);
    // Issue 21: the simulators' state (open sessions, scripts, queued faults) goes with the database's.
    if (deps.providers.simulatorsOrigin) await resetSimulators(deps.providers.simulatorsOrigin);
    return ok(c, { reset: true, tables });
  });

  /**
   * Decision 188: an API key for a server-to-server channel, drawn now (no key is a literal in the
   * tree); answered once. A partner of the product data file or one this session registered; a
   * broker of the file. The key goes with a sandbox reset.
   */
  routes.post('/sandbox/api-keys', async (c) => {
    const request = parseOrFail(SandboxApiKeySchema, await readJsonBody(c), 'The API key request is invalid.');
    const owner = await requireOwner(deps, c);
    const now = deps.clock();
    if ('partner' in request) {
      const partner = await partnerByRegCode(deps.db, partnerScope(deps, owner), request.partner);
      if (!partner) throw new ApiError('NOT_FOUND', 'No partner has this registration code.');
      return ok(c, { ...(await registerSandboxApiKey(deps.db, owner, { partyKind: 'partner', partyId: partner.id, channel: request.channel }, now)), channel: request.channel }, 201);
    }
    const brokers = await deps.db.query<{ id: string }>('select id from brokers where id = $1', [request.broker]);
    if (!brokers[0]) throw new ApiError('NOT_FOUND', 'No broker has this id.');
    return ok(c, { ...(await registerSandboxApiKey(deps.db, owner, { partyKind: 'broker', partyId: request.broker, channel: 'BROKER_API' }, now)), channel: 'BROKER_API' }, 201);
  });

  // An embedded-mode bearer token, as a parent page would pass one in (section 6).
  routes.post('/sandbox/token', async (c) => {
    const request = parseOrFail(TokenRequestSchema, await readJsonBody(c), 'The token request is invalid.');
    const iat = Math.floor(deps.clock().getTime() / 1000);
    const exp = iat + request.ttlSeconds;
    const sub = request.sub ?? `sandbox-${crypto.randomUUID()}`;
    const token = signEmbedToken({ sub, userGroups: request.userGroups, iat, exp }, deps.config.embedTokenSecret);
    return ok(c, { token, sub, expiresAt: new Date(exp * 1000).toISOString() });
  });

  // A captcha token of the simulated provider (CAPTCHA_ENABLED=true without CAPTCHA_VERIFY_URL), solved
  // on this host as its widget would solve it for the page: single use, two minutes (decision 169).
  routes.post('/sandbox/captcha-token', async (c) => ok(c, { token: await solveSimulatedCaptcha(deps) }));

  /**
   * The reference stand-in for the bank's login service (section 7's /auth/public-sso): this
   * browser's session becomes authenticated and gets a new id (decision 026), and the
   * Authenticated cookie of section 6 is set as the login service would set it.
   */
  routes.post('/sandbox/authenticate', async (c) => {
    const oldId = presentedSessionId(c);
    const token = newSessionToken();
    const state = oldId === undefined ? undefined : await renewSession(deps.db, oldId, sessionIdOf(token), deps.clock());
    if (!state) throw new ApiError('UNAUTHORIZED', 'There is no session to authenticate.');
    // Issue 13: the applicants of this session's applications count as authenticated, as after /auth/public-sso.
    await markApplicantsAuthenticated(deps.db, { kind: 'session', id: sessionIdOf(token) }, deps.clock());
    issueSessionCookie(c, token, state.expiresAt);
    setCookie(c, AUTHENTICATED_COOKIE, 'true', { path: '/', sameSite: 'Lax', secure: true });
    return ok(c, { authenticated: true, expiresAt: state.expiresAt.toISOString() });
  });

  return routes;
}
