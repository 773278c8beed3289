/**
 * Test mode: what the reference API "sent" (an invitation e-mail, a decision to the applicant and the
 * shop), readable through the sandbox. Issue 23 (decision 176): recipient and body name a person
 * (an e-mail address, a first name): sealed at rest like every other personal value.
 */
import { openJson, openNullableText, sealJsonParam, sealText } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';

export const OUTBOX_SEALED = { recipient: 'sandbox_outbox.recipient', body: 'sandbox_outbox.body' } as const;

export async function sendToOutbox(db: Queryable, applicationId: string, message: { kind: string; recipient: string; body: unknown }, now: Date): Promise<void> {
  await db.query('insert into sandbox_outbox (application_id, kind, recipient, body, created_at) values ($1, $2, $3, $4::jsonb, $5)', [
    applicationId,
    message.kind,
    sealText(OUTBOX_SEALED.recipient, message.recipient),
    sealJsonParam(OUTBOX_SEALED.body, message.body),
    now,
  ]);
}

/** The messages "sent" for the caller's own applications, oldest first. */
export async function outboxOf(db: Queryable, owner: Owner, externalId: string): Promise<{ kind: string; recipient: string; body: unknown }[]> {
  const rows = await db.query<{ kind: string; recipient: string; body: unknown }>(
    `select o.kind, o.recipient, o.body from sandbox_outbox o join applications a on a.id = o.application_id
     where a.external_id = $1 and a.owner_kind = $2 and a.owner_id = $3 and a.annulled_at is null order by o.id`,
    [externalId, owner.kind, owner.id],
  );
  return rows.map((row) => ({
    kind: row.kind,
    recipient: openNullableText(OUTBOX_SEALED.recipient, row.recipient) ?? '',
    body: openJson(OUTBOX_SEALED.body, row.body),
  }));
}
