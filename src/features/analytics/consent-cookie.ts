/**
 * Issue 25 item 3 (docs/decisions/190): the applicant's analytics choice, remembered in a cookie of
 * its own (`solis_consent=granted|refused.<basis>.<ms>`; strictly necessary: it only stores the
 * choice). Small, it is on the first page; the collector and the banner load only when needed.
 * Nothing is read from the device or sent before the choice is `granted`.
 */

export const CONSENT_COOKIE = 'solis_consent';
/** The footer's "Cookie settings" asks the banner to open again with this event. */
export const COOKIE_SETTINGS_EVENT = 'solis:cookie-settings';

export interface RememberedConsent {
  choice: 'granted' | 'refused';
  basis: 'marketingConsent' | 'cookieBanner';
  /** When it was given (ms since the epoch). */
  at: number;
}

export function rememberedConsent(cookie: string = document.cookie): RememberedConsent | null {
  const found = /(?:^|;\s*)solis_consent=(granted|refused)\.(marketingConsent|cookieBanner)\.(\d{1,15})(?:;|$)/.exec(cookie);
  return found ? { choice: found[1] as RememberedConsent['choice'], basis: found[2] as RememberedConsent['basis'], at: Number(found[3]) } : null;
}

const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * Remembers a choice for six months (then it is asked again). A refusal keeps only this choice: the
 * caller removes what analytics wrote (`clearingCookies`).
 */
export function consentCookie(consent: RememberedConsent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consent.choice}.${consent.basis}.${consent.at}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
