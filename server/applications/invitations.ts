/**
 * Co-borrower invitations (issue 11). When the applicant adds a co-applicant, the co-borrower gets a
 * single-use link that expires; opening it lets *their own* session reach the application as the
 * co-borrower (an access grant), never the applicant's session and never the applicant's data.
 *
 * Only the token's SHA-256 is stored. Delivery is the bank's messaging service; the reference API
 * has none, so in test mode the message goes to the sandbox outbox (readable by the applicant's
 * session through the sandbox, as a tester reading the co-borrower's e-mail); in production the
 * invitation is recorded for the bank's messaging service to send (docs/decisions/120-co-borrowers.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { grantAccess } from './application-repository';
import { deletePerson, type PersonRow } from './person-repository';
import { sendToOutbox } from './sandbox-outbox';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The path of the link the co-borrower opens (a route of the app). */
export function invitationPath(token: string): string {
  return `/invitation/${token}`;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token as it arrives in a link: base64url, 43 characters for 32 random bytes. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Invites the co-borrower: a new token (older unused ones of this person stop working), its
 * message delivered (sandbox outbox in test mode).
 */
export async function inviteCoBorrower(
  deps: AppDeps,
  db: Queryable,
  application: { id: string; external_id: string },
  coBorrower: PersonRow,
  email: string,
  now: Date,
): Promise<void> {
  await db.query('delete from invitations where application_id = $1 and person_id = $2 and used_at is null', [application.id, coBorrower.external_id]);
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'insert into invitations (token_hash, application_id, person_id, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [hashOf(token), application.id, coBorrower.external_id, now, new Date(now.getTime() + INVITATION_TTL_MS)],
  );
  if (deps.config.mode === 'test') {
    await sendToOutbox(
      db,
      application.id,
      { kind: 'coBorrowerInvitation', recipient: email, body: { link: invitationPath(token), firstName: coBorrower.declared_data['firstName'] ?? null } },
      now,
    );
  }
}

/**
 * Opens an invitation for `owner` (the co-borrower's own session): single use, before it expires.
 * Answers the application's external id; an unknown, used or expired token is 404, like anything
 * the caller may not see.
 */
export async function acceptInvitation(deps: AppDeps, token: string, owner: Owner): Promise<{ externalId: string }> {
  if (!INVITATION_TOKEN.test(token)) throw notFound();
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ application_id: string; person_id: string; external_id: string }>(
      `update invitations i set used_at = $2
       from applications a
       where i.token_hash = $1 and i.used_at is null and i.expires_at > $2 and a.id = i.application_id and a.annulled_at is null
       returning i.application_id::text as application_id, i.person_id, a.external_id`,
      [hashOf(token), now],
    );
    const invitation = rows[0];
    if (!invitation) throw notFound();
    await grantAccess(tx, invitation.application_id, owner, { personId: invitation.person_id, role: 'COBORROWER' }, now);
    return { externalId: invitation.external_id };
  });
}

/** Removes the co-borrower person with everything that let them in or held their answers (issue 11). */
export async function withdrawCoBorrower(db: Queryable, applicationId: string, coBorrower: Pick<PersonRow, 'id' | 'external_id'>): Promise<void> {
  await db.query('delete from invitations where application_id = $1 and person_id = $2', [applicationId, coBorrower.external_id]);
  await db.query('delete from application_access where application_id = $1 and person_id = $2', [applicationId, coBorrower.external_id]);
  await db.query("delete from drafts where application_id = $1 and role = 'COBORROWER'", [applicationId]);
  await deletePerson(db, applicationId, coBorrower);
}

/** Test mode: the messages "sent" for the caller's own applications (the sandbox outbox). */
export { outboxOf } from './sandbox-outbox';
