import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { CAPTCHA_HEADER, IDEMPOTENCY_HEADER, SESSION_EXPIRES_HEADER } from '../src/api/schemas/envelope.schema';
import type { SolisConfig } from './config';
import type { Database } from './db/database';
import { ApiError, notFound } from './http/api-error';
import type { AppDeps, AppEnv, Clock } from './http/app-env';
import { createConsoleLogger, type Logger } from './http/logger';
import { originCheckMiddleware } from './http/origin-check.middleware';
import { requestLogMiddleware, routePatternOf } from './http/request-log.middleware';
import { securityHeadersMiddleware } from './http/security-headers.middleware';
import { staticFilesHandler } from './http/static-files';
import { applicationProcessRoutes } from './routes/application-process.routes';
import { featureRoutes } from './routes/features.routes';
import { loanRoutes } from './routes/loan.routes';
import { sandboxRoutes } from './routes/sandbox.routes';
import { sessionRoutes } from './routes/session.routes';
import { runtimeConfigRoutes } from './routes/runtime-config.routes';
import { logoutRoutes } from './routes/logout.routes';
import { validateRoutes } from './routes/validate.routes';
import { sandboxMiddleware } from './sandbox/sandbox.middleware';
import { principalMiddleware } from './sessions/principal.middleware';

export interface CreateAppOptions {
  config: SolisConfig;
  db: Database;
  /** Defaults to the wall clock; tests pass their own to move time. */
  clock?: Clock;
  logger?: Logger;
}

const MAX_BODY_BYTES = 512 * 1024;

/**
 * The reference API and the built app on one origin. Returns the Hono app without listening, so
 * tests call `app.request(...)` directly; `server/main.ts` puts it on a port.
 */
export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const deps: AppDeps = {
    config: options.config,
    db: options.db,
    clock: options.clock ?? (() => new Date()),
    logger: options.logger ?? createConsoleLogger(),
  };
  const { config, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use('*', requestLogMiddleware(logger));
  app.use('*', securityHeadersMiddleware(config.allowedOrigins));

  const api = new Hono<AppEnv>();
  api.use(
    '*',
    cors({
      // Only the embedding parents of ALLOWED_ORIGINS may call cross-origin, with credentials.
      origin: (origin) => (config.allowedOrigins.includes(origin) ? origin : null),
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT'],
      allowHeaders: ['content-type', 'authorization', 'accept-language', IDEMPOTENCY_HEADER, CAPTCHA_HEADER],
      // Date: the client corrects the expiry for its own clock's skew (src/api/client.ts).
      exposeHeaders: [SESSION_EXPIRES_HEADER, 'date'],
      maxAge: 600,
    }),
  );
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError('BAD_REQUEST', 'The request body is too large.', { status: 413 });
      },
    }),
  );
  api.use('*', principalMiddleware(deps));
  api.use('*', originCheckMiddleware(deps));
  if (config.mode === 'test') api.use('*', sandboxMiddleware(deps));

  api.route('/', applicationProcessRoutes(deps));
  api.route('/', sessionRoutes());
  api.route('/', featureRoutes(deps));
  api.route('/', loanRoutes());
  api.route('/', runtimeConfigRoutes(deps));
  api.route('/', validateRoutes(deps));
  if (config.mode === 'test') api.route('/', sandboxRoutes(deps));
  api.all('*', () => {
    throw notFound();
  });

  app.route('/api', api);
  app.route('/', logoutRoutes(deps));
  app.get('*', staticFilesHandler(config.staticDir, config.businessDomain));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status as 400);
    logger.error({
      requestId: c.get('requestId'),
      route: routePatternOf(c),
      // Only the class name: a driver's message can quote the values of the row it failed on.
      error: error.name,
    });
    return c.json(new ApiError('INTERNAL', 'Something went wrong on our side.').toBody(), 500);
  });
  return app;
}
