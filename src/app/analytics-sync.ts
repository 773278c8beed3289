/**
 * Issue 25 item 3 (docs/decisions/190): the analytics calls, loaded once the applicant answers (the
 * marketing consent of a step, or the cookie banner) or a new application is created with a
 * remembered consent. The latest answer wins: a consent sends the tracking of this application, a
 * refusal removes what analytics wrote in the browser and, when one was sent, the application's
 * tracking.
 */
import { deleteTracking, saveTracking } from '../api/tracking.api';
import type { StepSubmission } from '../../core/wire/process.schema';
import type { TrackingInput } from '../../core/wire/tracking.schema';
import { clearingCookies, collectInBrowser, consentCookie } from '../features/analytics/collector';
import { holdLinkTracking, rememberedConsent, type RememberedConsent } from '../features/analytics/consent-cookie';

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
      if (target.externalId && target.applicant) await saveTracking(target.externalId, collectInBrowser(consent, holdLinkTracking(undefined)));
      return;
    }
    for (const cookie of clearingCookies(secure())) document.cookie = cookie;
    // Withdrawn: what was sent with this application goes too (a refusal before any consent sent nothing).
    if (target.externalId && target.applicant && before?.choice === 'granted') await deleteTracking(target.externalId);
  } catch {
    // Analytics never stands in the applicant's way; the next consent sends again.
  }
}


/** The tracking of a new application (consent is remembered). */
export function collect(consent: RememberedConsent, link: Readonly<Record<string, string>> | undefined): TrackingInput {
  return collectInBrowser(consent, link);
}

/** A step's marketing consent answer, when it asked one (true: consent, false: refusal). */
export async function afterStepAccepted(externalId: string, submission: StepSubmission): Promise<void> {
  const person = submission.application.personUpdates[0] as { role?: unknown; consents?: { marketing?: unknown } } | undefined;
  const answer = person?.consents?.marketing;
  if (typeof answer === 'boolean') await choose(answer ? 'granted' : 'refused', 'marketingConsent', { externalId, applicant: person?.role === 'APPLICANT' });
}
