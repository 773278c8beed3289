import { createHash, randomBytes } from 'node:crypto';
import { SSO_PATH, type AuthenticationMethod } from '../../core/domain/identification';
import type { AppDeps } from '../http/app-env';
import { PERSON_SEALED } from '../applications/person-repository';
import { openNullableText } from '../crypto/data-cipher';
import { ProviderError } from '../providers/provider-http';
import { newPkcePair, samePersonalCode, SsoLoginRefused, type SsoIdentity, type SsoProvider } from '../providers/sso/sso.adapter';

/**
 * The login at the bank's login service (section 7's `/auth/public-sso`; decisions 156 and 169): the
 * app sends the browser to SSO_PATH; the server starts an OpenID Connect authorization code flow
 * with PKCE there and finishes it at SSO_CALLBACK_PATH, where the provider sends the browser back.
 */
export const SSO_CALLBACK_PATH = `${SSO_PATH}/callback`;
/** How long a person has at the login service. */
const LOGIN_TTL_MS = 10 * 60 * 1000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');
const randomValue = () => randomBytes(32).toString('base64url');

interface LoginRow {
  session_id: string;
  nonce: string;
  code_verifier: string;
  original_url: string;
  expires_at: Date | string;
}

interface ApplicantCode {
  personal_code: string;
}

/** The personal codes of the applicants of this session's open applications (those the login will authenticate). */
async function applicantCodesOf(deps: AppDeps, sessionId: string): Promise<string[]> {
  const rows = await deps.db.query<ApplicantCode>(
    `select p.personal_code from persons p join applications a on p.application_id = a.id
     where p.role = 'APPLICANT' and p.personal_code is not null
       and a.owner_kind = 'session' and a.owner_id = $1 and a.process_done = false and a.annulled_at is null`,
    [sessionId],
  );
  // Sealed at rest (decision 176): opened, then the empty ones and the repeats left out here.
  const codes = rows.map((row) => openNullableText(PERSON_SEALED.personalCode, row.personal_code) ?? '').filter((code) => code !== '');
  return [...new Set(codes)];
}

export interface SsoStart {
  provider: SsoProvider;
  sessionId: string;
  method: AuthenticationMethod;
  language: string;
  originalUrl: string;
  redirectUri: string;
}

/** Stores a new login for the session and answers the provider's authorization URL to send the browser to. */
export async function startSsoLogin(deps: AppDeps, start: SsoStart): Promise<string> {
  const state = randomValue();
  const nonce = randomValue();
  const pkce = newPkcePair();
  const codes = await applicantCodesOf(deps, start.sessionId);
  // The provider is asked first: when it cannot be reached nothing is stored.
  const url = await start.provider.authorizationUrl({
    redirectUri: start.redirectUri,
    state,
    nonce,
    codeChallenge: pkce.challenge,
    method: start.method,
    language: start.language,
    ...(codes.length === 1 ? { loginHint: codes[0] } : {}),
  });
  const now = deps.clock();
  await deps.db.query('delete from sso_logins where expires_at < $1', [now]);
  await deps.db.query(
    `insert into sso_logins (state_hash, session_id, nonce, code_verifier, method, original_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [hashOf(state), start.sessionId, nonce, pkce.verifier, start.method, start.originalUrl, now, new Date(now.getTime() + LOGIN_TTL_MS)],
  );
  return url;
}

export type SsoFinish =
  /** No login of this session with this state (unknown, used, expired, or another browser's). */
  | { result: 'unknown' }
  | { result: 'cancelled' | 'mismatch'; originalUrl: string }
  /** `problem`: why, for the log, when the provider refused or failed. */
  | { result: 'failed'; originalUrl: string; problem?: unknown }
  | { result: 'authenticated'; originalUrl: string; identity: SsoIdentity };

export interface SsoCallback {
  provider: SsoProvider;
  sessionId: string | undefined;
  state: string;
  code: string | undefined;
  error: string | undefined;
  redirectUri: string;
}

/**
 * Takes the session's login back (single use) and, when the provider gave a code, exchanges it and
 * checks whose login it was. The caller renews the session on `authenticated`; a refused code or
 * token, or a provider fault, is a failed login (the login is spent: the person starts again).
 */
export async function finishSsoLogin(deps: AppDeps, callback: SsoCallback): Promise<SsoFinish> {
  if (!callback.state || callback.sessionId === undefined) return { result: 'unknown' };
  const rows = await deps.db.query<LoginRow>('delete from sso_logins where state_hash = $1 returning session_id, nonce, code_verifier, original_url, expires_at', [hashOf(callback.state)]);
  const login = rows[0];
  if (!login || new Date(login.expires_at).getTime() <= deps.clock().getTime() || login.session_id !== callback.sessionId) return { result: 'unknown' };
  const originalUrl = login.original_url;
  // RFC 6749 4.1.2.1: access_denied is the person saying no; any other error is a failed login.
  if (callback.error !== undefined) return { result: callback.error === 'access_denied' ? 'cancelled' : 'failed', originalUrl };
  if (!callback.code) return { result: 'failed', originalUrl };
  let identity: SsoIdentity;
  try {
    identity = await callback.provider.exchangeCode({ code: callback.code, codeVerifier: login.code_verifier, redirectUri: callback.redirectUri, nonce: login.nonce });
  } catch (problem) {
    // The login is spent either way: a person tries again from the app (a provider fault included).
    if (problem instanceof SsoLoginRefused || problem instanceof ProviderError) return { result: 'failed', originalUrl, problem };
    throw problem;
  }
  // Decision 169: the person who logged in must be the applicant where the application knows the applicant's code.
  const codes = await applicantCodesOf(deps, callback.sessionId);
  if (codes.some((code) => !samePersonalCode(code, identity.personalCode))) return { result: 'mismatch', originalUrl };
  return { result: 'authenticated', originalUrl, identity };
}
