/**
 * Issue 26 item 2 (decision 195): an applicant comes back to their application on any day and any
 * device, by logging in through the bank's login service (Smart-ID, Mobile-ID, ID card, internet
 * bank: the SSO adapter) or by a one-time link sent to the e-mail address they gave
 * (./one-time-links.ts, decision 188). Either way the application becomes the returning browser's
 * session's own, at the task it was left on, with its drafts (drafts are the application's, not the
 * session's).
 */
import * as v from 'valibot';
import { countryOfDomain } from '../../core/domain/business-domains';
import { emailSchema } from '../../core/validation/general/email';
import { personalCodeSchema } from '../../core/validation/personal-code';
import type { ResumeLinkRequest } from '../../core/wire/resume.schema';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { toFieldErrors } from '../http/validation';
import { hitRateLimit } from '../rate-limit/rate-limiter';
import { authenticatedPersonOf } from '../sessions/session-repository';
import type { Queryable } from '../db/database';
import { transferApplication } from './application-repository';
import { issueLink, linkTokenHash, LINK_TOKEN } from './one-time-links';
import { PERSON_SEALED, personalCodeHash } from './person-repository';
import { openJson } from '../crypto/data-cipher';
import { sendToOutbox } from './sandbox-outbox';

/** How long a resume link works: the person asked for it a moment ago, on the device they hold. */
export const RESUME_LINK_TTL_MS = 60 * 60 * 1000;

const HOUR = 60 * 60;
/**
 * Rate limits of the link request (decision 195). Per client address and per personal code asked
 * about (matched or not, so the refusal tells nothing): a 429. Per application: links beyond the
 * third in an hour are not sent, silently (the answer is the same), so nobody fills a mailbox.
 */
export const RESUME_LINK_LIMITS = {
  client: { bucket: 'client.resume.link', limit: 10, windowSeconds: HOUR },
  personalCode: { bucket: 'resume.link.code', limit: 5, windowSeconds: HOUR },
  application: { bucket: 'resume.link.sent', limit: 3, windowSeconds: HOUR },
} as const;

interface Candidate {
  id: string;
  external_id: string;
  person_id: string;
  declared_data: unknown;
}

/** The open applications (newest first) in this domain whose applicant has this personal code hash. */
async function openApplicationsOf(db: Queryable, domain: string, codeHash: string): Promise<Candidate[]> {
  return db.query<Candidate>(
    `select a.id::text as id, a.external_id, p.external_id as person_id, p.declared_data
     from persons p join applications a on a.id = p.application_id
     where p.role = 'APPLICANT' and p.personal_code_hash = $1 and a.business_domain = $2
       and not a.process_done and a.annulled_at is null
     order by a.updated_at desc, a.id desc`,
    [codeHash, domain],
  );
}

const comparableEmail = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

/** The request's fields by the rules of the first page, else 422 naming each. */
function checkedRequest(deps: AppDeps, request: ResumeLinkRequest): { email: string; personalCode: string } {
  const schema = v.object({ email: emailSchema(), personalCode: personalCodeSchema(countryOfDomain(deps.config.businessDomain), { checkAge: false }) });
  const result = v.safeParse(schema, { email: request.email, personalCode: request.personalCode });
  if (!result.success) throw new ApiError('VALIDATION_FAILED', 'The request is invalid.', { fieldErrors: toFieldErrors(result.issues) });
  return result.output;
}

/**
 * `POST /api/v1/resume/link`: when an open application's applicant has this personal code and this
 * e-mail address, a new one-time link (older unused ones stop working) goes to that address (the
 * sandbox outbox in test mode; in production the bank's messaging service sends it, as the
 * co-borrower's invitation, decision 120). The answer is the same whether anything matched.
 */
export async function requestResumeLink(
  deps: AppDeps,
  request: ResumeLinkRequest,
  caller: { clientAddress: string | undefined; retryAfter: (seconds: number) => void },
): Promise<{ accepted: true; expiresInMinutes: number }> {
  const now = deps.clock();
  const limit = async (id: string, rule: { bucket: string; limit: number; windowSeconds: number }) => {
    const decision = await hitRateLimit(deps.db, { kind: 'client', id }, rule, now);
    if (decision.allowed) return;
    caller.retryAfter(decision.retryAfterSeconds);
    throw new ApiError('RATE_LIMITED', 'Too many link requests; try again later.');
  };
  if (caller.clientAddress !== undefined) await limit(caller.clientAddress, RESUME_LINK_LIMITS.client);
  const { email, personalCode } = checkedRequest(deps, request);
  const codeHash = personalCodeHash(personalCode);
  await limit(`personal-code:${codeHash}`, RESUME_LINK_LIMITS.personalCode);
  const answer = { accepted: true as const, expiresInMinutes: RESUME_LINK_TTL_MS / 60_000 };
  const match = (await openApplicationsOf(deps.db, deps.config.businessDomain, codeHash)).find((candidate) => {
    const declared = openJson<Record<string, unknown>>(PERSON_SEALED.declaredData, candidate.declared_data);
    return comparableEmail(declared['email']) === comparableEmail(email);
  });
  if (!match) return answer;
  const sent = await hitRateLimit(deps.db, { kind: 'client', id: `application:${match.id}` }, RESUME_LINK_LIMITS.application, now);
  if (!sent.allowed) return answer;
  await deps.db.transaction(async (tx) => {
    const link = await issueLink(tx, { applicationId: match.id, personId: match.person_id, role: 'APPLICANT' }, { now, ttlMs: RESUME_LINK_TTL_MS });
    if (deps.config.mode === 'test') {
      const declared = openJson<Record<string, unknown>>(PERSON_SEALED.declaredData, match.declared_data);
      await sendToOutbox(
        tx,
        match.id,
        {
          kind: 'resumeLink',
          recipient: email,
          body: { link: link.path, expiresAt: link.expiresAt.toISOString(), language: request.language ?? 'en', firstName: declared['firstName'] ?? null },
        },
        now,
      );
    }
  });
  return answer;
}

/**
 * `POST /api/v1/resume/login`: after a login through the bank's login service in this session, every
 * open application (in this domain) of the person who logged in becomes this session's, its
 * applicant authenticated; answers the newest. Without a login in this session: nothing changes.
 */
export async function resumeByLogin(deps: AppDeps, owner: Owner): Promise<{ authenticated: boolean; externalId: string | null }> {
  if (owner.kind !== 'session') return { authenticated: false, externalId: null };
  const now = deps.clock();
  const codeHash = await authenticatedPersonOf(deps.db, owner.id, now);
  if (codeHash === null) return { authenticated: false, externalId: null };
  return deps.db.transaction(async (tx) => {
    const open = await openApplicationsOf(tx, deps.config.businessDomain, codeHash);
    for (const application of open) {
      await transferApplication(tx, application.id, owner);
      await tx.query(`update persons set authenticated_at = coalesce(authenticated_at, $2) where application_id = $1 and role = 'APPLICANT'`, [application.id, now]);
    }
    return { authenticated: true, externalId: open[0]?.external_id ?? null };
  });
}

interface LinkState {
  role: string;
  expired: boolean;
  used: boolean;
  applicant_code_hash: string | null;
}

/**
 * Decision 195: before an applicant's link is spent, whether this browser may open it. An expired
 * link is 410 LINK_EXPIRED (the page says to ask for a new one); the link of another person's
 * application is 403 LINK_FOR_ANOTHER_PERSON, and stays unspent: the session logged in as someone
 * else, or it already holds an open application of another applicant (a shared computer). Unknown
 * and used links, and every co-borrower invitation, are left to `redeemLink` (404, as before).
 */
export async function assertApplicantLinkOpenable(db: Queryable, token: string, owner: Owner, now: Date): Promise<void> {
  if (!LINK_TOKEN.test(token)) throw notFound();
  const rows = await db.query<LinkState>(
    `select i.role, i.expires_at <= $2 as expired, i.used_at is not null as used, p.personal_code_hash as applicant_code_hash
     from invitations i left join persons p on p.application_id = i.application_id and p.external_id = i.person_id
     where i.token_hash = $1`,
    [linkTokenHash(token), now],
  );
  const link = rows[0];
  if (!link || link.role !== 'APPLICANT' || link.used) return;
  if (link.expired) throw new ApiError('LINK_EXPIRED', 'This link has expired. Ask for a new one.');
  if (owner.kind !== 'session' || link.applicant_code_hash === null) return;
  const loggedInAs = await authenticatedPersonOf(db, owner.id, now);
  const others = await db.query<{ code: string }>(
    `select distinct p.personal_code_hash as code from applications a join persons p on p.application_id = a.id and p.role = 'APPLICANT'
     where a.owner_kind = $1 and a.owner_id = $2 and not a.process_done and a.annulled_at is null and p.personal_code_hash is not null`,
    [owner.kind, owner.id],
  );
  const someoneElse = (loggedInAs !== null && loggedInAs !== link.applicant_code_hash) || others.some((row) => row.code !== link.applicant_code_hash);
  if (someoneElse) throw new ApiError('LINK_FOR_ANOTHER_PERSON', 'This link is for another person’s application.');
}
