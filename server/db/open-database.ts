import type { DatabaseConfig } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgresDatabase(config.url) : openPgliteDatabase(config.dataDir);
}

/** For the start-up line and logs: never prints credentials. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite at ${config.dataDir}`;
  const url = new URL(config.url);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
