/**
 * Issue 25 item 3 (docs/decisions/190): where the application flow meets the analytics consent. On
 * the first page, so kept small: the collector and the calls are loaded only once consent is given.
 */
import type { StepSubmission } from '../../core/wire/process.schema';
import type { TrackingInput } from '../../core/wire/tracking.schema';
import { rememberedConsent } from '../features/analytics/consent-cookie';

/** The link's campaign parameters and ad click id (start parameters), held in memory only. */
let heldLink: Record<string, string> | undefined;
export function heldLinkTracking(): Record<string, string> | undefined {
  return heldLink;
}

/** For a new application: the tracking to create it with, only when consent is remembered. */
export async function consentedTracking(link: Record<string, string> | undefined): Promise<TrackingInput | undefined> {
  if (link) heldLink = link;
  const consent = rememberedConsent();
  if (consent?.choice !== 'granted') return undefined;
  return (await import('../features/analytics/collector')).collectInBrowser(consent, heldLink);
}

/** After a step is accepted: its marketing consent answer (section 2) is the applicant's analytics choice. */
export function afterStepAccepted(externalId: string, submission: StepSubmission): void {
  const person = submission.application.personUpdates[0] as { role?: unknown; consents?: { marketing?: unknown } } | undefined;
  const answer = person?.consents?.marketing;
  if (typeof answer === 'boolean') void import('./analytics-sync').then((sync) => sync.marketingAnswered(externalId, answer, person?.role === 'APPLICANT'));
}
