/**
 * The one persistence seam of the reference API: PGlite (embedded, default) and a PostgreSQL server
 * (`DATABASE_URL`) behind the same small interface, running the same SQL. With PostgreSQL nothing the
 * API decides lives in process memory, so any number of API processes can serve one application; a
 * PGlite directory has one process, which keeps rate-limit counts and sliding session expiries in
 * memory (decision 207, db/process-memory.ts).
 */
/** `Uint8Array` is bytea (an uploaded document, issue 13). */
export type SqlParam = string | number | boolean | null | Date | Uint8Array;

export interface Queryable {
  /** One parameterised statement; rows as plain objects. Pass JSON values as strings with `::jsonb`. */
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type Transaction = Queryable;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
