import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { CAPTCHA_HEADER, IDEMPOTENCY_HEADER, SESSION_EXPIRES_HEADER } from '../core/wire/envelope.schema';
import type { CaptchaVerifier } from './captcha/captcha-verifier';
import { captchaVerifierOf } from './captcha/verify-captcha';
import type { SolisConfig } from './config';
import type { Database } from './db/database';
import { DatabaseUnavailableError } from './db/database-errors';
import type { WriteObserver } from './db/housekeeping';
import { ApiError, notFound } from './http/api-error';
import { routeIdsMiddleware } from './http/route-ids';
import type { AppDeps, AppEnv, Clock } from './http/app-env';
import { describeError } from './http/error-report';
import { compressMiddleware } from './http/compress.middleware';
import { createConsoleLogger, type Logger } from './http/logger';
import { originCheckMiddleware } from './http/origin-check.middleware';
import { requestLogMiddleware, routePatternOf } from './http/request-log.middleware';
import { securityHeadersMiddleware } from './http/security-headers.middleware';
import { staticFilesHandler } from './http/static-files';
import { firstTaskOf } from './process/process-definitions';
import { continuedStepOf, previousExternalId } from './applications/application-process.service';
import { readSession } from './sessions/session-repository';
import { localeFromLanguageCode } from '../core/domain/languages';
import { isCorporate } from '../core/domain/business-domains';
import { presentedSessionId } from './sessions/principal.middleware';
import { applicationProcessRoutes } from './routes/application-process.routes';
import { contractRoutes } from './routes/contract.routes';
import { DOCUMENT_UPLOAD_PATH, documentRoutes, uploadBodyLimit } from './routes/documents.routes';
import { featureRoutes } from './routes/features.routes';
import { healthRoutes } from './routes/health.routes';
import { loanRoutes } from './routes/loan.routes';
import { pricingRoutes } from './routes/pricing.routes';
import { psd2Routes, sandboxPsd2Routes } from './routes/psd2.routes';
import { upsaleRoutes } from './routes/upsale.routes';
import { sandboxRoutes } from './routes/sandbox.routes';
import { serverChannelRoutes } from './routes/partner-api.routes';
import { embedDemoRoutes } from './routes/embed-demo.routes';
import { sandboxSigningControlRoutes } from './routes/sandbox-signing.routes';
import { signingCallbackRoutes } from './routes/signing-callback.routes';
import { signingRoutes } from './routes/signing.routes';
import { sessionRoutes } from './routes/session.routes';
import { runtimeConfigRoutes } from './routes/runtime-config.routes';
import { logoutRoutes } from './routes/logout.routes';
import { identityRoutes, identityWebhookRoutes } from './routes/identity.routes';
import { ssoRoutes } from './routes/sso.routes';
import { validateRoutes } from './routes/validate.routes';
import { businessRegisterRoutes } from './routes/business-register.routes';
import { resumeRoutes } from './routes/resume.routes';
import { sandboxMiddleware } from './sandbox/sandbox.middleware';
import { principalMiddleware } from './sessions/principal.middleware';
import { NO_PROVIDERS, type Providers } from './providers/providers';
import { environmentFlagService, type FlagService } from './features/flag-service';
import { ProviderError } from './providers/provider-http';
import { installDataKeyring } from './crypto/data-cipher';

export interface CreateAppOptions {
  config: SolisConfig;
  db: Database;
  /** Defaults to the wall clock; tests pass their own to move time. */
  clock?: Clock;
  logger?: Logger;
  /** Defaults to the configured provider's (captcha/verify-captcha.ts). */
  captcha?: CaptchaVerifier;
  /** Housekeeping's observer of draft writes (db/housekeeping.ts); none by default. */
  writes?: WriteObserver;
  /** The outside parties' adapters (server/providers/providers.ts); none reachable by default. */
  providers?: Providers;
  /** The check-flag service (decision 191); the environment's flags by default. */
  flags?: FlagService;
}

/**
 * The largest body any call reads. A draft holds 64 KiB (routes/application-process.routes.ts); a
 * step submission is a few KiB. Larger bodies are refused before they are read.
 */
export const MAX_BODY_BYTES = 128 * 1024;
/** What a client waits before retrying while the database is away. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = '2';

/**
 * The reference API and the built app on one origin. Returns the Hono app without listening, so
 * tests call `app.request(...)` directly; `server/main.ts` puts it on a port.
 */
export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const deps = appDepsOf(options);
  const { config, logger } = deps;
  // Issue 23 (decision 176): the repositories seal and open personal data with the configured keys.
  installDataKeyring(config.dataKeys);
  return routesOf(deps, config, logger);
}

/** The configuration and I/O every route module gets, with the defaults of `createApp`. */
export function appDepsOf(options: CreateAppOptions): AppDeps {
  const clock = options.clock ?? (() => new Date());
  return {
    config: options.config,
    db: options.db,
    clock,
    logger: options.logger ?? createConsoleLogger(),
    captcha: options.captcha ?? captchaVerifierOf(options.config.captcha, (options.providers ?? NO_PROVIDERS).captcha),
    writes: options.writes ?? { draftWritten: () => undefined },
    providers: options.providers ?? NO_PROVIDERS,
    flags: options.flags ?? environmentFlagService(options.config),
  };
}

function routesOf(deps: AppDeps, config: SolisConfig, logger: Logger): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', requestLogMiddleware(logger));
  app.use('*', securityHeadersMiddleware(config, { widgetOrigins: deps.providers.captcha?.widget.origins ?? [] }));
  // Issue 26 item 1 (decision 201): every text answer of 1 kB or more goes out gzip-compressed when
  // the client accepts it; the built app's files carry their own precompressed encoding.
  app.use('*', compressMiddleware());

  const api = new Hono<AppEnv>();
  api.use(
    '*',
    cors({
      // Only the embedding parents of ALLOWED_ORIGINS may call cross-origin, with credentials.
      origin: (origin) => (config.allowedOrigins.includes(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowHeaders: ['content-type', 'authorization', 'accept-language', IDEMPOTENCY_HEADER, CAPTCHA_HEADER],
      // Date: the client corrects the expiry for its own clock's skew (src/api/client.ts).
      exposeHeaders: [SESSION_EXPIRES_HEADER, 'date'],
      maxAge: 600,
    }),
  );
  // Before the session: a health check reads no cookie and writes nothing.
  api.route('/health', healthRoutes(deps));
  // Issue 21: the identity-verification provider's signed decisions, before the session and origin checks (decision 171).
  api.route('/', identityWebhookRoutes(deps));
  const generalBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      // The rest of the body is not read: the connection cannot carry another request after it.
      c.header('connection', 'close');
      throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
    },
  });
  // A document upload (issue 13) alone may be as large as section 5's largest file.
  api.use('*', (c, next) => (c.req.method === 'POST' && DOCUMENT_UPLOAD_PATH.test(c.req.path) ? uploadBodyLimit(c, next) : generalBodyLimit(c, next)));
  // Issue 23 item 5: an id in the path that is not well-formed is a 404 before a session or the database is read.
  api.use('*', routeIdsMiddleware());
  api.use('*', principalMiddleware(deps));
  api.use('*', originCheckMiddleware(deps));
  if (config.mode === 'test') api.use('*', sandboxMiddleware(deps));

  api.route('/', applicationProcessRoutes(deps));
  api.route('/', sessionRoutes(deps));
  api.route('/', featureRoutes(deps));
  api.route('/', loanRoutes(deps));
  api.route('/', pricingRoutes(deps));
  api.route('/', upsaleRoutes(deps));
  api.route('/', runtimeConfigRoutes(deps));
  api.route('/', validateRoutes(deps));
  api.route('/', businessRegisterRoutes(deps));
  api.route('/', documentRoutes(deps));
  api.route('/', signingRoutes(deps));
  api.route('/', signingCallbackRoutes(deps));
  api.route('/', identityRoutes(deps));
  api.route('/', psd2Routes(deps));
  api.route('/', contractRoutes(deps));
  api.route('/', resumeRoutes(deps));
  if (config.mode === 'test') {
    api.route('/', sandboxRoutes(deps));
    api.route('/', sandboxSigningControlRoutes(deps));
    api.route('/', sandboxPsd2Routes(deps));
  }
  api.all('*', () => {
    throw notFound();
  });

  // Decision 188: the server-to-server channels, outside the browser's session, origin check and CORS.
  app.route('/api', serverChannelRoutes(deps));
  app.route('/api', api);
  app.route('/', logoutRoutes(deps));
  // Section 7's login service on this origin (issue 21): an OpenID Connect login at the bank's provider.
  app.route('/', ssoRoutes(deps));
  // Issue 25 (decision 187): the demo parent page that embeds the app, in test mode only.
  if (config.mode === 'test') app.route('/', embedDemoRoutes());
  app.get(
    '*',
    staticFilesHandler(config.staticDir, config.businessDomain, {
      firstTask: firstTaskOf(config.businessDomain),
      defaultLocale: config.client.defaultLocale,
      contacts: config.client.contacts,
      // A session whose application `/` would continue gets the plain frame (as the app's own look-up).
      continuesApplication: async (c) => {
        const id = presentedSessionId(c);
        return id !== undefined && (await previousExternalId(deps, { kind: 'session', id })) !== null;
      },
      // Decision 227: a live session's own application, as its applicant sees it (as the continue call).
      continuedStep: async (c, externalId) => {
        const id = presentedSessionId(c);
        if (id === undefined || !(await readSession(deps.db, id, deps.clock()))) return undefined;
        const step = await continuedStepOf(deps, { kind: 'session', id }, externalId);
        if (!step) return undefined;
        const person = localeFromLanguageCode(step.languageCode);
        return {
          taskKey: step.taskKey,
          locale: person && config.client.allowedLocales.includes(person) ? person : config.client.defaultLocale,
          facts: { country: config.client.countryCode, role: 'APPLICANT', channel: step.channel, corporate: isCorporate(config.businessDomain) },
        };
      },
    }),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status as 400);
    // Issue 21: an outside party failed; the request changed nothing and may be tried again.
    if (error instanceof ProviderError) {
      logger.error({ requestId: c.get('requestId'), route: routePatternOf(c), ...describeError(error) });
      c.header('retry-after', RETRY_AFTER_UNAVAILABLE_SECONDS);
      return c.json(new ApiError('PROVIDER_UNAVAILABLE', 'An outside service did not answer as it should; nothing was changed. Try again shortly.').toBody(), 503);
    }
    const report = { requestId: c.get('requestId'), route: routePatternOf(c), ...describeError(error) };
    logger.error(report);
    // The database went away under this request: nothing was acknowledged, a retry may succeed.
    if (error instanceof DatabaseUnavailableError) {
      c.header('retry-after', RETRY_AFTER_UNAVAILABLE_SECONDS);
      return c.json(new ApiError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable; try again shortly.').toBody(), 503);
    }
    return c.json(new ApiError('INTERNAL', 'Something went wrong on our side.').toBody(), 500);
  });
  return app;
}
