/**
 * Embedded mode (sections 1 and 6): a parent page shows the app in an iframe and passes in a bearer
 * token and a role. The bridge is deliberately small:
 *
 * - the parent sets the iframe's address to `/?role=<role>#token=<jwt>`; the role is a query
 *   parameter (section 3 lists it with the query), the token travels in the fragment, which browsers
 *   never send to a server nor put in a Referer;
 * - at start the token is read once, removed from the address bar with `history.replaceState` (so it
 *   is not kept in history, bookmarks or screenshots) and handed to the HTTP client, which adds it
 *   to every call (`setEmbeddedAuth`). It lives in memory only.
 *
 * The token's shape is checked before it is used: a compact JWT (three base64url parts) whose
 * payload is JSON with an `exp` in the future. Its signature is the server's business; a token the
 * server refuses comes back as 401 and ends on the same unauthorized page.
 */
import { setEmbeddedAuth } from '../api/client';
import { isCustomerAdministrator } from '../../core/domain/user-groups';

export const INVALID_TOKEN_MESSAGE = 'Invalid token specified';

/** Section 6: the role defaults to the applicant. */
export const DEFAULT_EMBEDDED_ROLE = 'applicant';
const ROLE_PATTERN = /^[a-z][a-z_-]{0,39}$/i;
const TOKEN_FRAGMENT = 'token';

export interface EmbeddedMode {
  embedded: boolean;
  role: string;
  /** Only while embedded: kept so a chunk-recovery reload can hand the token back to itself. */
  token: string | null;
  /** The token's user groups name a customer administrator (section 6; core/domain/user-groups.ts). */
  customerAdministrator: boolean;
  /** The token's user groups (section 6: the corporate country choice, decision 181). */
  userGroups: readonly string[];
}

const NOT_EMBEDDED: EmbeddedMode = { embedded: false, role: DEFAULT_EMBEDDED_ROLE, token: null, customerAdministrator: false, userGroups: [] };
let current: EmbeddedMode = NOT_EMBEDDED;

export type TokenCheck = { valid: true; groups: readonly string[] } | { valid: false; reason: string };

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The client-side shape check of an embedded token (never a substitute for the server's). */
export function checkTokenShape(token: string, now: Date = new Date()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
    return { valid: false, reason: 'not a compact JWT' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]!));
  } catch {
    return { valid: false, reason: 'payload is not base64url JSON' };
  }
  if (typeof payload !== 'object' || payload === null) return { valid: false, reason: 'payload is not an object' };
  const { exp, userGroups } = payload as { exp?: unknown; userGroups?: unknown };
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { valid: false, reason: 'no exp claim' };
  if (exp * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  const groups = Array.isArray(userGroups) ? userGroups.filter((g): g is string => typeof g === 'string') : [];
  return { valid: true, groups };
}

export type EmbeddedStart =
  | { outcome: 'standalone' }
  | { outcome: 'embedded'; mode: EmbeddedMode }
  /** The token was unusable: the app must show the unauthorized page (section 8). */
  | { outcome: 'invalid-token' };

/**
 * Reads the bridge from the address at start-up, strips the token from it and arms the HTTP
 * client. Called once from `main.tsx`, before the router reads the address.
 */
export function startEmbeddedMode(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
  now: Date = new Date(),
): EmbeddedStart {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const token = fragment.get(TOKEN_FRAGMENT);
  if (token === null) {
    current = NOT_EMBEDDED;
    return { outcome: 'standalone' };
  }
  fragment.delete(TOKEN_FRAGMENT);
  const rest = fragment.toString();
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);

  const requestedRole = new URLSearchParams(location.search).get('role');
  const role = requestedRole && ROLE_PATTERN.test(requestedRole) ? requestedRole : DEFAULT_EMBEDDED_ROLE;
  const check = checkTokenShape(token, now);
  // Still embedded: the parent owns navigation, so the unauthorized page shows no home button.
  current = {
    embedded: true,
    role,
    token: check.valid ? token : null,
    customerAdministrator: check.valid && isCustomerAdministrator(check.groups),
    userGroups: check.valid ? check.groups : [],
  };
  if (!check.valid) {
    // Section 8: logged with the spec's message; the token itself is never logged.
    console.error(`${INVALID_TOKEN_MESSAGE} (${check.reason})`);
    setEmbeddedAuth(null);
    return { outcome: 'invalid-token' };
  }
  setEmbeddedAuth({ token, role });
  return { outcome: 'embedded', mode: current };
}

/** Whether the app runs inside a parent page; fixed for the page's lifetime. */
export function embeddedMode(): EmbeddedMode {
  return current;
}

/**
 * The address to reload to: the current one plus the token fragment when embedded, so a reload
 * (chunk recovery) starts embedded again instead of losing the parent's token.
 */
export function reloadAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const base = `${location.pathname}${location.search}`;
  if (!current.embedded || !current.token) return `${base}${location.hash}`;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  fragment.set(TOKEN_FRAGMENT, current.token);
  return `${base}#${fragment.toString()}`;
}

/** Issue 25: the parent's refreshed token (parent-bridge.ts checked it) from now on, also for a reload. */
export function replaceEmbeddedToken(token: string): void {
  current = { ...current, token };
  setEmbeddedAuth({ token, role: current.role });
}

/** Tests: back to standalone. */
export function resetEmbeddedMode(): void {
  current = NOT_EMBEDDED;
  setEmbeddedAuth(null);
}

/**
 * Section 6 (decision 191): what an embedded customer administrator's start leaves out. Products are
 * not initialised (section 4, "not for embedded customer administrators"), and the interface does not
 * switch to the person's language on continuing: the administrator keeps theirs, the person keeps
 * their own (the create request and the hidden language fields do not carry the administrator's).
 */
export function startRulesOf(mode: Pick<EmbeddedMode, 'customerAdministrator'>): { initialiseProducts: boolean; followPersonLanguage: boolean } {
  return { initialiseProducts: !mode.customerAdministrator, followPersonLanguage: !mode.customerAdministrator };
}
