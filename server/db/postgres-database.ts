import pg from 'pg';
import type { Database, Queryable, SqlParam, Transaction } from './database';

interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

function wrap(target: PgQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      const result = await target.query(sql, [...params]);
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server through a pool; each transaction holds one client from BEGIN to COMMIT. */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 'error', msg: 'postgres pool error', error: error.name })));
  await pool.query('select 1');
  const direct = wrap(pool);
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}
