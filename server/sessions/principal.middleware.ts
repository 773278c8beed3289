import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SESSION_EXPIRES_HEADER } from '../../core/wire/envelope.schema';
import type { AppDeps, AppEnv, Owner, Principal } from '../http/app-env';
import { ApiError, notFound } from '../http/api-error';
import { enforceClientLimit } from '../rate-limit/limits';
import { InvalidTokenError, verifyEmbedToken } from './bearer-token';
import { insertSession, readSession, slideSession } from './session-repository';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS, isWellFormedSessionToken, newSessionToken, sessionIdOf } from './session-token';

/**
 * Reading the session state must not keep it alive: a polling expiry warning would never expire.
 * Nor may the test-mode control that moves the session's clock (sandbox.routes.ts) slide it first.
 */
const OBSERVING_PATHS = new Set(['/api/v1/session', '/api/sandbox/session/advance']);

/**
 * Resolves who is calling (docs/architecture.md, "Sessions and access") and puts the session
 * expiry on every reply that has a session (section 4: the client reads it from every reply).
 *
 * - `Authorization: Bearer <token>` (embedded mode): the token's subject; expiry is the token's.
 * - Otherwise the session cookie: a live session slides its expiry (up to its absolute end).
 * - Otherwise anonymous: nothing is written. Routes that create or read owned data call
 *   `requireOwner`, which creates the session then (issue 9).
 */
export function principalMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    const principal = authorization !== undefined ? bearerPrincipal(deps, c, authorization) : await sessionPrincipal(deps, c);
    c.set('principal', principal);
    if (principal.kind !== 'anonymous') c.header(SESSION_EXPIRES_HEADER, principal.expiresAt.toISOString());
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
  const now = deps.clock();
  const id = presentedSessionId(c);
  if (id === undefined) return { kind: 'anonymous' };
  const state = OBSERVING_PATHS.has(c.req.path)
    ? await readSession(deps.db, id, now)
    : await slideSession(deps.db, id, now, deps.config.sessionTtlSeconds);
  // A missing, unknown or ended session: what it owned stays out of reach (decision 022).
  if (!state) return { kind: 'anonymous' };
  return { kind: 'session', owner: { kind: 'session', id }, expiresAt: state.expiresAt, authenticated: state.authenticated };
}

/** The id (hash) of the session cookie the request carries, if it is well formed. */
export function presentedSessionId(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  return isWellFormedSessionToken(token) ? sessionIdOf(token) : undefined;
}

/** Sets the session cookie and the expiry header for a session this reply created or renewed. */
export function issueSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS);
  c.header(SESSION_EXPIRES_HEADER, expiresAt.toISOString());
}

/** The caller's owner identity, if it has one (a live session or a valid token). */
export function ownerOf(c: Context<AppEnv>): Owner | undefined {
  const principal = c.get('principal');
  return principal.kind === 'anonymous' ? undefined : principal.owner;
}

/** Nothing is owned without a session or a token: such a call cannot find anything. */
export function existingOwner(c: Context<AppEnv>): Owner {
  const owner = ownerOf(c);
  if (!owner) throw notFound();
  return owner;
}

/**
 * The caller's owner identity, creating a session (row, cookie, expiry header) when it has none.
 * Creating one is counted per client address (issue 23): over the limit, 429 and no session.
 */
export async function requireOwner(deps: AppDeps, c: Context<AppEnv>): Promise<Owner> {
  const existing = ownerOf(c);
  if (existing) return existing;
  await enforceClientLimit(deps, c, 'session');
  const token = newSessionToken();
  const owner: Owner = { kind: 'session', id: sessionIdOf(token) };
  const expiresAt = await insertSession(deps.db, owner.id, deps.clock(), {
    ttlSeconds: deps.config.sessionTtlSeconds,
    absoluteTtlSeconds: deps.config.sessionAbsoluteTtlSeconds,
  });
  issueSessionCookie(c, token, expiresAt);
  c.set('principal', { kind: 'session', owner, expiresAt, authenticated: false });
  return owner;
}
