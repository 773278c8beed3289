/**
 * The PSD2 route to bank statements (issue 13; section 7 psd2 and consent calls;
 * docs/decisions/153-open-banking.md). The reference API plays the aggregator the bank would call: it
 * lists the banks of the country, starts a consent at the chosen one, whose page (the sandbox bank's,
 * in test mode) approves, refuses, cancels or times out, and keeps the statements an approved consent
 * gave. The limits a PSD2 provider enforces hold here as well: at most five failed consents per
 * person and application, and a consent idle for five minutes times out.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONSENT_IDLE_MINUTES,
  MAX_FAILED_CONSENTS,
  type ConsentStatus,
  type Institution,
  type InstitutionList,
  type SelectInstitutionRequest,
} from '../../core/wire/open-banking.schema';
import { countryOfDomain, isBusinessDomain } from '../../core/domain/business-domains';
import { MESSAGES } from '../../core/validation/messages';
import type { Queryable, Transaction } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { findAccessibleApplication, type Access } from '../applications/application-repository';
import { readProcess } from '../process/process-runner';
import { accountsOf, banksOf, institutionOf, sandboxBank, statementsOf } from './sandbox-banks';

/** The step whose page starts consents (section 4's bank statement step). */
export const OPEN_BANKING_TASK = 'provideBasViaOpenBanking';

const FAILED: readonly ConsentStatus[] = ['REFUSED', 'TIMED_OUT', 'CANCELLED'];
const IDLE_MS = CONSENT_IDLE_MINUTES * 60_000;

export type ConsentAction = 'approve' | 'refuse' | 'cancel';

interface ConsentRow {
  id: string;
  application_id: string;
  role: string;
  institution_id: string;
  user_language: string;
  status: ConsentStatus;
  reference: string | null;
  accounts: Institution['accounts'];
  created_at: Date;
  last_activity_at: Date;
  reset_at: Date | null;
}

const CONSENT_COLUMNS = 'id, application_id, role, institution_id, user_language, status, reference, accounts, created_at, last_activity_at, reset_at';

async function openAccess(tx: Queryable, externalId: string, owner: Owner, lock?: 'update'): Promise<Access> {
  const access = await findAccessibleApplication(tx, externalId, owner, lock);
  // A finished application takes no more statements: to its caller it is as good as gone.
  if (!access || access.application.process_done) throw notFound();
  return access;
}

function countryOf(access: Access) {
  const domain = access.application.business_domain;
  if (!isBusinessDomain(domain)) throw notFound();
  return countryOfDomain(domain);
}

/** A pending consent left alone for five minutes times out, as at the provider. */
async function expireIdleConsents(db: Queryable, applicationId: string, now: Date): Promise<void> {
  await db.query(
    `update psd2_consents set status = 'TIMED_OUT', decided_at = $2
     where application_id = $1 and status = 'PENDING' and last_activity_at <= $3`,
    [applicationId, now, new Date(now.getTime() - IDLE_MS)],
  );
}

async function consentsOf(db: Queryable, applicationId: string, role: string): Promise<ConsentRow[]> {
  return db.query<ConsentRow>(`select ${CONSENT_COLUMNS} from psd2_consents where application_id = $1 and role = $2 order by created_at, id`, [applicationId, role]);
}

/** Failed consents count against the limit for good: a reset of the statements does not give attempts back. */
function failedCount(consents: readonly ConsentRow[]): number {
  return consents.filter((consent) => FAILED.includes(consent.status)).length;
}

/** The banks the person enrolled (approved consents not reset), each once with its accounts. */
export async function enrolledInstitutions(db: Queryable, applicationId: string, role: string): Promise<Institution[]> {
  const consents = await consentsOf(db, applicationId, role);
  const enrolled = new Map<string, Institution>();
  for (const consent of consents) {
    const bank = sandboxBank(consent.institution_id);
    if (consent.status === 'APPROVED' && consent.reset_at === null && bank) enrolled.set(bank.id, institutionOf(bank, consent.accounts));
  }
  return [...enrolled.values()];
}

/** GET /api/v1/psd2/list-institutions: the country's banks, those the person enrolled, and their last consent. */
export async function listInstitutions(deps: AppDeps, owner: Owner, externalId: string): Promise<InstitutionList> {
  return deps.db.transaction(async (tx) => {
    const access = await openAccess(tx, externalId, owner);
    await expireIdleConsents(tx, access.application.id, deps.clock());
    const consents = await consentsOf(tx, access.application.id, access.role);
    const enrolled = await enrolledInstitutions(tx, access.application.id, access.role);
    const enrolledIds = new Set(enrolled.map((institution) => institution.id));
    const available = banksOf(countryOf(access))
      .filter((bank) => !enrolledIds.has(bank.id))
      .map((bank) => institutionOf(bank));
    const last = consents.filter((consent) => consent.reset_at === null).at(-1);
    return {
      enrolled,
      available,
      lastConsent: last ? { institutionId: last.institution_id, status: last.status } : null,
      failedAttempts: failedCount(consents),
      maxFailedAttempts: MAX_FAILED_CONSENTS,
    };
  });
}

/**
 * POST /api/v1/psd2/select-institution: a consent at the chosen bank of the country, started only on
 * the person's own bank statement step and under the limit. A consent still open is abandoned
 * (cancelled) by starting another, as at the provider. Answers the consent's id; the route makes the
 * bank's page address of it.
 */
export async function selectInstitution(deps: AppDeps, owner: Owner, request: SelectInstitutionRequest): Promise<{ consentId: string }> {
  return deps.db.transaction(async (tx) => {
    const access = await openAccess(tx, request.externalId, owner, 'update');
    const position = readProcess(access.application.process_state);
    if (access.application.task_key !== OPEN_BANKING_TASK || position.turn !== access.role) {
      throw new ApiError('STEP_OUT_OF_ORDER', `The current step is not "${OPEN_BANKING_TASK}".`);
    }
    const bank = banksOf(countryOf(access)).find((candidate) => candidate.id === request.institutionId);
    if (!bank) throw new ApiError('VALIDATION_FAILED', 'The bank is not offered.', { fieldErrors: { institutionId: [MESSAGES.choiceInvalid] } });
    const now = deps.clock();
    await expireIdleConsents(tx, access.application.id, now);
    await tx.query(`update psd2_consents set status = 'CANCELLED', decided_at = $3 where application_id = $1 and role = $2 and status = 'PENDING'`, [
      access.application.id,
      access.role,
      now,
    ]);
    if (failedCount(await consentsOf(tx, access.application.id, access.role)) >= MAX_FAILED_CONSENTS) {
      throw new ApiError('RATE_LIMITED', 'The bank allows no more consent attempts for this application.', { status: 429 });
    }
    const consentId = randomUUID();
    await tx.query(
      `insert into psd2_consents (id, application_id, role, institution_id, user_language, status, created_at, last_activity_at)
       values ($1, $2, $3, $4, $5, 'PENDING', $6, $6)`,
      [consentId, access.application.id, access.role, bank.id, request.userLanguage, now],
    );
    return { consentId };
  });
}

/** A consent as its page shows it: only to the person who started it (anyone else: 404). */
export interface ConsentView {
  consentId: string;
  externalId: string;
  bankName: string;
  bic: string;
  language: string;
  status: ConsentStatus;
}

async function ownConsent(tx: Transaction, owner: Owner, consentId: string, lock: boolean): Promise<{ consent: ConsentRow; externalId: string }> {
  if (!/^[0-9a-f-]{36}$/.test(consentId)) throw notFound();
  const rows = await tx.query<{ external_id: string }>(`select a.external_id from psd2_consents c join applications a on a.id = c.application_id where c.id = $1`, [consentId]);
  const externalId = rows[0]?.external_id;
  if (!externalId) throw notFound();
  const access = await findAccessibleApplication(tx, externalId, owner, lock ? 'update' : undefined);
  if (!access) throw notFound();
  const [consent] = await tx.query<ConsentRow>(`select ${CONSENT_COLUMNS} from psd2_consents where id = $1 and role = $2`, [consentId, access.role]);
  if (!consent) throw notFound();
  return { consent, externalId };
}

function viewOf(consent: ConsentRow, externalId: string): ConsentView {
  const bank = sandboxBank(consent.institution_id);
  return { consentId: consent.id, externalId, bankName: bank?.name ?? consent.institution_id, bic: bank?.bic ?? '', language: consent.user_language, status: consent.status };
}

/** The bank's consent page: opening it is activity; an idle consent has timed out by then. */
export async function openConsent(deps: AppDeps, owner: Owner, consentId: string): Promise<ConsentView> {
  return deps.db.transaction(async (tx) => {
    const { consent, externalId } = await ownConsent(tx, owner, consentId, true);
    const now = deps.clock();
    await expireIdleConsents(tx, consent.application_id, now);
    const [current] = await tx.query<ConsentRow>(
      `update psd2_consents set last_activity_at = case when status = 'PENDING' then $2 else last_activity_at end where id = $1 returning ${CONSENT_COLUMNS}`,
      [consentId, now],
    );
    return viewOf(current ?? consent, externalId);
  });
}

/**
 * The person's answer on the bank's page. Approving gives the accounts and statements and a consent
 * reference; refusing or cancelling ends the consent as failed. An answer to a consent that is no
 * longer pending (idle too long, answered before, abandoned) changes nothing: its status stands.
 */
export async function answerConsent(deps: AppDeps, owner: Owner, consentId: string, action: ConsentAction): Promise<ConsentView> {
  return deps.db.transaction(async (tx) => {
    const { consent, externalId } = await ownConsent(tx, owner, consentId, true);
    const now = deps.clock();
    await expireIdleConsents(tx, consent.application_id, now);
    const [fresh] = await tx.query<ConsentRow>(`select ${CONSENT_COLUMNS} from psd2_consents where id = $1`, [consentId]);
    if (!fresh || fresh.status !== 'PENDING') return viewOf(fresh ?? consent, externalId);
    const bank = sandboxBank(fresh.institution_id);
    if (action === 'approve' && bank) {
      const accounts = accountsOf(bank, consentId);
      const statements = statementsOf(accounts, consentId, now);
      const reference = `CONSENT-${randomBytes(6).toString('hex').toUpperCase()}`;
      const [approved] = await tx.query<ConsentRow>(
        `update psd2_consents set status = 'APPROVED', reference = $2, accounts = $3::jsonb, statements = $4::jsonb, decided_at = $5, last_activity_at = $5
         where id = $1 returning ${CONSENT_COLUMNS}`,
        [consentId, reference, JSON.stringify(accounts), JSON.stringify(statements), now],
      );
      return viewOf(approved ?? fresh, externalId);
    }
    const status: ConsentStatus = action === 'refuse' ? 'REFUSED' : 'CANCELLED';
    const [ended] = await tx.query<ConsentRow>(`update psd2_consents set status = $2, decided_at = $3, last_activity_at = $3 where id = $1 returning ${CONSENT_COLUMNS}`, [
      consentId,
      status,
      now,
    ]);
    return viewOf(ended ?? fresh, externalId);
  });
}

/** POST /api/v1/application/consent-url: the page of the person's consent still open (to go back to it), or null. */
export async function pendingConsentId(deps: AppDeps, owner: Owner, externalId: string): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const access = await openAccess(tx, externalId, owner);
    await expireIdleConsents(tx, access.application.id, deps.clock());
    const pending = (await consentsOf(tx, access.application.id, access.role)).filter((consent) => consent.status === 'PENDING').at(-1);
    return pending?.id ?? null;
  });
}

/** GET /api/v1/application/consent-reference: the reference of the person's newest approved consent, or null. */
export async function consentReference(deps: AppDeps, owner: Owner, externalId: string): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const access = await openAccess(tx, externalId, owner);
    const approved = (await consentsOf(tx, access.application.id, access.role)).filter((consent) => consent.status === 'APPROVED' && consent.reset_at === null).at(-1);
    return approved?.reference ?? null;
  });
}

/**
 * Section 4, Latvia: each step update resets the bank statements. The person's approved consents and
 * uploaded statements stop counting; they give them again at the bank statement step. Answers whether
 * anything was reset.
 */
export async function resetBankStatements(db: Queryable, applicationId: string, role: string, now: Date): Promise<boolean> {
  const consents = await db.query<{ id: string }>(
    `update psd2_consents set reset_at = $3, statements = '[]'::jsonb where application_id = $1 and role = $2 and reset_at is null and status in ('APPROVED', 'PENDING') returning id`,
    [applicationId, role, now],
  );
  const documents = await db.query<{ id: string }>(
    `update documents set removed_at = $3, content = ''::bytea where application_id = $1 and role = $2 and purpose = 'BANK_STATEMENT' and removed_at is null returning id`,
    [applicationId, role, now],
  );
  return consents.length + documents.length > 0;
}

/** Test mode: the owner's open consents have been idle `minutes` longer (the sandbox's clock for the idle limit). */
export async function elapseConsentIdleTime(db: Queryable, owner: Owner, minutes: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update psd2_consents c set last_activity_at = c.last_activity_at - make_interval(mins => $3)
     from applications a where a.id = c.application_id and a.owner_kind = $1 and a.owner_id = $2 and c.status = 'PENDING'
     returning c.id`,
    [owner.kind, owner.id, minutes],
  );
  return rows.length;
}
