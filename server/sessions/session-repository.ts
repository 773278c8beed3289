import { personalCodeHash } from '../applications/personal-code';
import type { Database, Queryable } from '../db/database';
import { processMemoryOf, type ProcessMemory, type RememberedSession } from '../db/process-memory';
import { moveRateLimitCounts } from '../rate-limit/rate-limiter';

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

/**
 * Decision 207: on PGlite the process's memory holds a session's sliding expiry; the row's is written
 * again only once the sliding one has moved this far past it. A restart therefore ends a session at
 * most this much earlier than it would have ended (never later), and a busy applicant's calls touch
 * the row about once a minute instead of on every call.
 */
export const SESSION_WRITE_STEP_MS = 60_000;

const rememberedState = (session: RememberedSession): SessionState => ({ expiresAt: new Date(session.expiresAtMs), authenticated: session.authenticated });

/** The remembered session, if live at `now`; an ended one is forgotten. */
function liveRemembered(memory: ProcessMemory, id: string, now: Date): RememberedSession | undefined {
  const session = memory.sessions.get(id);
  if (!session) return undefined;
  if (session.expiresAtMs > now.getTime()) return session;
  memory.sessions.delete(id);
  return undefined;
}

/** Reads the row once into memory (a session this process has not seen since it started). */
async function rememberFromRow(db: Queryable, memory: ProcessMemory, id: string, now: Date): Promise<RememberedSession | undefined> {
  const rows = await db.query<SessionRow & { absolute_expires_at: Date }>(
    'select expires_at, absolute_expires_at, authenticated_at from sessions where id = $1 and expires_at > $2',
    [id, now],
  );
  const row = rows[0];
  if (!row) return undefined;
  const expiresAtMs = new Date(row.expires_at).getTime();
  const session = { expiresAtMs, storedExpiresAtMs: expiresAtMs, absoluteExpiresAtMs: new Date(row.absolute_expires_at).getTime(), authenticated: row.authenticated_at !== null };
  memory.sessions.set(id, session);
  return session;
}

/** Slides a live session's expiry, never past its absolute end; `undefined` when it is unknown or over. */
export async function slideSession(db: Queryable, id: string, now: Date, ttlSeconds: number): Promise<SessionState | undefined> {
  const memory = processMemoryOf(db);
  if (memory) {
    const session = liveRemembered(memory, id, now) ?? (await rememberFromRow(db, memory, id, now));
    if (!session) return undefined;
    session.expiresAtMs = Math.max(session.expiresAtMs, Math.min(now.getTime() + ttlSeconds * 1000, session.absoluteExpiresAtMs));
    if (session.expiresAtMs - session.storedExpiresAtMs >= SESSION_WRITE_STEP_MS) {
      session.storedExpiresAtMs = session.expiresAtMs;
      await db.query('update sessions set expires_at = $2 where id = $1', [id, new Date(session.expiresAtMs)]);
    }
    return rememberedState(session);
  }
  const rows = await db.query<SessionRow>(
    `update sessions set expires_at = least($3::timestamptz, absolute_expires_at)
     where id = $1 and expires_at > $2 returning expires_at, authenticated_at`,
    [id, now, new Date(now.getTime() + ttlSeconds * 1000)],
  );
  return toState(rows[0]);
}

/** A live session without touching it. */
export async function readSession(db: Queryable, id: string, now: Date): Promise<SessionState | undefined> {
  const memory = processMemoryOf(db);
  if (memory) {
    const session = liveRemembered(memory, id, now) ?? (await rememberFromRow(db, memory, id, now));
    return session && rememberedState(session);
  }
  const rows = await db.query<SessionRow>('select expires_at, authenticated_at from sessions where id = $1 and expires_at > $2', [id, now]);
  return toState(rows[0]);
}

export async function insertSession(db: Queryable, id: string, now: Date, lifetime: SessionLifetime): Promise<Date> {
  const absolute = new Date(now.getTime() + lifetime.absoluteTtlSeconds * 1000);
  const expiresAt = new Date(Math.min(now.getTime() + lifetime.ttlSeconds * 1000, absolute.getTime()));
  await db.query('insert into sessions (id, created_at, expires_at, absolute_expires_at) values ($1, $2, $3, $4)', [id, now, expiresAt, absolute]);
  processMemoryOf(db)?.sessions.set(id, { expiresAtMs: expiresAt.getTime(), storedExpiresAtMs: expiresAt.getTime(), absoluteExpiresAtMs: absolute.getTime(), authenticated: false });
  return expiresAt;
}

/**
 * Test mode only (`POST /api/sandbox/session/advance`): the session lives as though `seconds` more
 * had passed on the server's clock without a call, so a browser test that moves the page's clock
 * moves this session's with it instead of waiting. `undefined` when the session is unknown.
 */
export async function advanceSessionTime(db: Queryable, id: string, seconds: number): Promise<Date | undefined> {
  // On PGlite the remembered sliding expiry is the authority (decision 207): moved from it, and kept.
  const memory = processMemoryOf(db);
  const remembered = memory?.sessions.get(id);
  const rows = await db.query<{ expires_at: Date }>(
    `update sessions set created_at = created_at - make_interval(secs => $2),
       expires_at = coalesce($3::timestamptz, expires_at) - make_interval(secs => $2),
       absolute_expires_at = absolute_expires_at - make_interval(secs => $2)
     where id = $1 returning expires_at`,
    [id, seconds, remembered ? new Date(remembered.expiresAtMs) : null],
  );
  if (memory && remembered) {
    if (!rows[0]) memory.sessions.delete(id);
    else {
      remembered.expiresAtMs = new Date(rows[0].expires_at).getTime();
      remembered.storedExpiresAtMs = remembered.expiresAtMs;
      remembered.absoluteExpiresAtMs -= seconds * 1000;
    }
  }
  return rows[0] && new Date(rows[0].expires_at);
}

/** Logout: the session is over on the server, whatever the browser keeps. */
export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [id]);
  processMemoryOf(db)?.sessions.delete(id);
}

/**
 * Gives a live session a new id and marks it authenticated (OWASP ASVS 5.0 V7.2.4: a new session
 * token on authentication, so an id planted or seen before cannot ride along). Everything the old
 * id owned moves with it in the same transaction; the old id opens nothing afterwards.
 */
export async function renewSession(db: Database, oldId: string, newId: string, now: Date): Promise<SessionState | undefined> {
  const memory = processMemoryOf(db);
  const remembered = memory && liveRemembered(memory, oldId, now);
  const state = await db.transaction(async (tx) => {
    // On PGlite the remembered expiry is the authority (decision 207): written with the new id.
    const rows = await tx.query<SessionRow & { absolute_expires_at: Date }>(
      `update sessions set id = $2, authenticated_at = coalesce(authenticated_at, $3),
         expires_at = greatest(expires_at, coalesce($4::timestamptz, expires_at))
       where id = $1 and greatest(expires_at, coalesce($4::timestamptz, expires_at)) > $3
       returning expires_at, absolute_expires_at, authenticated_at`,
      [oldId, newId, now, remembered ? new Date(remembered.expiresAtMs) : null],
    );
    if (!rows[0]) return undefined;
    for (const table of ['applications', 'application_access', 'idempotency_keys', 'rate_limits', 'sandbox_controls', 'sandbox_settings']) {
      await tx.query(`update ${table} set owner_id = $2 where owner_kind = 'session' and owner_id = $1`, [oldId, newId]);
    }
    return rows[0];
  });
  if (memory) {
    memory.sessions.delete(oldId);
    if (state) {
      const expiresAtMs = new Date(state.expires_at).getTime();
      memory.sessions.set(newId, { expiresAtMs, storedExpiresAtMs: expiresAtMs, absoluteExpiresAtMs: new Date(state.absolute_expires_at).getTime(), authenticated: true });
      moveRateLimitCounts(db, oldId, newId);
    }
  }
  return toState(state);
}

/**
 * Decision 175: whom the session's login authenticated, for the bank's records of that customer (the
 * loyalty segment at /start). Set at each login. Issue 23 (decision 176): kept as the keyed hash of
 * the comparable code (`personalCodeHash`), which is all the look-up compares.
 */
export async function recordAuthenticatedPerson(db: Queryable, id: string, personalCode: string): Promise<void> {
  await db.query('update sessions set authenticated_personal_code_hash = $2 where id = $1', [id, personalCodeHash(personalCode)]);
}

/**
 * Decision 175: the keyed hash of the personal code the session's login authenticated, if any. For
 * the caller's own session, which the principal middleware found live for this request (on PGlite
 * by the process's memory, whose sliding expiry the row may trail by up to `SESSION_WRITE_STEP_MS`:
 * decision 207); an unknown id has none.
 */
export async function authenticatedPersonOf(db: Queryable, id: string, _now: Date): Promise<string | null> {
  const rows = await db.query<{ code: string | null }>('select authenticated_personal_code_hash as code from sessions where id = $1', [id]);
  return rows[0]?.code ?? null;
}
