import * as v from 'valibot';
import type { Queryable } from '../db/database';
import type { AppDeps, Owner } from '../http/app-env';

/**
 * Section 4: the loyalty segment decides where `/start` sends an Estonian retail customer. The bank's
 * customer data is not part of the reference API, so it knows no segment for anybody and answers
 * LOYALTY_SEGMENT_TWO (product selection: no personal offer is assumed); in test mode a test sets
 * its session's segment, any text, with `POST /api/sandbox/loyalty-segment` (docs/decisions/094).
 */
export const DEFAULT_LOYALTY_SEGMENT = 'LOYALTY_SEGMENT_TWO';

const SegmentValue = v.object({ segment: v.nullable(v.string()) });

export async function loyaltySegmentOf(deps: AppDeps, owner: Owner | undefined): Promise<string | null> {
  if (deps.config.mode !== 'test' || !owner) return DEFAULT_LOYALTY_SEGMENT;
  const rows = await deps.db.query<{ value: unknown }>(
    `select value from sandbox_settings where owner_kind = $1 and owner_id = $2 and kind = 'loyalty-segment' and key = ''`,
    [owner.kind, owner.id],
  );
  return rows[0] ? v.parse(SegmentValue, rows[0].value).segment : DEFAULT_LOYALTY_SEGMENT;
}

/** Test mode: the segment this owner's customer has from now on (null: none). */
export async function setSandboxLoyaltySegment(db: Queryable, owner: Owner, segment: string | null, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, 'loyalty-segment', '', $3::jsonb, $4)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, JSON.stringify({ segment }), now],
  );
}
