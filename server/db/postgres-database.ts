import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, SqlParam, Transaction } from './database';
import { DatabaseUnavailableError, asDatabaseError } from './database-errors';
import { serialised } from './serialised';

interface PgQueryable {
  query(sql: string | pg.QueryConfig, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** At most this many distinct statements are prepared by name; any further one runs unnamed. */
export const NAMED_STATEMENTS_MAX = 500;
const statementNames = new Map<string, string>();

/**
 * Decision 207: a parameterised statement runs as a named prepared statement, so each connection
 * parses and plans it once instead of on every call (`pg` prepares a name on a connection the first
 * time it sees it there). The name is the statement's hash: the same text, the same name, in every
 * process. The SQL of the repositories is a fixed set; the cap keeps a statement built from data
 * (none today) from filling the server's memory with prepared statements.
 */
export function statementNameOf(sql: string): string | undefined {
  const known = statementNames.get(sql);
  if (known !== undefined) return known;
  if (statementNames.size >= NAMED_STATEMENTS_MAX) return undefined;
  const name = `s${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
  statementNames.set(sql, name);
  return name;
}

function wrap(target: PgQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
      try {
        const name = params.length > 0 ? statementNameOf(sql) : undefined;
        const result = await (name === undefined ? target.query(sql, [...params]) : target.query({ name, text: sql, values: [...params] }));
        return result.rows as T[];
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        // Without parameters pg uses the simple query protocol, which accepts several statements.
        await target.query(sql);
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
  };
}

export interface PostgresOptions {
  /** Connecting (TCP, TLS and start-up) gives up after this long: a host that never answers. */
  connectTimeoutMs?: number;
  /** The server cancels a statement after this long (`statement_timeout`). */
  statementTimeoutMs?: number;
  max?: number;
}

export const POSTGRES_DEFAULTS = { connectTimeoutMs: 5000, statementTimeoutMs: 10_000, max: 10 } as const;

function logPoolError(error: Error): void {
  console.error(JSON.stringify({ level: 'error', msg: 'postgres connection lost', error: error.name, code: (error as { code?: unknown }).code }));
}

/**
 * A PostgreSQL server through a pool; each transaction holds one client from BEGIN to COMMIT.
 * Issue 9: a connection dropped under a request (server stopped, backend terminated) fails that
 * request with DatabaseUnavailableError (503) and is discarded; it never crashes the process, and
 * the pool connects afresh once the server is back.
 */
export async function openPostgresDatabase(url: string, options: PostgresOptions = {}): Promise<Database> {
  const { connectTimeoutMs, statementTimeoutMs, max } = { ...POSTGRES_DEFAULTS, ...options };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A transaction its client abandoned (a process frozen mid-request) must not hold locks for ever.
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    // A server that stops answering mid-statement (a network partition) fails the query here too.
    query_timeout: statementTimeoutMs + connectTimeoutMs,
    keepAlive: true,
    application_name: 'solis',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', logPoolError);
  const direct = wrap(pool);
  try {
    await direct.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  async function checkOut(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      const failure = asDatabaseError(error);
      throw failure instanceof DatabaseUnavailableError ? failure : new DatabaseUnavailableError('The database is unavailable.', { cause: error });
    }
  }

  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await checkOut();
      // A checked-out client has no pool listener: without this one, a terminated backend's
      // \`error\` event would be unhandled and end the process.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
        logPoolError(error);
      };
      client.on('error', onLost);
      let discard = false;
      try {
        const tx = wrap(client);
        await tx.query('BEGIN');
        const result = await fn(serialised(tx));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        // A lost connection, a timeout or a refused connection: the server rolls back when the
        // client goes; a connection in doubt is never handed to the next request.
        discard = lost !== undefined || error instanceof DatabaseUnavailableError;
        if (!discard) {
          await client.query('ROLLBACK').catch(() => {
            discard = true;
          });
        }
        throw error;
      } finally {
        client.off('error', onLost);
        // Released with an error, the pool destroys the client instead of reusing it.
        client.release(discard ? (lost ?? true) : undefined);
      }
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}
