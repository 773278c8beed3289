/**
 * One-time, expiring links to an application (issue 11's co-borrower invitation, generalised for
 * issue 25's server-to-server channels and issue 26's resume by e-mail; decision 188).
 *
 * A link is 32 random bytes (base64url, 43 characters); only its SHA-256 is stored, so a copy of the
 * table opens nothing. It names the application, the person and the role its holder gets. It is
 * spent by the first opener before it expires: `redeemLink` marks it used and answers what it opens;
 * what that means (an access grant for a co-borrower, the application itself for an applicant) is
 * the caller's. An unknown, used or expired link, or one of an annulled application, is 404 like
 * anything the caller may not see.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { notFound } from '../http/api-error';

/** The role a link gives its holder. */
export type LinkRole = 'APPLICANT' | 'COBORROWER';

/** The path of the page that opens a link (a route of the app, core/domain/app-routes.ts). */
export function linkPath(token: string): string {
  return `/invitation/${token}`;
}

/** A token as it arrives in a link: base64url, 43 characters for 32 random bytes. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssuedLink {
  token: string;
  path: string;
  expiresAt: Date;
}

/**
 * A new link for this person of the application; the person's older unused links stop working (one
 * live link per person: the last one sent is the one that works).
 */
export async function issueLink(
  db: Queryable,
  target: { applicationId: string; personId: string; role: LinkRole },
  options: { now: Date; ttlMs: number },
): Promise<IssuedLink> {
  await db.query('delete from invitations where application_id = $1 and person_id = $2 and used_at is null', [target.applicationId, target.personId]);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  await db.query(
    'insert into invitations (token_hash, application_id, person_id, role, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [linkTokenHash(token), target.applicationId, target.personId, target.role, options.now, expiresAt],
  );
  return { token, path: linkPath(token), expiresAt };
}

export interface RedeemedLink {
  applicationId: string;
  externalId: string;
  personId: string;
  role: LinkRole;
}

/** Spends the link (inside the caller's transaction), or 404. */
export async function redeemLink(tx: Queryable, token: string, now: Date): Promise<RedeemedLink> {
  if (!LINK_TOKEN.test(token)) throw notFound();
  const rows = await tx.query<{ application_id: string; person_id: string; role: string; external_id: string }>(
    `update invitations i set used_at = $2
     from applications a
     where i.token_hash = $1 and i.used_at is null and i.expires_at > $2 and a.id = i.application_id and a.annulled_at is null
     returning i.application_id::text as application_id, i.person_id, i.role, a.external_id`,
    [linkTokenHash(token), now],
  );
  const link = rows[0];
  if (!link || (link.role !== 'APPLICANT' && link.role !== 'COBORROWER')) throw notFound();
  return { applicationId: link.application_id, externalId: link.external_id, personId: link.person_id, role: link.role };
}
