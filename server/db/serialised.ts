import type { Queryable, SqlParam } from './database';

/** A second query started while one is running on the same transaction: always a programming error. */
export class ConcurrentQueryError extends Error {
  override readonly name = 'ConcurrentQueryError';
}

/**
 * Refuses overlapping queries on one transaction's connection (issue 9). pg would queue them with a
 * deprecation warning, and a failure of one would leave the other running against a connection
 * that is being rolled back; PGlite would queue them silently. Await each query before the next.
 */
export function serialised(target: Queryable): Queryable {
  let running = false;
  const once = async <T>(run: () => Promise<T>): Promise<T> => {
    if (running) throw new ConcurrentQueryError('Two queries at once in one transaction: await each query before starting the next.');
    running = true;
    try {
      return await run();
    } finally {
      running = false;
    }
  };
  return {
    query: <T>(sql: string, params?: readonly SqlParam[]) => once(() => target.query<T>(sql, params)),
    exec: (sql: string) => once(() => target.exec(sql)),
  };
}
