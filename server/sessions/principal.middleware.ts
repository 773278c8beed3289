import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SESSION_EXPIRES_HEADER } from '../../src/api/schemas/envelope.schema';
import type { AppDeps, AppEnv, Principal } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { InvalidTokenError, verifyEmbedToken } from './bearer-token';
import { insertSession, readSessionExpiry, slideSession } from './session-repository';
import { SESSION_COOKIE, isWellFormedSessionToken, newSessionToken, sessionIdOf } from './session-token';

/** Reading the session state must not keep it alive: a polling expiry warning would never expire. */
const OBSERVING_PATHS = new Set(['/api/v1/session']);

/**
 * Resolves who is calling (docs/architecture.md, "Sessions and access") and puts the session
 * expiry on the reply (section 4: the client reads it from every reply).
 *
 * - `Authorization: Bearer <token>` (embedded mode): the token's subject; expiry is the token's.
 * - Otherwise the `solis_sid` cookie: a live session slides its expiry; a missing, unknown or
 *   expired one is replaced by a new session (whatever the old one owned stays out of reach).
 */
export function principalMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    const principal = authorization !== undefined ? bearerPrincipal(deps, c, authorization) : await sessionPrincipal(deps, c);
    c.set('principal', principal);
    c.header(SESSION_EXPIRES_HEADER, principal.expiresAt.toISOString());
    await next();
  };
}

function bearerPrincipal(deps: AppDeps, c: Context<AppEnv>, authorization: string): Principal {
  const now = deps.clock();
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  try {
    if (!match?.[1]) throw new InvalidTokenError('Not a bearer authorization.');
    const claims = verifyEmbedToken(match[1], deps.config.embedTokenSecret, now);
    return {
      kind: 'bearer',
      owner: { kind: 'subject', id: claims.sub },
      userGroups: claims.userGroups,
      expiresAt: new Date(claims.exp * 1000),
    };
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    // The embedded session is over: an expiry of "now" tells the client so.
    c.header(SESSION_EXPIRES_HEADER, now.toISOString());
    throw new ApiError('UNAUTHORIZED', 'Invalid token specified');
  }
}

async function sessionPrincipal(deps: AppDeps, c: Context<AppEnv>): Promise<Principal> {
  const { db, config, clock } = deps;
  const now = clock();
  const presented = getCookie(c, SESSION_COOKIE);
  if (isWellFormedSessionToken(presented)) {
    const id = sessionIdOf(presented);
    const expiresAt = OBSERVING_PATHS.has(c.req.path)
      ? await readSessionExpiry(db, id, now)
      : await slideSession(db, id, now, config.sessionTtlSeconds);
    if (expiresAt) return { kind: 'session', owner: { kind: 'session', id }, expiresAt };
  }
  const token = newSessionToken();
  const id = sessionIdOf(token);
  const expiresAt = await insertSession(db, id, now, config.sessionTtlSeconds);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(c.req.url).protocol === 'https:',
  });
  return { kind: 'session', owner: { kind: 'session', id }, expiresAt };
}
