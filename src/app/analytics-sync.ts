/**
 * Issue 25 item 3 (docs/decisions/190): a choice made after the application exists. Loaded when the
 * applicant answers (the marketing consent of a step, or the cookie banner). The latest answer wins:
 * a consent sends the tracking of this application, a refusal removes what analytics wrote in the
 * browser and, when one was sent, the application's tracking.
 */
import { deleteTracking, saveTracking } from '../api/tracking.api';
import { clearingCookies, collectInBrowser } from '../features/analytics/collector';
import { consentCookie, rememberedConsent, type RememberedConsent } from '../features/analytics/consent-cookie';
import { heldLinkTracking } from './analytics';

/** The application the banner's answer is about (the applicant's own, once it exists). */
export interface ConsentTarget {
  externalId: string | null;
  /** Only the applicant's own data says how an application came in; a co-borrower's choice stays in their browser. */
  applicant: boolean;
}

function secure(): boolean {
  return window.location.protocol === 'https:';
}

/** Remembers the choice and acts on it; the network's answer changes nothing the applicant sees. */
export async function choose(choice: RememberedConsent['choice'], basis: RememberedConsent['basis'], target: ConsentTarget): Promise<void> {
  const before = rememberedConsent();
  const consent: RememberedConsent = { choice, basis, at: Date.now() };
  document.cookie = consentCookie(consent, secure());
  try {
    if (choice === 'granted') {
      if (target.externalId && target.applicant) await saveTracking(target.externalId, collectInBrowser(consent, heldLinkTracking()));
      return;
    }
    for (const cookie of clearingCookies(secure())) document.cookie = cookie;
    // Withdrawn: what was sent with this application goes too (a refusal before any consent sent nothing).
    if (target.externalId && target.applicant && before?.choice === 'granted') await deleteTracking(target.externalId);
  } catch {
    // Analytics never stands in the applicant's way; the next consent sends again.
  }
}

/** The marketing consent answered on a step (true: consent, false: refusal). */
export function marketingAnswered(externalId: string, answer: boolean, applicant: boolean): Promise<void> {
  return choose(answer ? 'granted' : 'refused', 'marketingConsent', { externalId, applicant });
}
