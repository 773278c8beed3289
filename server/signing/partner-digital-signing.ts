import type { StoredApplicationData } from '../applications/application-data';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { partnerById } from '../pricing/pricing-repository';
import { partnerScope } from '../pricing/pricing.service';

/**
 * Decision 189 (issue 25): a partner's `canSignDigitally` (product data file; section 7's
 * `POST /partner/parameters`) decides whether its customers may sign with Smart-ID, Mobile-ID or
 * eParaksts. The bank's own applications always may. A partner the bank no longer knows (removed
 * from the data file) is taken as one that does not allow it: the partner's store remains.
 */
export async function digitalSigningAllowed(deps: AppDeps, db: Queryable, owner: Owner | null, data: Pick<StoredApplicationData, 'source'>): Promise<boolean> {
  const partnerId = data.source.partner?.id;
  if (!partnerId) return true;
  const partner = await partnerById(db, partnerScope(deps, owner), partnerId);
  return partner?.canSignDigitally ?? false;
}

/** The refusal of a digital signing start for a partner that does not allow it (409, as other signings not available). */
export async function assertDigitalSigningAllowed(deps: AppDeps, db: Queryable, owner: Owner | null, data: Pick<StoredApplicationData, 'source'>): Promise<void> {
  if (!(await digitalSigningAllowed(deps, db, owner, data))) {
    throw new ApiError('SIGNING_NOT_AVAILABLE', 'The partner this application came through does not offer digital signing: the contract is signed at its store.');
  }
}
