/**
 * Co-borrower invitations (issue 11). When the applicant adds a co-applicant, the co-borrower gets a
 * single-use link that expires; opening it lets *their own* session reach the application as the
 * co-borrower (an access grant), never the applicant's session and never the applicant's data.
 *
 * The link is a one-time link (./one-time-links.ts): only the token's SHA-256 is stored. Delivery is the bank's messaging service; the reference API
 * has none, so in test mode the message goes to the sandbox outbox (readable by the applicant's
 * session through the sandbox, as a tester reading the co-borrower's e-mail); in production the
 * invitation is recorded for the bank's messaging service to send (docs/decisions/120-co-borrowers.md).
 */
import type { Queryable } from '../db/database';
import { notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { grantAccess, transferApplication } from './application-repository';
import { LINK_TOKEN, issueLink, linkPath, redeemLink, type LinkRole } from './one-time-links';
import { deletePerson, type PersonRow } from './person-repository';
import { sendToOutbox } from './sandbox-outbox';
import { assertApplicantLinkOpenable } from './resume';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The path of the link the co-borrower opens (a route of the app). */
export const invitationPath = linkPath;

/** A token as it arrives in a link: base64url, 43 characters for 32 random bytes. */
export const INVITATION_TOKEN = LINK_TOKEN;

/**
 * Invites the co-borrower: a new one-time link (older unused ones of this person stop working), its
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
  const link = await issueLink(db, { applicationId: application.id, personId: coBorrower.external_id, role: 'COBORROWER' }, { now, ttlMs: INVITATION_TTL_MS });
  if (deps.config.mode === 'test') {
    await sendToOutbox(
      db,
      application.id,
      { kind: 'coBorrowerInvitation', recipient: email, body: { link: link.path, firstName: coBorrower.declared_data['firstName'] ?? null } },
      now,
    );
  }
}

/**
 * Opens a one-time link for `owner` (the opener's own session): single use, before it expires.
 * A co-borrower's invitation gives the session access as the co-borrower; an applicant's link (what
 * a server-to-server channel returns, decision 188) makes the session the application's own, as if
 * it had created it. Answers the application's external id and the role to continue in; an unknown,
 * used or expired token is 404, like anything the caller may not see.
 */
export async function acceptInvitation(deps: AppDeps, token: string, owner: Owner): Promise<{ externalId: string; role: LinkRole }> {
  if (!INVITATION_TOKEN.test(token)) throw notFound();
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // Decision 195: an applicant's expired link, or one opened where another person is, is refused with its reason.
    await assertApplicantLinkOpenable(tx, token, owner, now);
    const link = await redeemLink(tx, token, now);
    if (link.role === 'APPLICANT') await transferApplication(tx, link.applicationId, owner);
    else await grantAccess(tx, link.applicationId, owner, { personId: link.personId, role: 'COBORROWER' }, now);
    return { externalId: link.externalId, role: link.role };
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
