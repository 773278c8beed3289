import { serve, type ServerType } from '@hono/node-server';
import { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appDepsOf, createApp } from './app';
import { startBackOfficeSweep } from './checks/back-office.service';
import { createProviders, simulatedParties, simulatorsFor } from './providers/providers';
import { startSimulators } from './providers/simulator-host';
import { ConfigError, loadConfig, type SolisConfig } from './config';
import type { Database } from './db/database';
import { DatabaseUnavailableError } from './db/database-errors';
import { DataDirectoryError } from './db/data-directory';
import { HOUSEKEEPING_INTERVAL_MS, startHousekeeping } from './db/housekeeping';
import { migrate } from './db/migrate';
import { PricingDataError } from './pricing/pricing-data-file';
import { seedPricingData } from './pricing/seed-pricing-data';
import { describeDatabase, openDatabase } from './db/open-database';
import { describeError } from './http/error-report';
import { installDataKeyring } from './crypto/data-cipher';
import { ResealError, resealPersonalData } from './crypto/reseal';
import { restrictToOwner } from './db/data-directory-modes';

/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates it, serves the
 * API and the built app, and prints one line with the URL. Housekeeping sweeps short-lived rows
 * every ten minutes (db/housekeeping.ts). SIGINT/SIGTERM close it cleanly (PGlite must be closed
 * to keep its data directory consistent, and its lock is released then).
 *
 * Issue 9: every start-up failure is one line naming what to fix and exit code 1, within seconds.
 */
class StartupError extends Error {
  override readonly name = 'StartupError';
}

function logLine(level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, msg, ...fields });
  if (level === 'error') console.error(line);
  else console.info(line);
}

async function openAndMigrate(config: SolisConfig): Promise<Database> {
  let db: Database;
  try {
    db = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      throw new StartupError(`${describeDatabase(config.database)} did not answer (${error.message}). Check DATABASE_URL and that the server is running.`);
    }
    throw error;
  }
  try {
    await migrate(db);
    // Issue 10: the product data file into the database; an invalid file stops the start.
    await seedPricingData(db, { mode: config.mode });
    // Issue 23 (decision 176): nothing stays clear, or sealed under a key rotated out of first place.
    const report = await resealPersonalData(db, config.dataKeys);
    if (report.hashed > 0 || Object.keys(report.sealed).length > 0) logLine('info', 'personal data sealed under the current data key', { ...report });
  } catch (error) {
    await db.close().catch(() => undefined);
    if (error instanceof ResealError) throw new StartupError(error.message);
    if (error instanceof DatabaseUnavailableError) {
      throw new StartupError(`${describeDatabase(config.database)} could not be migrated (${error.message}).`);
    }
    if (error instanceof PricingDataError) throw new StartupError(error.message);
    throw error;
  }
  return db;
}

/**
 * How long an idle keep-alive connection stays open (decision 242). A server that closes one first
 * races the next request a client or proxy sends on it, which then fails with ECONNRESET: with
 * Node's 5 s a browser test's API call met it after a page's idle seconds. A proxy in front keeps
 * its idle connections to us for up to 60 s (nginx's and the cloud load balancers' usual figure), so
 * we keep ours longer and let the other side close first; the headers' limit must be above it.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function keepIdleConnectionsOpen(server: ServerType): void {
  if (!(server instanceof HttpServer)) return;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

function listenFailure(error: NodeJS.ErrnoException, config: SolisConfig): StartupError {
  if (error.code === 'EADDRINUSE') {
    return new StartupError(`port ${config.port} on ${config.host} is already in use. Stop what uses it, or set PORT to a free port.`);
  }
  if (error.code === 'EACCES') return new StartupError(`this user may not listen on port ${config.port}. Set PORT to 1024 or above.`);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new StartupError(`HOST ${config.host} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0.`);
  }
  return new StartupError(`cannot listen on ${config.host}:${config.port} (${error.code ?? error.name}).`);
}

async function main(): Promise<void> {
  // Issue 23 (decision 176): whatever the server writes (the database's files among them) is its owner's only.
  process.umask(0o077);
  const config = loadConfig(process.env);
  if (config.database.kind === 'pglite') restrictToOwner(config.database.dataDir);
  installDataKeyring(config.dataKeys);
  const db = await openAndMigrate(config);
  // PGlite makes its files with modes of its own (0666 from its initdb image, 0644 for some it writes),
  // whatever the umask: put right at start, after each housekeeping interval and at the end (decision 176).
  const restrictDataDir = () => (config.database.kind === 'pglite' ? restrictToOwner(config.database.dataDir) : 0);
  restrictDataDir();
  const modes = setInterval(restrictDataDir, HOUSEKEEPING_INTERVAL_MS);
  modes.unref();
  const housekeeping = startHousekeeping(db, { intervalMs: HOUSEKEEPING_INTERVAL_MS, log: logLine });
  // Issue 21: the simulators of the parties not configured, on loopback beside the API (never in production).
  const simulated = simulatedParties(config.providers);
  const simulators = simulated.length ? await startSimulators((context) => simulatorsFor(config.providers, context), { port: config.providers.simulatorsPort }) : null;
  const providers = createProviders(config.providers, simulators?.origin ?? null);
  const app = createApp({ config, db, writes: housekeeping, providers });
  // Issue 22: the back office answers its checks when they are due, whether or not anyone looks.
  const backOffice = startBackOfficeSweep(appDepsOf({ config, db, writes: housekeeping, providers }));

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) => {
      housekeeping.stop();
      backOffice.stop();
      void db.close().finally(() => reject(listenFailure(error, config)));
    });
  });
  const port = (server.address() as AddressInfo).port;
  // The demonstration line comes first: whoever waits for the serving line has read it by then.
  if (simulators) {
    console.info(
      `Demonstration: no real signing or bank access. Simulated ${simulated.join(', ')} at ${simulators.origin} (set their variables to connect real providers: docs/connecting-providers.md)`,
    );
  }
  // Decision 186: without a population register the personal-code check fails closed (section 8); say so at once.
  if (!providers.populationRegister) console.warn('Population register not configured (POPULATION_REGISTER_URL): every personal-code server check fails closed, so nobody can apply, until it is.');
  console.info(`Solis is serving http://localhost:${port} (${config.businessDomain}, ${describeDatabase(config.database)}, ${config.mode} mode)`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    housekeeping.stop();
    backOffice.stop();
    void simulators?.close();
    server.close(() => {
      // A vacuum in progress finishes first: PGlite must close cleanly to keep its directory whole.
      Promise.all([housekeeping.idle(), backOffice.idle()])
        .then(() => db.close())
        .then(() => {
          clearInterval(modes);
          restrictDataDir();
        })
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
    // Keep-alive connections would hold close() open; they are idle between requests.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

// Whatever escapes a request is logged with its stack (quoted values redacted) so it can be fixed.
process.on('unhandledRejection', (reason) => logLine('error', 'unhandled rejection', describeError(reason)));
process.on('uncaughtException', (error) => {
  logLine('error', 'uncaught exception', describeError(error));
  process.exit(1);
});

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof StartupError || error instanceof DataDirectoryError) {
    console.error(`Solis could not start: ${error.message}`);
  } else {
    const report = describeError(error);
    console.error(`Solis could not start: ${report.error}: ${report.message}`);
  }
  process.exit(1);
});
