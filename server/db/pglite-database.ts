import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, SqlParam, Transaction } from './database';

interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PgliteQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL in this process. PGlite has a single connection and queues every query behind
 * an open transaction, so transactions are serialised exactly as row locks would serialise them.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const direct = wrap(pglite);
  return {
    kind: 'pglite',
    query: direct.query,
    exec: direct.exec,
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => fn(wrap(tx)));
    },
    async close(): Promise<void> {
      if (!pglite.closed) await pglite.close();
    },
  };
}
