import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'solis_sid';

/** 32 random bytes, base64url: the cookie value. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The database keeps only this hash, so a copy of the sessions table opens no session. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedSessionToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}
