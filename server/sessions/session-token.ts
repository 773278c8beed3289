import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions } from 'hono/utils/cookie';

/**
 * The session cookie (decision 026). `__Host-`: the browser accepts it only with Secure, Path=/ and
 * no Domain, so no subdomain and no plain-http page can set or overwrite it. Browsers treat
 * http://localhost and http://127.0.0.1 as secure contexts and keep it there too (checked in
 * Debian's Chromium), so `npm start` and the browser tests work without TLS.
 */
export const SESSION_COOKIE = '__Host-solis_sid';

export const SESSION_COOKIE_OPTIONS: CookieOptions = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' };

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
