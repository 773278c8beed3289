import { BACK_OFFICE_ANSWERS_AT_ONCE } from '../../../server/checks/back-office.settings';
import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import { loadConfig, type Environment, type SolisConfig } from '../../../server/config';
import type { AppEnv } from '../../../server/http/app-env';
import { silentLogger, type Logger } from '../../../server/http/logger';
import { TEST_DATA_KEYS_ENV } from '../../support/data-keys';
import { openTestDatabase, type TestDatabase } from '../../support/pglite-template';
import { ApiClient } from './api-client';
import { createProviders, simulatedParties, simulatorsFor, type Providers } from '../../../server/providers/providers';
import { startSimulators, type RunningSimulators } from '../../../server/providers/simulator-host';

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
  /** The outside parties' adapters this app uses (issue 21). */
  providers: Providers;
  /** The simulators' host, on loopback (its controls: `POST {origin}/control/faults`, `/control/reset`). */
  simulators: RunningSimulators;
  /** Another app (other configuration) on the same database. */
  withEnv(env: Environment, logger?: Logger): TestApp;
}

export const TEST_ORIGIN = 'http://localhost';

/**
 * What every test app runs with unless the test says otherwise. The bank's duplicate check
 * (decision 175) is off: the tests of a file share one database and apply again and again as the
 * same fictional person, each from a session of its own, so every application after the first would
 * be a duplicate. Its own tests turn it on (`DUPLICATE_APPLICATION_DAYS`).
 */
const TEST_ENV: Environment = {
  SOLIS_MODE: 'test',
  STATIC_DIR: '/nonexistent-static-dir',
  DUPLICATE_APPLICATION_DAYS: '0',
  ...BACK_OFFICE_ANSWERS_AT_ONCE,
  // Issue 23: one pair of data keys for every app on the database, production ones included.
  ...TEST_DATA_KEYS_ENV,
};

function build(database: TestDatabase, env: Environment, clockState: { offsetMs: number }, logger: Logger, simulators: RunningSimulators): TestApp {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const clock = () => new Date(Date.now() + clockState.offsetMs);
  const providers = createProviders(config.providers, simulatedParties(config.providers).length ? simulators.origin : null);
  const app = createApp({ config, db: database.db, clock, logger, providers });
  return {
    app,
    config,
    providers,
    simulators,
    database,
    advance(seconds) {
      clockState.offsetMs += seconds * 1000;
    },
    now: clock,
    client(options = {}) {
      return new ApiClient(app, options.origin ?? TEST_ORIGIN);
    },
    withEnv(next, nextLogger = logger) {
      return build(database, { ...env, ...next }, clockState, nextLogger, simulators);
    },
  };
}

/** The API on a private copy of the migrated PGlite template, in test mode, with a movable clock. */
export async function startTestApp(env: Environment = {}, logger: Logger = silentLogger): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env });
  return build(database, env, { offsetMs: 0 }, logger, await simulatorsOf(config));
}

/**
 * The outside parties' simulators on loopback (issue 21), as `npm start` runs them: one host per
 * test app, on a free port, closed when the test process ends (the server does not hold it open).
 */
async function simulatorsOf(config: SolisConfig): Promise<RunningSimulators> {
  return startSimulators((context) => simulatorsFor(config.providers, context), { port: 0, unref: true });
}
