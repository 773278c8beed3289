import { createHash } from 'node:crypto';
import { openJson, sealJsonParam } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';

export const IDEMPOTENCY_SEALED = 'idempotency_keys.response';

export interface StoredReply {
  status: number;
  body: unknown;
}

/** Claiming a key is `claimKeyAndFindOwned` (application-repository.ts), with the submission's read of its application. */

export interface IdempotencyRecord {
  request_hash: string;
  status: 'processing' | 'completed';
  response_status: number | null;
  response: unknown;
}

export async function findIdempotencyKey(db: Queryable, owner: Owner, key: string): Promise<IdempotencyRecord | undefined> {
  const rows = await db.query<IdempotencyRecord>(
    'select request_hash, status, response_status, response from idempotency_keys where owner_kind = $1 and owner_id = $2 and key = $3',
    [owner.kind, owner.id, key],
  );
  // Issue 23 (decision 176): a stored reply carries what the step answered (names, contacts): sealed at rest.
  return rows[0] && { ...rows[0], response: rows[0].response === null ? null : openJson(IDEMPOTENCY_SEALED, rows[0].response) };
}

export async function completeIdempotencyKey(db: Queryable, owner: Owner, key: string, reply: StoredReply): Promise<void> {
  await db.query(
    `update idempotency_keys set status = 'completed', response_status = $4, response = $5::jsonb
     where owner_kind = $1 and owner_id = $2 and key = $3`,
    [owner.kind, owner.id, key, reply.status, sealJsonParam(IDEMPOTENCY_SEALED, reply.body)],
  );
}

/** A canonical hash of what was asked: key order in the JSON does not matter. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
