import type { Context } from 'hono';
import type { SolisMode } from '../config/env';
import { publicOriginOf } from './forwarded';
import { SSO_PATH } from '../../core/domain/identification';

/**
 * Every browser redirect the reference API hands out or follows (issues 12 and 13: the e-signature,
 * Smart-ID and bank-payment providers, the PSD2 consent page, single sign-on and remote
 * identification, and the addresses they send the browser back to) is checked here against an
 * allowlist the server holds (docs/decisions/151-redirect-allowlist.md). A target is allowed only
 * when its origin and path equal an entry exactly (its query and fragment are the server's own
 * doing); it never carries credentials and is http(s) only. Entries:
 * - `REDIRECT_ALLOWLIST`: absolute addresses of outside providers' pages and of return pages on
 *   other origins (checked at start-up: http(s), no query, fragment or credentials);
 * - this origin's paths in `OWN_REDIRECT_PATHS` (the app itself), and in test mode the sandbox
 *   providers' pages of `SANDBOX_REDIRECT_PATHS`. A module that adds a provider adds its path here.
 */
// The app's root, and the resume page the login service returns to (issue 26, decision 195).
export const OWN_REDIRECT_PATHS: readonly string[] = ['/', '/resume'];

/** The sandbox providers' pages on this origin (test mode only). */
export const SANDBOX_REDIRECT_PATHS: readonly string[] = [
  // Issue 13 (docs/decisions/156): single sign-on.
  SSO_PATH,
];

/** Origin and path of an absolute http(s) address without credentials; null for anything else. */
export function redirectKeyOf(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return `${url.origin}${url.pathname}`;
}

export interface RedirectAllowlistConfig {
  configured: readonly string[];
  mode: SolisMode;
  /**
   * Issue 21: the origins of the outside parties' own pages, as their adapters are configured (a
   * bank's consent page path is the bank's to choose): any path there is allowed.
   */
  providerOrigins?: readonly string[];
}

/** True when `target` (absolute) is on the allowlist for a server serving `ownOrigin`. */
export function isAllowedRedirect(config: RedirectAllowlistConfig, ownOrigin: string, target: string): boolean {
  const key = redirectKeyOf(target);
  if (key === null) return false;
  const own = [...OWN_REDIRECT_PATHS, ...(config.mode === 'test' ? SANDBOX_REDIRECT_PATHS : [])].map((path) => `${ownOrigin}${path}`);
  return own.includes(key) || config.configured.includes(key) || (config.providerOrigins ?? []).includes(new URL(target).origin);
}

/** The same check for a request: this origin as the request reached it (proxies as configured). */
export function isAllowedRedirectFor(
  c: Context,
  deps: { config: { redirectAllowlist: readonly string[]; mode: SolisMode; trustProxyHops: number; publicOrigin: string | null }; providers: { pageOrigins: readonly string[] } },
  target: string,
): boolean {
  const { config } = deps;
  return isAllowedRedirect(
    { configured: config.redirectAllowlist, mode: config.mode, providerOrigins: deps.providers.pageOrigins },
    publicOriginOf(c, config),
    target,
  );
}
