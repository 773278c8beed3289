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
import { listPersons, type PersonRow } from '../applications/person-repository';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';

/**
 * Identification on the reference API (issue 13; docs/decisions/156 and 157): the applicant's login
 * through the login service marks them authenticated; a remote identification is kept per person with
 * its status; the sandbox provider completes it through a single-use reference. Only the
 * application's applicant (its owner) reaches any of it: a co-borrower or another session gets 404.
 */

interface RemoteIdentificationRow {
  status: RemoteIdentificationStatus;
  return_url: string;
  application_id: string;
  person_id: string;
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
  if (!deps.config.featureFlags.has('remoteIdentification') || !isBusinessDomain(domain)) return false;
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

async function storedStatus(db: Queryable, applicationId: string, personId: string): Promise<RemoteIdentificationStatus> {
  const rows = await db.query<{ status: RemoteIdentificationStatus }>('select status from remote_identifications where application_id = $1 and person_id = $2', [
    applicationId,
    personId,
  ]);
  return rows[0]?.status ?? 'NO_STATUS';
}

async function stateOf(deps: AppDeps, db: Queryable, owner: Owner, application: ApplicationRow, applicant: PersonRow): Promise<RemoteIdentificationState> {
  const status = (await forcedStatus(deps, db, owner)) ?? (await storedStatus(db, application.id, applicant.external_id));
  return { status, enabled: remoteIdentificationEnabled(deps, application), identified: applicant.identified_at != null };
}

/** `GET /api/v1/identity/{externalId}/status`. */
export async function remoteIdentificationState(deps: AppDeps, owner: Owner, externalId: string): Promise<RemoteIdentificationState> {
  const { application, applicant } = await applicantAccess(deps, deps.db, owner, externalId);
  return stateOf(deps, deps.db, owner, application, applicant);
}

const referenceHash = (reference: string) => createHash('sha256').update(reference).digest('hex');

/**
 * `POST /api/v1/identity/{externalId}`: starts (or starts again) the applicant's remote
 * identification, RUNNING, with a new single-use reference; answers the provider's page for it.
 * Refused where the bank does not ask for it (the flag and the product) or it is already completed.
 */
export async function startRemoteIdentification(
  deps: AppDeps,
  owner: Owner,
  externalId: string,
  urls: { returnUrl: string; providerUrl: (reference: string) => string },
): Promise<{ redirectUrl: string }> {
  return deps.db.transaction(async (tx) => {
    const { application, applicant } = await applicantAccess(deps, tx, owner, externalId);
    const state = await stateOf(deps, tx, owner, application, applicant);
    if (!state.enabled) throw new ApiError('STEP_OUT_OF_ORDER', 'Remote identification is not asked for on this application.');
    if (!isRemoteIdentificationRequired(state.enabled, state.status, state.identified)) {
      throw new ApiError('STEP_OUT_OF_ORDER', 'The applicant is already identified.');
    }
    const reference = randomBytes(32).toString('base64url');
    const now = deps.clock();
    await tx.query(
      `insert into remote_identifications (application_id, person_id, status, reference_hash, return_url, created_at, updated_at)
       values ($1, $2, 'RUNNING', $3, $4, $5, $5)
       on conflict (application_id, person_id) do update set status = 'RUNNING', reference_hash = excluded.reference_hash,
         return_url = excluded.return_url, updated_at = excluded.updated_at`,
      [application.id, applicant.external_id, referenceHash(reference), urls.returnUrl, now],
    );
    return { redirectUrl: urls.providerUrl(reference) };
  });
}

/** The outcomes the sandbox provider's page offers. */
export const SANDBOX_REMOTE_OUTCOMES = ['COMPLETED_OK', 'COMPLETED_FAILURE', 'TECHNICAL_ERROR', 'RUNNING'] as const;
export type SandboxRemoteOutcome = (typeof SANDBOX_REMOTE_OUTCOMES)[number];

/**
 * The sandbox provider finishes a RUNNING identification with `outcome` and answers where to send the
 * browser back; `undefined` for an unknown or used reference. COMPLETED_OK identifies the person.
 * RUNNING leaves it running (the reference stays usable).
 */
export async function finishRemoteIdentification(deps: AppDeps, reference: string, outcome: SandboxRemoteOutcome): Promise<string | undefined> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx.query<RemoteIdentificationRow>(
      `select status, return_url, application_id::text as application_id, person_id from remote_identifications
       where reference_hash = $1 and status = 'RUNNING' for update`,
      [referenceHash(reference)],
    );
    const row = rows[0];
    if (!row) return undefined;
    const now = deps.clock();
    await tx.query(
      `update remote_identifications set status = $3, updated_at = $4, reference_hash = case when $3 = 'RUNNING' then reference_hash else null end
       where application_id = $1 and person_id = $2`,
      [row.application_id, row.person_id, outcome, now],
    );
    if (outcome === 'COMPLETED_OK') {
      await tx.query('update persons set identified_at = coalesce(identified_at, $3) where application_id = $1 and external_id = $2', [row.application_id, row.person_id, now]);
    }
    return row.return_url;
  });
}

/** Whether a RUNNING identification with this reference exists (the provider's page shows only for one). */
export async function isRunningReference(deps: AppDeps, reference: string): Promise<boolean> {
  const rows = await deps.db.query<{ status: string }>(`select status from remote_identifications where reference_hash = $1 and status = 'RUNNING'`, [referenceHash(reference)]);
  return rows.length > 0;
}

/** After a login through the login service: the applicant of each of the owner's open applications is authenticated. */
export async function markApplicantsAuthenticated(db: Queryable, owner: Owner, now: Date): Promise<void> {
  await db.query(
    `update persons p set authenticated_at = coalesce(p.authenticated_at, $3)
     from applications a
     where p.application_id = a.id and p.role = 'APPLICANT' and a.owner_kind = $1 and a.owner_id = $2 and a.process_done = false and a.annulled_at is null`,
    [owner.kind, owner.id, now],
  );
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
