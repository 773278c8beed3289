import type { Queryable } from '../db/database';

export interface SessionRow {
  id: string;
  expires_at: Date;
}

/** Slides a live session's expiry; `undefined` when it is unknown or already expired. */
export async function slideSession(db: Queryable, id: string, now: Date, ttlSeconds: number): Promise<Date | undefined> {
  const rows = await db.query<SessionRow>(
    'update sessions set expires_at = $3 where id = $1 and expires_at > $2 returning id, expires_at',
    [id, now, new Date(now.getTime() + ttlSeconds * 1000)],
  );
  return rows[0]?.expires_at;
}

/** A live session's expiry without touching it. */
export async function readSessionExpiry(db: Queryable, id: string, now: Date): Promise<Date | undefined> {
  const rows = await db.query<SessionRow>('select id, expires_at from sessions where id = $1 and expires_at > $2', [id, now]);
  return rows[0]?.expires_at;
}

export async function insertSession(db: Queryable, id: string, now: Date, ttlSeconds: number): Promise<Date> {
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.query('insert into sessions (id, created_at, expires_at) values ($1, $2, $3)', [id, now, expiresAt]);
  return expiresAt;
}
