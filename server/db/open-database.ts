import type { DatabaseConfig } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'pglite') return openPgliteDatabase(config.dataDir);
  return openPostgresDatabase(config.url, { connectTimeoutMs: config.connectTimeoutMs, statementTimeoutMs: config.statementTimeoutMs });
}

/** For the start-up line and logs: never prints credentials. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite at ${config.dataDir}`;
  const url = new URL(config.url);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
