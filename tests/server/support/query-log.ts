import type { Database, Queryable, SqlParam, Transaction } from '../../../server/db/database';

export interface LoggedQuery {
  sql: string;
  /** Inside a transaction (BEGIN and COMMIT are not counted: PGlite sends them itself). */
  inTransaction: boolean;
}

/**
 * The database with every statement the app sends written down: the count of queries per request
 * is a deterministic figure a test can hold down (issue 26 item 7), where a timing is not.
 */
export function loggingDatabase(db: Database): { db: Database; log: LoggedQuery[]; transactions: () => number } {
  const log: LoggedQuery[] = [];
  let transactions = 0;
  const logging = (target: Queryable, inTransaction: boolean): Queryable => ({
    query<T>(sql: string, params?: readonly SqlParam[]) {
      log.push({ sql, inTransaction });
      return target.query<T>(sql, params);
    },
    exec(sql: string) {
      log.push({ sql, inTransaction });
      return target.exec(sql);
    },
  });
  const outside = logging(db, false);
  const wrapped: Database = {
    kind: db.kind,
    query: outside.query,
    exec: outside.exec,
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      transactions++;
      return db.transaction((tx) => fn(logging(tx, true)));
    },
    close: () => db.close(),
  };
  return { db: wrapped, log, transactions: () => transactions };
}
