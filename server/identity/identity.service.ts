import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { RemoteIdentificationState } from '../../core/wire/identity.schema';
import {
  REMOTE_IDENTIFICATION_STATUSES,
  isRemoteIdentificationRequired,
  remoteIdentificationApplies,
  type RemoteIdentificationStatus,
} from '../../core/domain/identification';
import { isBusinessDomain } from '../../core/domain/business-domains';
import { readApplicationData } from '../applications/application-data';
import { findAccessibleApplication, type ApplicationRow } from '../applications/application-repository';
import { forgetPersons, listPersons, personalCodeOf, type PersonRow } from '../applications/person-repository';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { IDV_WEBHOOK_TOLERANCE_MS, section3StatusOf, type IdvDecision, type IdvSessionRequest } from '../providers/idv/idv.adapter';

/**
 * Identification on the reference API (issue 13; docs/decisions/156 and 157): the applicant's login
 * through the login service marks them authenticated; a remote identification is kept per person with
 * its status. Issue 21 (docs/decisions/171): the remote identification is a session at the
 * identity-verification provider (`deps.providers.idv`); its decision arrives by a signed webhook
 * (`receiveIdentityDecision`) or, when that is late, by asking the provider while the status call
 * finds it RUNNING. Only the application's applicant (its owner) reaches the calls: a co-borrower or
 * another session gets 404.
 */

interface RemoteIdentificationRow {
  status: RemoteIdentificationStatus;
  application_id: string;
  person_id: string;
  reference_hash: string | null;
  provider_session_id: string | null;
}

const ForcedStatusValue = v.object({ status: v.nullable(v.picklist(REMOTE_IDENTIFICATION_STATUSES)) });

/** An application's external id is a UUID: anything else (NUL included) names nothing. */
const EXTERNAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The applicant's own open application and their person row; 404 for anyone else. */
async function applicantAccess(deps: AppDeps, db: Queryable, owner: Owner, externalId: string): Promise<{ application: ApplicationRow; applicant: PersonRow }> {
  if (!EXTERNAL_ID.test(externalId)) throw notFound();
  const access = await findAccessibleApplication(db, externalId, owner);
  if (!access || access.role !== 'APPLICANT' || access.application.process_done) throw notFound();
  const applicant = (await listPersons(db, access.application.id)).find((person) => person.role === 'APPLICANT');
  if (!applicant) throw notFound();
  return { application: access.application, applicant };
}

/** Section 6: the flag is on and this application is one it is for (Estonian current account, Latvia). */
function remoteIdentificationEnabled(deps: AppDeps, application: ApplicationRow): boolean {
  const domain = application.business_domain;
  if (!deps.flags.isEnabled('remoteIdentification') || !isBusinessDomain(domain)) return false;
  return remoteIdentificationApplies(domain, readApplicationData(application.data).creditConditions.productName);
}

/** Test mode: the status a test asked the provider to answer for this owner (null: the stored one). */
async function forcedStatus(deps: AppDeps, db: Queryable, owner: Owner): Promise<RemoteIdentificationStatus | null> {
  if (deps.config.mode !== 'test') return null;
  const rows = await db.query<{ value: unknown }>(
    `select value from sandbox_settings where owner_kind = $1 and owner_id = $2 and kind = 'identity' and key = 'status'`,
    [owner.kind, owner.id],
  );
  return rows[0] ? v.parse(ForcedStatusValue, rows[0].value).status : null;
}

/** Test mode: what the status call answers this owner from now on (any status; null: the provider's own). */
export async function setSandboxIdentityStatus(db: Queryable, owner: Owner, status: RemoteIdentificationStatus | null, now: Date): Promise<void> {
  await db.query(
    `insert into sandbox_settings (owner_kind, owner_id, kind, key, value, created_at) values ($1, $2, 'identity', 'status', $3::jsonb, $4)
     on conflict (owner_kind, owner_id, kind, key) do update set value = excluded.value, created_at = excluded.created_at`,
    [owner.kind, owner.id, JSON.stringify({ status }), now],
  );
}

const ROW_COLUMNS = 'status, application_id::text as application_id, person_id, reference_hash, provider_session_id';

async function storedRow(db: Queryable, applicationId: string, personId: string): Promise<RemoteIdentificationRow | undefined> {
  const rows = await db.query<RemoteIdentificationRow>(`select ${ROW_COLUMNS} from remote_identifications where application_id = $1 and person_id = $2`, [
    applicationId,
    personId,
  ]);
  return rows[0];
}

async function stateOf(deps: AppDeps, db: Queryable, owner: Owner, application: ApplicationRow, applicant: PersonRow): Promise<RemoteIdentificationState> {
  const status = (await forcedStatus(deps, db, owner)) ?? (await storedRow(db, application.id, applicant.external_id))?.status ?? 'NO_STATUS';
  return {
    status,
    enabled: remoteIdentificationEnabled(deps, application),
    identified: applicant.identified_at != null,
    // Decision 171: without a provider (production only) the bank still asks for it; the step waits.
    available: deps.providers.idv !== null,
  };
}

/**
 * `GET /api/v1/identity/{externalId}/status`. While the identification is RUNNING, the provider is
 * asked for its decision (the webhook may be late or lost); a provider that fails throws
 * ProviderError (503 PROVIDER_UNAVAILABLE) and nothing changes.
 */
export async function remoteIdentificationState(deps: AppDeps, owner: Owner, externalId: string): Promise<RemoteIdentificationState> {
  const { application, applicant } = await applicantAccess(deps, deps.db, owner, externalId);
  const state = await stateOf(deps, deps.db, owner, application, applicant);
  const idv = deps.providers.idv;
  if (state.status !== 'RUNNING' || idv === null || (await forcedStatus(deps, deps.db, owner)) !== null) return state;
  const sessionId = (await storedRow(deps.db, application.id, applicant.external_id))?.provider_session_id;
  if (!sessionId) return state;
  const decision = await idv.decision(sessionId);
  if (decision === null) return state;
  await deps.db.transaction(async (tx) => {
    const row = await runningRowOfSession(tx, sessionId);
    if (row) await applyDecision(deps, tx, row, decision === 'unknown' ? null : decision);
  });
  const { applicant: now } = await applicantAccess(deps, deps.db, owner, externalId);
  return stateOf(deps, deps.db, owner, application, now);
}

const referenceHash = (reference: string) => createHash('sha256').update(reference).digest('hex');

/** Section 4: starting is for an application where the bank asks for it and it is not done yet. */
function assertStartable(state: RemoteIdentificationState): void {
  if (!state.enabled) throw new ApiError('STEP_OUT_OF_ORDER', 'Remote identification is not asked for on this application.');
  if (!isRemoteIdentificationRequired(state.enabled, state.status, state.identified)) {
    throw new ApiError('STEP_OUT_OF_ORDER', 'The applicant is already identified.');
  }
}

/** What the provider is told about the person: the name they declared and their personal code (in the body, never in an address). */
function idvPersonOf(applicant: PersonRow): IdvSessionRequest['person'] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { firstName: text(applicant.declared_data['firstName']), lastName: text(applicant.declared_data['surname']), idNumber: applicant.personal_code };
}

/**
 * `POST /api/v1/identity/{externalId}`: starts (or starts again) the applicant's remote
 * identification: a session at the provider with a new single-use reference, then RUNNING; answers
 * the provider's page. Refused where the bank does not ask for it or it is already completed, and,
 * where no provider is configured (production), with PROCESS_NOT_AVAILABLE. The provider is called
 * outside any transaction: when it fails (ProviderError), nothing was written.
 */
export async function startRemoteIdentification(
  deps: AppDeps,
  owner: Owner,
  externalId: string,
  request: { returnUrl: string; webhookUrl: string; language: string; isAllowedPage: (url: string) => boolean },
): Promise<{ redirectUrl: string }> {
  const { application, applicant } = await applicantAccess(deps, deps.db, owner, externalId);
  assertStartable(await stateOf(deps, deps.db, owner, application, applicant));
  const idv = deps.providers.idv;
  if (idv === null) {
    throw new ApiError('PROCESS_NOT_AVAILABLE', 'Remote identification is not available: no identity-verification provider is configured. The application is kept as it is.', {
      status: 409,
    });
  }
  const reference = randomBytes(32).toString('base64url');
  const session = await idv.createSession({ reference, person: idvPersonOf(applicant), returnUrl: request.returnUrl, webhookUrl: request.webhookUrl, language: request.language });
  if (!request.isAllowedPage(session.url)) throw new ApiError('INTERNAL', 'The identity-verification provider\'s page is not on the redirect allowlist (IDV_PAGE_ORIGIN).');
  return deps.db.transaction(async (tx) => {
    // Checked again: another tab may have completed it while the provider answered.
    const again = await applicantAccess(deps, tx, owner, externalId);
    assertStartable(await stateOf(deps, tx, owner, again.application, again.applicant));
    const now = deps.clock();
    await tx.query(
      `insert into remote_identifications (application_id, person_id, status, reference_hash, return_url, provider_session_id, provider_status, created_at, updated_at)
       values ($1, $2, 'RUNNING', $3, $4, $5, null, $6, $6)
       on conflict (application_id, person_id) do update set status = 'RUNNING', reference_hash = excluded.reference_hash, return_url = excluded.return_url,
         provider_session_id = excluded.provider_session_id, provider_status = null, updated_at = excluded.updated_at`,
      [again.application.id, again.applicant.external_id, referenceHash(reference), request.returnUrl, session.id, now],
    );
    return { redirectUrl: session.url };
  });
}

async function runningRowOfSession(tx: Queryable, sessionId: string): Promise<RemoteIdentificationRow | undefined> {
  const rows = await tx.query<RemoteIdentificationRow>(`select ${ROW_COLUMNS} from remote_identifications where provider_session_id = $1 for update`, [sessionId]);
  return rows[0];
}

const normalisedCode = (code: string | null | undefined) => (code ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * Records the provider's decision on a RUNNING identification (null: the provider knows no such
 * session, a technical error). COMPLETED_OK identifies the person, unless the document's personal
 * code is not theirs (then COMPLETED_FAILURE). A decision still to come (review) changes nothing but
 * the provider's status; one on an identification no longer RUNNING changes nothing at all.
 * Answers whether the status changed.
 */
async function applyDecision(deps: AppDeps, tx: Queryable, row: RemoteIdentificationRow, decision: IdvDecision | null): Promise<boolean> {
  if (row.status !== 'RUNNING') return false;
  let status = decision === null ? 'TECHNICAL_ERROR' : section3StatusOf(decision);
  const now = deps.clock();
  if (status === 'COMPLETED_OK' && decision?.idNumber) {
    const own = await personalCodeOf(tx, row.application_id, row.person_id);
    if (own && normalisedCode(own) !== normalisedCode(decision.idNumber)) status = 'COMPLETED_FAILURE';
  }
  const final = status !== 'RUNNING';
  await tx.query(
    `update remote_identifications set status = $3, provider_status = $4, updated_at = $5, reference_hash = case when $6 then null else reference_hash end
     where application_id = $1 and person_id = $2`,
    [row.application_id, row.person_id, status, decision?.status.slice(0, 100) ?? 'unknown', now, final],
  );
  if (status === 'COMPLETED_OK') {
    await tx.query('update persons set identified_at = coalesce(identified_at, $3) where application_id = $1 and external_id = $2', [row.application_id, row.person_id, now]);
    forgetPersons(tx, row.application_id);
  }
  return final;
}

/** What became of a webhook delivery (the route answers it; anything refused throws ApiError). */
export type DecisionReceipt = 'recorded' | 'unchanged';

/**
 * The provider's decision webhook (`POST /api/v1/identity-verification/webhook`): the signature over
 * the raw body and its timestamp are checked first (401 when either fails: nothing is read, nothing
 * logged), then the session (404 when it is not one of ours), then whether this very delivery came
 * before (401: a replay). A retry the provider signs anew is accepted and changes nothing twice.
 */
export async function receiveIdentityDecision(deps: AppDeps, rawBody: string, signature: string | undefined): Promise<DecisionReceipt> {
  const idv = deps.providers.idv;
  if (idv === null) throw notFound();
  const now = deps.clock();
  const verdict = idv.verifyWebhook(rawBody, signature, now);
  if (!verdict.ok) {
    if (verdict.reason === 'malformed') throw new ApiError('BAD_REQUEST', 'The decision is not in the provider\'s protocol.');
    throw new ApiError('UNAUTHORIZED', verdict.reason === 'stale' ? 'The delivery is too old or from the future.' : 'The signature does not match.');
  }
  const { decision } = verdict;
  return deps.db.transaction(async (tx) => {
    const row = await runningRowOfSession(tx, decision.sessionId);
    if (!row || (decision.reference !== null && row.status === 'RUNNING' && row.reference_hash !== referenceHash(decision.reference))) throw notFound();
    await tx.query('delete from identity_webhook_deliveries where received_at < $1', [new Date(now.getTime() - 2 * IDV_WEBHOOK_TOLERANCE_MS)]);
    const fresh = await tx.query('insert into identity_webhook_deliveries (signature_hash, received_at) values ($1, $2) on conflict do nothing returning signature_hash', [
      referenceHash(verdict.signature),
      now,
    ]);
    if (fresh.length === 0) throw new ApiError('UNAUTHORIZED', 'This delivery was received before.');
    return (await applyDecision(deps, tx, row, decision)) ? 'recorded' : 'unchanged';
  });
}

/** After a login through the login service: the applicant of each of the owner's open applications is authenticated. */
export async function markApplicantsAuthenticated(db: Queryable, owner: Owner, now: Date): Promise<void> {
  await db.query(
    `update persons p set authenticated_at = coalesce(p.authenticated_at, $3)
     from applications a
     where p.application_id = a.id and p.role = 'APPLICANT' and a.owner_kind = $1 and a.owner_id = $2 and a.process_done = false and a.annulled_at is null`,
    [owner.kind, owner.id, now],
  );
  // Decision 199: every application of the owner may have changed; the transaction reads its persons again.
  forgetPersons(db);
}

/**
 * Issue 13: IdentifyCustomer goes on only for an applicant who logged in and, where the bank asks
 * for it, completed the remote identification: the server checks, whatever the client showed.
 */
export async function assertIdentifiedForStep(deps: AppDeps, db: Queryable, owner: Owner, application: ApplicationRow, persons: readonly PersonRow[]): Promise<void> {
  const applicant = persons.find((person) => person.role === 'APPLICANT');
  if (!applicant || applicant.authenticated_at == null) throw new ApiError('STEP_OUT_OF_ORDER', 'The applicant has not logged in.');
  const state = await stateOf(deps, db, owner, application, applicant);
  if (isRemoteIdentificationRequired(state.enabled, state.status, state.identified)) {
    throw new ApiError('STEP_OUT_OF_ORDER', 'The applicant has not completed the remote identification.');
  }
}
