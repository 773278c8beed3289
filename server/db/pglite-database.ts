import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, SqlParam, Transaction } from './database';
import { DataDirectoryError, lockDataDirectory } from './data-directory';
import { serialised } from './serialised';

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
 * The data directory is locked for as long as it is open: one process per directory (decision 025).
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const lock = await lockDataDirectory(dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(lock.dir);
  } catch (error) {
    lock.release();
    const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new DataDirectoryError(
      `DATA_DIR ${lock.dir} could not be opened as a PGlite database (${cause}). If it is a damaged Solis data directory, ` +
        'restore it from a backup or move it aside to start with an empty one; if it is not one, point DATA_DIR elsewhere.',
      { cause: error },
    );
  }
  const direct = wrap(pglite);
  return {
    kind: 'pglite',
    query: direct.query,
    exec: direct.exec,
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => fn(serialised(wrap(tx))));
    },
    async close(): Promise<void> {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock.release();
      }
    },
  };
}
