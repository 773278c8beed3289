import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeDatabase, openDatabase } from './db/open-database';
import { HOUSEKEEPING_INTERVAL_MS, purgeExpired } from './db/housekeeping';
import { migrate } from './db/migrate';

/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates it, serves the
 * API and the built app, and prints one line with the URL. Every ten minutes it sweeps expired
 * sessions, old idempotency keys and ended rate-limit windows (db/housekeeping.ts). SIGINT/SIGTERM close it cleanly (PGlite
 * must be closed to keep its data directory consistent).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDatabase(config.database);
  await migrate(db);
  const app = createApp({ config, db });
  const sweep = () =>
    purgeExpired(db, new Date()).then(
      (counts) => console.info(JSON.stringify({ level: 'info', msg: 'housekeeping', ...counts })),
      (error: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'housekeeping failed', error: error instanceof Error ? error.name : 'unknown' })),
    );
  void sweep();
  const sweeper = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  sweeper.unref();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
    console.info(`Solis is serving http://localhost:${info.port} (${config.businessDomain}, ${describeDatabase(config.database)})`);
  });

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    clearInterval(sweeper);
    server.close(() => {
      db.close().then(
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(`Solis could not start: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  process.exit(1);
});
