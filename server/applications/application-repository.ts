import type { Queryable } from '../db/database';
import type { Owner } from '../http/app-env';
import { isExternalId } from '../../core/wire/ids.schema';

export interface ApplicationRow {
  id: string;
  external_id: string;
  business_domain: string;
  product_name: string;
  data: unknown;
  version: number;
  process_state: unknown;
  task_key: string;
  process_done: boolean;
  step_count: number;
}

// bigint ids travel as text: pg and PGlite decode int8 differently.
const COLUMNS =
  'id::text as id, external_id, business_domain, product_name, data, version, process_state, task_key, process_done, step_count';
/** The same columns of `applications a` in a join. */
const JOINED_COLUMNS =
  'a.id::text as id, a.external_id, a.business_domain, a.product_name, a.data, a.version, a.process_state, a.task_key, a.process_done, a.step_count';

export interface NewApplication {
  externalId: string;
  owner: Owner;
  businessDomain: string;
  productName: string;
  data: unknown;
  processState: unknown;
  taskKey: string;
  now: Date;
}

/**
 * An application by its internal id (not annulled), for the server's own work on it (the back
 * office's sweep, the signing services); `lock` takes its row lock for a write in the transaction.
 */
export async function findApplicationById(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<ApplicationRow | undefined> {
  const rows = await db.query<ApplicationRow>(`select ${COLUMNS} from applications where id = $1 and annulled_at is null${options.lock ? ' for update' : ''}`, [id]);
  return rows[0];
}

/** Whose application it is (its owner, whichever person's session works on it). */
export async function ownerOfApplication(db: Queryable, id: string): Promise<Owner> {
  const rows = await db.query<{ owner_kind: Owner['kind']; owner_id: string }>(`select owner_kind, owner_id from applications where id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new Error(`application ${id} has no owner`);
  return { kind: row.owner_kind, id: row.owner_id };
}

export async function insertApplication(db: Queryable, input: NewApplication): Promise<ApplicationRow> {
  const rows = await db.query<ApplicationRow>(
    `insert into applications
       (external_id, owner_kind, owner_id, business_domain, product_name, data, process_state, task_key, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $9)
     returning ${COLUMNS}`,
    [
      input.externalId,
      input.owner.kind,
      input.owner.id,
      input.businessDomain,
      input.productName,
      JSON.stringify(input.data),
      JSON.stringify(input.processState),
      input.taskKey,
      input.now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into applications returned no row');
  return row;
}

/**
 * The application with this externalId *if this owner may see it*; `undefined` both when it does
 * not exist and when someone else owns it, so the two cannot be told apart (issue 2, Access). An
 * annulled application is gone for every caller, its owner included (migration 031).
 * `lock` takes a row lock for the rest of the transaction: `update` before a write, `share` to keep
 * the row unchanged while something that depends on it is written.
 */
/**
 * Decision 207: a submission's idempotency claim and its read of the owned application, locked for
 * update, in one statement (one round trip where there were two). A concurrent claim of the same key
 * waits on the unique index until the first transaction ends, then finds the key taken (committed:
 * the caller replays its reply) or claims it itself (rolled back): a raced double submit advances once. `application` is the owned one, if any (a co-borrower's
 * is looked up as before).
 */
export async function claimKeyAndFindOwned(
  db: Queryable,
  externalId: string,
  owner: Owner,
  claim: { key: string; requestHash: string; now: Date },
): Promise<{ claimed: boolean; application: ApplicationRow | undefined }> {
  const rows = await db.query<ApplicationRow & { claimed: boolean; found: boolean }>(
    `with claim as (
       insert into idempotency_keys (owner_kind, owner_id, key, request_hash, status, created_at)
       values ($2, $3, $4, $5, 'processing', $6) on conflict do nothing returning key
     )
     select exists (select 1 from claim) as claimed, a.id is not null as found, a.*
     from (select 1) as one left join lateral (
       select ${COLUMNS} from applications
       where external_id = $1 and owner_kind = $2 and owner_id = $3 and annulled_at is null for update
     ) as a on true`,
    [externalId, owner.kind, owner.id, claim.key, claim.requestHash, claim.now],
  );
  const { claimed, found, ...application } = rows[0]!;
  return { claimed, application: found && isExternalId(externalId) ? application : undefined };
}

export async function findOwnedApplication(
  db: Queryable,
  externalId: string,
  owner: Owner,
  lock?: 'update' | 'share',
): Promise<ApplicationRow | undefined> {
  // Issue 23 item 5: what is not an external id names nothing and is not looked up (a NUL would fail the query).
  if (!isExternalId(externalId)) return undefined;
  const rows = await db.query<ApplicationRow>(
    `select ${COLUMNS} from applications
     where external_id = $1 and owner_kind = $2 and owner_id = $3 and annulled_at is null
     ${lock === 'update' ? 'for update' : lock === 'share' ? 'for share' : ''}`,
    [externalId, owner.kind, owner.id],
  );
  return rows[0];
}

export interface ApplicationStepUpdate {
  data: unknown;
  productName: string;
  processState: unknown;
  taskKey: string;
  processDone: boolean;
  now: Date;
  /** The step count to show (back at check answers after a change); one more than now otherwise. */
  stepCount?: number;
}

/** Writes a submitted step; bumps the version and the step count. Caller holds the row lock. */
export async function saveSubmittedStep(db: Queryable, id: string, update: ApplicationStepUpdate): Promise<ApplicationRow> {
  const rows = await db.query<ApplicationRow>(
    `update applications
     set data = $2::jsonb, product_name = $3, process_state = $4::jsonb, task_key = $5, process_done = $6,
         version = version + 1, step_count = coalesce($8, step_count + 1), updated_at = $7
     where id = $1
     returning ${COLUMNS}`,
    [id, JSON.stringify(update.data), update.productName, JSON.stringify(update.processState), update.taskKey, update.processDone, update.now, update.stepCount ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('update of a locked application returned no row');
  return row;
}

/** Writes a return to the previous task (issue 8): its process state and step count; bumps the version. */
export async function saveReturnedStep(
  db: Queryable,
  id: string,
  update: { processState: unknown; taskKey: string; stepCount: number; now: Date },
): Promise<ApplicationRow> {
  const rows = await db.query<ApplicationRow>(
    `update applications
     set process_state = $2::jsonb, task_key = $3, step_count = $4, version = version + 1, updated_at = $5
     where id = $1
     returning ${COLUMNS}`,
    [id, JSON.stringify(update.processState), update.taskKey, update.stepCount, update.now],
  );
  const row = rows[0];
  if (!row) throw new Error('update of a locked application returned no row');
  return row;
}

/** Writes the application's data outside a step (the partner redirect URL on continue); bumps the version. */
export async function saveApplicationData(db: Queryable, id: string, data: unknown, now: Date): Promise<ApplicationRow> {
  const rows = await db.query<ApplicationRow>(
    `update applications set data = $2::jsonb, version = version + 1, updated_at = $3 where id = $1 returning ${COLUMNS}`,
    [id, JSON.stringify(data), now],
  );
  const row = rows[0];
  if (!row) throw new Error('update of a locked application returned no row');
  return row;
}

/** Test-mode seeding only: the application's data, step count and whether its process has ended, set directly. */
export async function overwriteApplication(
  db: Queryable,
  id: string,
  update: { data: unknown; productName: string; stepCount: number; processDone: boolean },
): Promise<ApplicationRow> {
  const rows = await db.query<ApplicationRow>(
    `update applications set data = $2::jsonb, product_name = $3, step_count = $4, process_done = $5 where id = $1 returning ${COLUMNS}`,
    [id, JSON.stringify(update.data), update.productName, update.stepCount, update.processDone],
  );
  const row = rows[0];
  if (!row) throw new Error('update of a seeded application returned no row');
  return row;
}

export interface Access {
  application: ApplicationRow;
  /** Whose steps this caller fills in: the owner is the applicant; a grant says who else. */
  role: 'APPLICANT' | 'COBORROWER';
  /** The granted person's external id (a co-borrower); null for the applicant (the owner). */
  personId: string | null;
}

/**
 * The application with this externalId *if this caller may see it*: as its owner (the applicant),
 * or through an access grant (a co-borrower who accepted an invitation). `undefined` both when it
 * does not exist and when the caller has no right to it, so the two cannot be told apart.
 */
export async function findAccessibleApplication(
  db: Queryable,
  externalId: string,
  owner: Owner,
  lock?: 'update' | 'share',
): Promise<Access | undefined> {
  if (!isExternalId(externalId)) return undefined;
  const owned = await findOwnedApplication(db, externalId, owner, lock);
  if (owned) return { application: owned, role: 'APPLICANT', personId: null };
  const granted = await db.query<ApplicationRow & { grant_role: string; grant_person: string }>(
    `select ${JOINED_COLUMNS}, g.role as grant_role, g.person_id as grant_person
     from applications a join application_access g on g.application_id = a.id
     where a.external_id = $1 and g.owner_kind = $2 and g.owner_id = $3 and a.annulled_at is null
     ${lock === 'update' ? 'for update of a' : lock === 'share' ? 'for share of a' : ''}`,
    [externalId, owner.kind, owner.id],
  );
  const row = granted[0];
  if (!row || row.grant_role !== 'COBORROWER') return undefined;
  const { grant_role: _role, grant_person: personId, ...application } = row;
  return { application, role: 'COBORROWER', personId };
}

/** Lets `owner` reach the application as `personId` in `role` (an accepted invitation). */
export async function grantAccess(db: Queryable, applicationId: string, owner: Owner, grant: { personId: string; role: 'COBORROWER' }, now: Date): Promise<void> {
  await db.query(
    `insert into application_access (application_id, owner_kind, owner_id, person_id, role, created_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (application_id, owner_kind, owner_id) do update set person_id = excluded.person_id, role = excluded.role`,
    [applicationId, owner.kind, owner.id, grant.personId, grant.role, now],
  );
}

/**
 * The application becomes `owner`'s own (decision 188): an applicant's one-time link, opened in a
 * browser, gives that browser's session the application a server-to-server channel created.
 */
export async function transferApplication(db: Queryable, applicationId: string, owner: Owner): Promise<void> {
  await db.query('update applications set owner_kind = $2, owner_id = $3 where id = $1', [applicationId, owner.kind, owner.id]);
}

/** The owner's newest application whose process has not ended and that was not annulled (of this product, when named). */
export async function newestOpenApplication(db: Queryable, owner: Owner, productName?: string): Promise<string | undefined> {
  const rows = await db.query<{ external_id: string }>(
    `select external_id from applications
     where owner_kind = $1 and owner_id = $2 and not process_done and annulled_at is null and ($3::text is null or product_name = $3)
     order by created_at desc, id desc limit 1`,
    [owner.kind, owner.id, productName ?? null],
  );
  return rows[0]?.external_id;
}
