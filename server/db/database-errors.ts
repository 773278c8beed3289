/**
 * The database could not be reached, or dropped the connection, or gave up on a statement: the
 * request may be retried and will succeed once the database is back (issue 9). The API answers
 * 503 SERVICE_UNAVAILABLE with Retry-After. The message names no row value, only what failed.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/** Node's socket errors that mean "no connection", not "bad statement". */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATEs after which the same statement may succeed later: connection exceptions (class 08),
 * insufficient resources (class 53), operator intervention (57: shutdown, terminated backend,
 * statement timeout) and transaction rollbacks the server chose (40001 serialisation, 40P01 deadlock).
 */
function isTransientSqlState(code: string): boolean {
  return /^(08|53|57)/.test(code) || code === '40001' || code === '40P01';
}

/** pg reports a lost or never-made connection with these messages and no code. */
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|connection timeout/i;

export function isTransientDatabaseFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isTransientSqlState(code)))) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

/** `error` as a DatabaseUnavailableError when it is transient; unchanged otherwise. */
export function asDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isTransientDatabaseFailure(error)) return error;
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? code : (error as Error).message;
  return new DatabaseUnavailableError(`The database is unavailable (${reason}).`, { cause: error });
}
