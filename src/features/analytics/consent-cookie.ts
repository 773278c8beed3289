/**
 * Issue 25 item 3 (docs/decisions/190): the applicant's analytics choice, remembered in a cookie of
 * its own (`solis_consent=granted|refused.<basis>.<ms>`; strictly necessary: it only stores the
 * choice). Small, it is on the first page; the collector and the banner load only when needed.
 * Nothing is read from the device or sent before the choice is `granted`.
 */

export interface RememberedConsent {
  choice: 'granted' | 'refused';
  basis: 'marketingConsent' | 'cookieBanner';
  /** When it was given (ms since the epoch). */
  at: number;
}

export function rememberedConsent(cookie: string = document.cookie): RememberedConsent | null {
  // `solis_consent=<choice>.<basis>.<ms>` (consentCookie in collector.ts); a basis of another name is the banner's.
  const found = /(?:^|; )solis_consent=(granted|refused)\.(\w+)\.(\d{1,15})/.exec(cookie);
  return found ? { choice: found[1] as RememberedConsent['choice'], basis: found[2] === 'marketingConsent' ? found[2] : 'cookieBanner', at: +(found[3] as string) } : null;
}

/** The link's campaign parameters and ad click id (start parameters), held in memory only. */
let heldLink: Record<string, string> | undefined;
export function holdLinkTracking(link: Record<string, string> | undefined): Record<string, string> | undefined {
  if (link) heldLink = link;
  return heldLink;
}
