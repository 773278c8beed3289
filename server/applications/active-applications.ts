/**
 * ChooseContinueOption (issue 11; docs/decisions/121-choose-continue-option.md): the applicant
 * already has an open application. Typing a personal code is not identification, so only the
 * *same owner's* applications count (the same browser session, or the same embedded-token
 * subject): another owner's application is never revealed, never annulled, never joined.
 *
 * - Active: another application of this owner, not finished and not annulled, whose applicant
 *   gave the same personal code as the current application's applicant.
 * - Related: an open application this owner may reach as its co-borrower (an accepted invitation)
 *   whose co-borrower person has that personal code.
 */
import { applicationReference } from '../../core/domain/application-reference';
import type { ActiveApplications, ApplicationSummary } from '../../core/wire/active-applications.schema';
import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { readApplicationData } from './application-data';
import { findOwnedApplication, type ApplicationRow } from './application-repository';
import { comparablePersonalCode, listPersons, personalCodeHash, type PersonRow } from './person-repository';

export { comparablePersonalCode } from './person-repository';

/**
 * What SQL compares a person `p`'s personal code by: its keyed hash (issue 23, decision 176), never
 * the code. The parameter compared with it is `personalCodeHash(code)`.
 */
export const COMPARABLE_CODE = 'p.personal_code_hash';

/** External ids are random UUIDs: anything else cannot exist, so it is not even looked up. */
const EXTERNAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface SummaryRow {
  id: string;
  external_id: string;
  product_name: string;
  data: unknown;
  created_at: Date | string;
}

const SUMMARY_COLUMNS = 'a.id::text as id, a.external_id, a.product_name, a.data, a.created_at';
/** Open: the process has not ended and nobody annulled it. */
const OPEN = 'not a.process_done and a.annulled_at is null';

/** The applicant's personal code, comparable; null before the applicant gave one. */
export function applicantCodeOf(persons: readonly Pick<PersonRow, 'role' | 'personal_code'>[]): string | null {
  const code = persons.find((person) => person.role === 'APPLICANT')?.personal_code;
  return code ? comparablePersonalCode(code) : null;
}

/** The owner's other open applications of the same applicant, newest first. */
async function otherActiveApplications(db: Queryable, owner: Owner, currentId: string, code: string): Promise<SummaryRow[]> {
  return db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from applications a
     where a.owner_kind = $1 and a.owner_id = $2 and a.id <> $3 and ${OPEN}
       and exists (select 1 from persons p where p.application_id = a.id and p.role = 'APPLICANT' and ${COMPARABLE_CODE} = $4)
     order by a.created_at desc, a.id desc`,
    [owner.kind, owner.id, currentId, personalCodeHash(code)],
  );
}

/** Open applications of others that this owner reaches as their co-borrower with this personal code, newest first. */
async function relatedApplications(db: Queryable, owner: Owner, code: string): Promise<SummaryRow[]> {
  return db.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} from applications a
     join application_access g on g.application_id = a.id and g.owner_kind = $1 and g.owner_id = $2 and g.role = 'COBORROWER'
     join persons p on p.application_id = a.id and p.external_id = g.person_id and p.role = 'COBORROWER'
     where ${OPEN} and not (a.owner_kind = $1 and a.owner_id = $2) and ${COMPARABLE_CODE} = $3
     order by a.created_at desc, a.id desc`,
    [owner.kind, owner.id, personalCodeHash(code)],
  );
}

function summaryOf(row: SummaryRow): ApplicationSummary {
  const { creditConditions } = readApplicationData(row.data);
  return {
    externalId: row.external_id,
    reference: applicationReference(row.external_id),
    productName: row.product_name,
    loanAmount: creditConditions.loanAmount,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The fact the process decides ChooseContinueOption from (server/process/application-facts.ts):
 * after the applicant's step of the owner's application was applied, whether the owner has another
 * open application of this applicant, or may join one as its co-borrower.
 */
export async function hasOtherActiveApplication(db: Queryable, owner: Owner, applicationId: string, persons: readonly PersonRow[]): Promise<boolean> {
  const code = applicantCodeOf(persons);
  if (!code) return false;
  // Decision 199: one round trip asks both (the same conditions as the two lists above, as `exists`).
  const hash = personalCodeHash(code);
  const rows = await db.query<{ found: boolean }>(
    `select exists (
       select 1 from applications a
       where a.owner_kind = $1 and a.owner_id = $2 and a.id <> $3 and ${OPEN}
         and exists (select 1 from persons p where p.application_id = a.id and p.role = 'APPLICANT' and ${COMPARABLE_CODE} = $4)
     ) or exists (
       select 1 from applications a
       join application_access g on g.application_id = a.id and g.owner_kind = $1 and g.owner_id = $2 and g.role = 'COBORROWER'
       join persons p on p.application_id = a.id and p.external_id = g.person_id and p.role = 'COBORROWER'
       where ${OPEN} and not (a.owner_kind = $1 and a.owner_id = $2) and ${COMPARABLE_CODE} = $4
     ) as found`,
    [owner.kind, owner.id, applicationId, hash],
  );
  return rows[0]?.found === true;
}

/**
 * The current application, for the active-application calls: only its owner (the applicant) asks
 * about it. A co-borrower, a stranger and an annulled or unknown application all get 404.
 */
async function ownedOrNotFound(db: Queryable, owner: Owner, externalId: string, lock?: 'update'): Promise<ApplicationRow> {
  if (!EXTERNAL_ID.test(externalId)) throw notFound();
  const application = await findOwnedApplication(db, externalId, owner, lock);
  if (!application) throw notFound();
  return application;
}

/** POST /api/v1/active-applications: what the caller may choose between, about their own applications only. */
export async function activeApplicationsOf(deps: AppDeps, owner: Owner, externalId: string): Promise<ActiveApplications> {
  return deps.db.transaction(async (tx) => {
    const current = await ownedOrNotFound(tx, owner, externalId);
    const code = applicantCodeOf(await listPersons(tx, current.id));
    if (!code) return { activeApplication: null, canBeRelatedPerson: false, relatedApplication: null };
    const [active] = await otherActiveApplications(tx, owner, current.id, code);
    const [related] = await relatedApplications(tx, owner, code);
    return {
      activeApplication: active ? summaryOf(active) : null,
      canBeRelatedPerson: related !== undefined,
      relatedApplication: related ? summaryOf(related) : null,
    };
  });
}

/** Annuls applications by id: stamped, and their unused invitation links stop working. */
async function annul(db: Queryable, applicationIds: readonly string[], now: Date): Promise<void> {
  // One at a time: an owner has a handful of applications, and array parameters differ between drivers.
  for (const id of applicationIds) {
    await db.query('update applications set annulled_at = $2, updated_at = $2 where id = $1 and annulled_at is null', [id, now]);
    await db.query('delete from invitations where application_id = $1 and used_at is null', [id]);
  }
}

/**
 * POST /api/v1/active-applications/annul: the caller's *other* open applications of the same
 * applicant are annulled (ANNUL_ACTIVE: "annul that one and start anew"). The current one stays;
 * an application the caller only reaches as a co-borrower is someone else's and is never touched.
 * Repeating it annuls nothing more.
 */
export async function annulActiveApplications(deps: AppDeps, owner: Owner, externalId: string): Promise<{ annulled: number }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const current = await ownedOrNotFound(tx, owner, externalId, 'update');
    const code = applicantCodeOf(await listPersons(tx, current.id));
    if (!code) return { annulled: 0 };
    const others = await otherActiveApplications(tx, owner, current.id, code);
    await annul(
      tx,
      others.map((row) => row.id),
      now,
    );
    return { annulled: others.length };
  });
}

/**
 * POST /api/v1/application-process/{externalId}/annul: the caller annuls their own application.
 * Only the owner may (a co-borrower reaches it but it is not theirs: 404, as for a stranger). An
 * application whose process has ended (sent for a decision) is no longer the applicant's to
 * withdraw here: 409 STEP_OUT_OF_ORDER. Afterwards every call on it answers 404.
 */
export async function annulApplication(deps: AppDeps, owner: Owner, externalId: string): Promise<{ externalId: string }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const application = await ownedOrNotFound(tx, owner, externalId, 'update');
    if (application.process_done) {
      throw new ApiError('STEP_OUT_OF_ORDER', 'This application has been sent and can no longer be annulled here.');
    }
    await annul(tx, [application.id], now);
    return { externalId: application.external_id };
  });
}
