import type { StoredApplicationData } from '../applications/application-data';
import type { ApplicationRow } from '../applications/application-repository';
import type { PersonRow } from '../applications/person-repository';
import { sendToOutbox } from '../applications/sandbox-outbox';
import type { Queryable } from '../db/database';
import type { StoredDecision } from '../decisions/decision.service';
import type { AppDeps, Owner } from '../http/app-env';
import { isRegisteredReturnAddress, partnerById } from '../pricing/pricing-repository';
import { partnerScope } from '../pricing/pricing.service';

/**
 * Return to merchant (section 2; docs/decisions/147 and 172): a partner's applicant whom the shop sent
 * with its return address goes back to the shop once their statements are shared through open
 * banking, instead of waiting on the bank's "being processed" page. The bank analyses and decides
 * meanwhile (the check runs in the background); the decision is stored with the application, and
 * the applicant is told it by e-mail and the shop through the partner channel. An applicant who opens
 * the application again sees the decision's page (the offer, to accept and sign) as anyone else.
 */

/** The application came from a partner's shop that gave the address to send its customer back to. */
export function returnsToMerchant(data: StoredApplicationData): boolean {
  if (data.source.channel !== 'PARTNER_HOSTED_FLOW' || !data.source.partner) return false;
  const address = data.processData?.webShopRedirectUri;
  if (!address) return false;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Issue 25 (decision 189): the shop's address is still one of the partner's registered return
 * addresses when the applicant is sent there. The address was checked when it was stored (decision
 * 093); a partner that has since removed it from the product data file (a shop that moved its
 * checkout) gets its customer on the bank's own pages instead, never at an address it no longer names.
 */
export async function returnsToRegisteredMerchant(deps: AppDeps, db: Queryable, owner: Owner | null, data: StoredApplicationData): Promise<boolean> {
  if (!returnsToMerchant(data)) return false;
  const partner = data.source.partner?.id ? await partnerById(db, partnerScope(deps, owner), data.source.partner.id) : undefined;
  return partner !== undefined && isRegisteredReturnAddress(data.processData?.webShopRedirectUri ?? '', partner.returnAddresses);
}

/**
 * The decision made while the applicant was back at the shop, told to both: the applicant by e-mail,
 * the shop by its order's reference. The reference API has no messaging service (as for invitations,
 * decision 120): in test mode the messages go to the sandbox outbox, elsewhere the stored decision is
 * what the bank's messaging service sends from.
 */
export async function tellDecisionAfterReturn(
  deps: AppDeps,
  db: Queryable,
  application: ApplicationRow,
  data: StoredApplicationData,
  persons: readonly PersonRow[],
  decision: StoredDecision,
): Promise<void> {
  if (deps.config.mode !== 'test') return;
  const applicant = persons.find((person) => person.role === 'APPLICANT');
  const email = applicant?.declared_data['email'];
  const now = deps.clock();
  const message = (kind: string, recipient: string, body: unknown) =>
    sendToOutbox(db, application.id, { kind, recipient, body }, now);
  if (typeof email === 'string' && email) await message('decisionToApplicant', email, { outcome: decision.outcome, link: `/?externalId=${application.external_id}` });
  // The shop learns only whether its customer's loan is approved, never why not.
  const status = decision.outcome === 'POSITIVE' ? 'APPROVED' : decision.outcome.startsWith('NEGATIVE') ? 'DECLINED' : 'UNDER_REVIEW';
  await message('decisionToShop', data.source.partner?.regCode ?? '', { status, orderReference: data.processData?.webShopApplicationReferenceId ?? null });
}
