/**
 * Issue 25 item 3 (docs/decisions/190): where the application flow meets the analytics consent. On
 * the first page, so kept small: the collector and the calls are loaded once consent is given.
 */
import type { StepSubmission } from '../../core/wire/process.schema';
import type { TrackingInput } from '../../core/wire/tracking.schema';
import { holdLinkTracking, rememberedConsent } from '../features/analytics/consent-cookie';

const loadSync = () => import('./analytics-sync');

/** For a new application: the tracking to create it with, only when consent is remembered. */
export async function consentedTracking(link: Record<string, string> | undefined): Promise<TrackingInput | undefined> {
  const held = holdLinkTracking(link);
  const consent = rememberedConsent();
  return consent?.choice === 'granted' ? (await loadSync()).collect(consent, held) : undefined;
}

/**
 * After a step is accepted: a marketing consent answer it carried (section 2) is the applicant's
 * analytics choice (the lazy part reads the answer; it is loaded after the first accepted step).
 */
export function afterStepAccepted(externalId: string, submission: StepSubmission): void {
  void loadSync().then((sync) => sync.afterStepAccepted(externalId, submission));
}
