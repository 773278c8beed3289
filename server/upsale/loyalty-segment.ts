import * as v from 'valibot';
import { hasInstalments } from '../../core/domain/products';
import type { Queryable } from '../db/database';
import type { AppDeps, Owner } from '../http/app-env';
import { COMPARABLE_CODE } from '../applications/active-applications';
import { authenticatedPersonOf } from '../sessions/session-repository';

/**
 * Section 4: the loyalty segment decides where `/start` sends an Estonian retail customer
 * (docs/decisions/094, 175). From the bank's own records the reference API holds, for a customer it
 * knows who they are: the person the session's login authenticated (the login service, decision
 * 169; a typed personal code is not identification, decision 121):
 * - LOYALTY_SEGMENT_ONE (an upsale application with a personal offer): a customer with a product
 *   at the bank: a contract they signed (as applicant or co-applicant) that still runs (a loan
 *   within its period; an account or a card, which have none) or was signed within the last
 *   LOYAL_CUSTOMER_MONTHS months;
 * - LOYALTY_SEGMENT_TWO (product selection): everyone else, and anyone not identified.
 * In test mode a test may set its session's segment, any text, with `POST /api/sandbox/loyalty-segment`;
 * that wins over the records.
 */
export const DEFAULT_LOYALTY_SEGMENT = 'LOYALTY_SEGMENT_TWO';
export const LOYAL_CUSTOMER_SEGMENT = 'LOYALTY_SEGMENT_ONE';

/** A contract signed this many months ago or less makes a customer loyal, whether or not it still runs. */
export const LOYAL_CUSTOMER_MONTHS = 24;

const SegmentValue = v.object({ segment: v.nullable(v.string()) });

/** Test mode: the segment a test set for this session, if it set one. */
async function sandboxSegmentOf(db: Queryable, owner: Owner): Promise<{ segment: string | null } | undefined> {
  const rows = await db.query<{ value: unknown }>(
    `select value from sandbox_settings where owner_kind = $1 and owner_id = $2 and kind = 'loyalty-segment' and key = ''`,
    [owner.kind, owner.id],
  );
  return rows[0] ? v.parse(SegmentValue, rows[0].value) : undefined;
}

interface SignedRow {
  product_name: string;
  application_product: string;
  loan_period: number | null;
  signed_at: Date | string;
}

function addMonths(date: Date, months: number): Date {
  const later = new Date(date.getTime());
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
}

/** Whether a signed contract makes its signer a customer with a product at the bank, `now`. */
export function keepsCustomer(row: SignedRow, now: Date): boolean {
  const signedAt = new Date(row.signed_at);
  if (addMonths(signedAt, LOYAL_CUSTOMER_MONTHS) > now) return true;
  // A loan runs for its period; a product without instalments (an account, a card) until closed.
  if (!hasInstalments(row.product_name)) return true;
  const period = row.product_name === row.application_product ? row.loan_period : null;
  return period !== null && addMonths(signedAt, period) > now;
}

/** Whether the person with this personal code's keyed hash (`personalCodeHash`) has a product at the bank, from its signed contracts. */
export async function isLoyalCustomer(db: Queryable, personalCodeHash: string, now: Date): Promise<boolean> {
  const rows = await db.query<SignedRow>(
    `select s.product_name, a.product_name as application_product,
            case when jsonb_typeof(a.data->'creditConditions'->'loanPeriod') = 'number' then (a.data->'creditConditions'->>'loanPeriod')::int else null end as loan_period,
            s.signed_at
     from signed_contracts s join applications a on a.id = s.application_id
     where a.annulled_at is null and s.signed_at <= $2
       and exists (select 1 from persons p where p.application_id = a.id and p.role in ('APPLICANT', 'COBORROWER') and ${COMPARABLE_CODE} = $1)`,
    [personalCodeHash, now],
  );
  return rows.some((row) => keepsCustomer(row, now));
}

export async function loyaltySegmentOf(deps: AppDeps, owner: Owner | undefined): Promise<string | null> {
  if (!owner) return DEFAULT_LOYALTY_SEGMENT;
  if (deps.config.mode === 'test') {
    const set = await sandboxSegmentOf(deps.db, owner);
    if (set) return set.segment;
  }
  // Only a login identifies the customer; an embedded token's subject names no person (decision 022).
  if (owner.kind !== 'session') return DEFAULT_LOYALTY_SEGMENT;
  const now = deps.clock();
  const personalCodeHash = await authenticatedPersonOf(deps.db, owner.id, now);
  if (!personalCodeHash) return DEFAULT_LOYALTY_SEGMENT;
  return (await isLoyalCustomer(deps.db, personalCodeHash, now)) ? LOYAL_CUSTOMER_SEGMENT : DEFAULT_LOYALTY_SEGMENT;
}

/** Test mode: the segment this owner's customer has from now on (null: none). */
export async function setSandboxLoyaltySegment(db: Queryable, owner: Owner, segment: string | null, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, 'loyalty-segment', '', $3::jsonb, $4)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, JSON.stringify({ segment }), now],
  );
}
