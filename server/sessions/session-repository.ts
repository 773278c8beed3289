import { personalCodeHash } from '../applications/personal-code';
import type { Database, Queryable } from '../db/database';

export interface SessionState {
  expiresAt: Date;
  authenticated: boolean;
}

interface SessionRow {
  expires_at: Date;
  authenticated_at: Date | null;
}

const toState = (row: SessionRow | undefined): SessionState | undefined =>
  row && { expiresAt: new Date(row.expires_at), authenticated: row.authenticated_at !== null };

export interface SessionLifetime {
  /** Idle: each call slides the expiry this far. */
  ttlSeconds: number;
  /** Absolute: no sliding goes past creation plus this. */
  absoluteTtlSeconds: number;
}

/** Slides a live session's expiry, never past its absolute end; `undefined` when it is unknown or over. */
export async function slideSession(db: Queryable, id: string, now: Date, ttlSeconds: number): Promise<SessionState | undefined> {
  const rows = await db.query<SessionRow>(
    `update sessions set expires_at = least($3::timestamptz, absolute_expires_at)
     where id = $1 and expires_at > $2 returning expires_at, authenticated_at`,
    [id, now, new Date(now.getTime() + ttlSeconds * 1000)],
  );
  return toState(rows[0]);
}

/** A live session without touching it. */
export async function readSession(db: Queryable, id: string, now: Date): Promise<SessionState | undefined> {
  const rows = await db.query<SessionRow>('select expires_at, authenticated_at from sessions where id = $1 and expires_at > $2', [id, now]);
  return toState(rows[0]);
}

export async function insertSession(db: Queryable, id: string, now: Date, lifetime: SessionLifetime): Promise<Date> {
  const absolute = new Date(now.getTime() + lifetime.absoluteTtlSeconds * 1000);
  const expiresAt = new Date(Math.min(now.getTime() + lifetime.ttlSeconds * 1000, absolute.getTime()));
  await db.query('insert into sessions (id, created_at, expires_at, absolute_expires_at) values ($1, $2, $3, $4)', [id, now, expiresAt, absolute]);
  return expiresAt;
}

/**
 * Test mode only (`POST /api/sandbox/session/advance`): the session lives as though `seconds` more
 * had passed on the server's clock without a call, so a browser test that moves the page's clock
 * moves this session's with it instead of waiting. `undefined` when the session is unknown.
 */
export async function advanceSessionTime(db: Queryable, id: string, seconds: number): Promise<Date | undefined> {
  const rows = await db.query<{ expires_at: Date }>(
    `update sessions set created_at = created_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2),
       absolute_expires_at = absolute_expires_at - make_interval(secs => $2)
     where id = $1 returning expires_at`,
    [id, seconds],
  );
  return rows[0] && new Date(rows[0].expires_at);
}

/** Logout: the session is over on the server, whatever the browser keeps. */
export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [id]);
}

/**
 * Gives a live session a new id and marks it authenticated (OWASP ASVS 5.0 V7.2.4: a new session
 * token on authentication, so an id planted or seen before cannot ride along). Everything the old
 * id owned moves with it in the same transaction; the old id opens nothing afterwards.
 */
export async function renewSession(db: Database, oldId: string, newId: string, now: Date): Promise<SessionState | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<SessionRow>(
      `update sessions set id = $2, authenticated_at = coalesce(authenticated_at, $3)
       where id = $1 and expires_at > $3 returning expires_at, authenticated_at`,
      [oldId, newId, now],
    );
    if (!rows[0]) return undefined;
    for (const table of ['applications', 'application_access', 'idempotency_keys', 'rate_limits', 'sandbox_controls', 'sandbox_settings']) {
      await tx.query(`update ${table} set owner_id = $2 where owner_kind = 'session' and owner_id = $1`, [oldId, newId]);
    }
    return toState(rows[0]);
  });
}

/**
 * Decision 175: whom the session's login authenticated, for the bank's records of that customer (the
 * loyalty segment at /start). Set at each login. Issue 23 (decision 176): kept as the keyed hash of
 * the comparable code (`personalCodeHash`), which is all the look-up compares.
 */
export async function recordAuthenticatedPerson(db: Queryable, id: string, personalCode: string): Promise<void> {
  await db.query('update sessions set authenticated_personal_code_hash = $2 where id = $1', [id, personalCodeHash(personalCode)]);
}

/** Decision 175: the keyed hash of the personal code the session's login authenticated, if any (a live session only). */
export async function authenticatedPersonOf(db: Queryable, id: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ code: string | null }>('select authenticated_personal_code_hash as code from sessions where id = $1 and expires_at > $2', [id, now]);
  return rows[0]?.code ?? null;
}
