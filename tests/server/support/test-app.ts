import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import { loadConfig, type Environment, type SolisConfig } from '../../../server/config';
import type { AppEnv } from '../../../server/http/app-env';
import { silentLogger, type Logger } from '../../../server/http/logger';
import { openTestDatabase, type TestDatabase } from '../../support/pglite-template';
import { ApiClient } from './api-client';

export interface TestApp {
  app: Hono<AppEnv>;
  config: SolisConfig;
  database: TestDatabase;
  /** Moves the app's clock ahead of the wall clock (sessions and tokens expire by it). */
  advance(seconds: number): void;
  /** The app's clock now. */
  now(): Date;
  /** A new browser, as it were: its own cookie jar. */
  client(options?: { origin?: string }): ApiClient;
  /** Another app (other configuration) on the same database. */
  withEnv(env: Environment, logger?: Logger): TestApp;
}

export const TEST_ORIGIN = 'http://localhost';

function build(database: TestDatabase, env: Environment, clockState: { offsetMs: number }, logger: Logger): TestApp {
  const config = loadConfig({ SOLIS_MODE: 'test', STATIC_DIR: '/nonexistent-static-dir', ...env });
  const clock = () => new Date(Date.now() + clockState.offsetMs);
  const app = createApp({ config, db: database.db, clock, logger });
  return {
    app,
    config,
    database,
    advance(seconds) {
      clockState.offsetMs += seconds * 1000;
    },
    now: clock,
    client(options = {}) {
      return new ApiClient(app, options.origin ?? TEST_ORIGIN);
    },
    withEnv(next, nextLogger = logger) {
      return build(database, { ...env, ...next }, clockState, nextLogger);
    },
  };
}

/** The API on a private copy of the migrated PGlite template, in test mode, with a movable clock. */
export async function startTestApp(env: Environment = {}, logger: Logger = silentLogger): Promise<TestApp> {
  const database = await openTestDatabase();
  return build(database, env, { offsetMs: 0 }, logger);
}
