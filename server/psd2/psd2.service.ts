/**
 * The PSD2 route to bank statements (issue 13; section 7 psd2 and consent calls; docs/decisions/153,
 * docs/decisions/170-open-banking-berlin-group.md). The banks of the country come from the PSD2
 * aggregator (Berlin Group NextGenPSD2, `server/providers/psd2/`); choosing one makes a consent there,
 * whose SCA page at the bank the browser goes to. The bank sends the browser back to our callback with
 * our own state; we read the consent's status and, once it is valid, the accounts and their booked
 * transactions, kept as the statements. A consent the browser never came back from is read again
 * when the step lists the banks. Our own limits stand beside the bank's: at most five failed consents
 * per person and application, and a consent idle for five minutes has timed out.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openJson, sealJsonParam } from '../crypto/data-cipher';
import {
  CONSENT_IDLE_MINUTES,
  MAX_FAILED_CONSENTS,
  type ConsentStatus,
  type Institution,
  type InstitutionList,
  type SelectInstitutionRequest,
} from '../../core/wire/open-banking.schema';
import { countryOfDomain, isBusinessDomain } from '../../core/domain/business-domains';
import { stepRoleOf, type StepRole } from '../../core/domain/persons';
import { MESSAGES } from '../../core/validation/messages';
import type { Queryable, SqlParam } from '../db/database';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { findAccessibleApplication, type Access } from '../applications/application-repository';
import { readProcess } from '../process/process-runner';
import { ProviderError } from '../providers/provider-http';
import type { Aspsp, BgConsentStatus, Psd2Aggregator } from '../providers/psd2/psd2.adapter';
import { fallbackMark } from '../providers/psd2/bank-mark';

/** The step whose page starts consents (section 4's bank statement step). */
export const OPEN_BANKING_TASK = 'provideBasViaOpenBanking';

const FAILED: readonly ConsentStatus[] = ['REFUSED', 'TIMED_OUT', 'CANCELLED'];
const IDLE_MS = CONSENT_IDLE_MINUTES * 60_000;
/** Section 5: the statements from four months back to last month. */
const STATEMENT_MONTHS = 4;
/** Ids the client contract takes (core/wire/open-banking.schema.ts). */
const INSTITUTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The callback's state: 32 random bytes, base64url. */
const STATE = /^[A-Za-z0-9_-]{43}$/;

/** Where the callback addresses come from and where faults the person need not see are told. */
export interface ConsentContext {
  /** The person's address (PSU-IP-Address), when known. */
  psuIpAddress: string | null;
  /** The absolute address of our callback (GET /api/v1/psd2/callback). */
  callbackUrl: string;
  /** A fault of a call made on the side (a best-effort termination, a status read while listing). */
  report(error: unknown): void;
}

/** BG's PSU-IP-Address is mandatory while the person is present; an in-process caller has none. */
const UNKNOWN_PSU_ADDRESS = '0.0.0.0';

interface InstitutionSnapshot {
  name: string;
  bic: string;
  countryCode: string;
  logo: string;
}

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
  provider_consent_id: string | null;
  sca_url: string | null;
  institution: InstitutionSnapshot | null;
}

const CONSENT_COLUMNS =
  'id, application_id, role, institution_id, user_language, status, reference, accounts, created_at, last_activity_at, reset_at, provider_consent_id, sca_url, institution';

export interface MonthlyStatement {
  accountId: string;
  month: string;
  incoming: number;
  outgoing: number;
}

/**
 * One booked transaction of the statement period as the bank gave it (decision 172): kept with the
 * consent for the bank's statement analysis (server/checks/statement-analysis.ts), never shown.
 */
export interface StoredTransaction {
  accountId: string;
  date: string;
  /** In the currency's units, two decimals; negative for money out. */
  amount: number;
  currency: string;
  counterparty: string | null;
  text: string | null;
}

/** The statement period's months (`YYYY-MM`, oldest first) of a consent read on `day`. */
export function statementMonthsOn(day: Date): string[] {
  return statementPeriod(day).months;
}

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

/** Production without PSD2_URL: open banking is not offered, and a consent is refused plainly (never a 501). */
function aggregatorOf(deps: AppDeps): Psd2Aggregator {
  if (!deps.providers.psd2) throw new ApiError('PROCESS_NOT_AVAILABLE', 'Open banking is not offered: no PSD2 aggregator is configured.', { status: 409 });
  return deps.providers.psd2;
}

/** A pending consent left alone for five minutes times out (our rule, beside the bank's own expiry). */
async function expireIdleConsents(db: Queryable, applicationId: string, now: Date): Promise<void> {
  await db.query(
    `update psd2_consents set status = 'TIMED_OUT', decided_at = $2
     where application_id = $1 and status = 'PENDING' and last_activity_at <= $3`,
    [applicationId, now, new Date(now.getTime() - IDLE_MS)],
  );
}

/**
 * Issue 23 (decision 176): the accounts a consent gave (IBANs, the holder's name) and the booked
 * transactions (counterparties, their accounts, what was paid for) are sealed at rest. The monthly
 * totals (amounts of an account's resource id) stay readable to the statement analysis' SQL.
 */
export const CONSENT_SEALED = { accounts: 'psd2_consents.accounts', transactions: 'psd2_consents.transactions' } as const;

function openedConsent<Row extends { accounts: unknown }>(row: Row): Row {
  return { ...row, accounts: openJson(CONSENT_SEALED.accounts, row.accounts) };
}

async function consentsOf(db: Queryable, applicationId: string, role: string): Promise<ConsentRow[]> {
  const rows = await db.query<ConsentRow>(`select ${CONSENT_COLUMNS} from psd2_consents where application_id = $1 and role = $2 order by created_at, id`, [applicationId, role]);
  return rows.map(openedConsent);
}

/** Failed consents count against the limit for good: a reset of the statements does not give attempts back. */
function failedCount(consents: readonly ConsentRow[]): number {
  return consents.filter((consent) => FAILED.includes(consent.status)).length;
}

/** The bank as the page shows it; a logo the page could not show (not a data URI) is drawn instead. */
function institutionOf(aspsp: Aspsp, accounts: Institution['accounts'] = []): Institution {
  const logo = aspsp.logoUrl?.startsWith('data:image/') ? aspsp.logoUrl : fallbackMark(aspsp.id, aspsp.name);
  return { id: aspsp.id, name: aspsp.name, bic: aspsp.bic, countryCode: aspsp.country, logo, accounts };
}

/** The banks the person enrolled (approved consents not reset), each once with its accounts. */
export async function enrolledInstitutions(db: Queryable, applicationId: string, role: string): Promise<Institution[]> {
  const consents = await consentsOf(db, applicationId, role);
  const enrolled = new Map<string, Institution>();
  for (const consent of consents) {
    if (consent.status !== 'APPROVED' || consent.reset_at !== null) continue;
    const bank = consent.institution;
    enrolled.set(consent.institution_id, {
      id: consent.institution_id,
      name: bank?.name ?? consent.institution_id,
      bic: bank?.bic ?? '',
      countryCode: bank?.countryCode ?? '',
      logo: bank?.logo ?? fallbackMark(consent.institution_id, bank?.name ?? consent.institution_id),
      accounts: consent.accounts,
    });
  }
  return [...enrolled.values()];
}

/** What one person shared through open banking, for the bank's statement analysis (decision 172). */
export interface SharedStatements {
  role: string;
  /** The statement period's months of the newest consent (YYYY-MM, oldest first). */
  months: string[];
  accounts: number;
  transactions: StoredTransaction[];
}

/**
 * Each person's statements from their enrolled banks (approved consents not reset; a bank enrolled
 * twice counts once, at its newest consent), as the statement analysis reads them.
 */
export async function sharedStatementsOf(db: Queryable, applicationId: string): Promise<SharedStatements[]> {
  const rows = await db.query<{ role: string; institution_id: string; accounts: unknown; transactions: unknown; decided_at: Date | string | null }>(
    `select role, institution_id, accounts, transactions, decided_at from psd2_consents
     where application_id = $1 and status = 'APPROVED' and reset_at is null order by decided_at, id`,
    [applicationId],
  );
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) newest.set(`${row.role}:${row.institution_id}`, { ...openedConsent(row), transactions: openJson(CONSENT_SEALED.transactions, row.transactions) });
  const byRole = new Map<string, SharedStatements>();
  for (const row of newest.values()) {
    const decidedAt = row.decided_at ? new Date(row.decided_at) : new Date(0);
    const shared = byRole.get(row.role) ?? { role: row.role, months: [], accounts: 0, transactions: [] };
    const months = statementMonthsOn(decidedAt);
    if (shared.months.length === 0 || (months[months.length - 1] ?? '') > (shared.months[shared.months.length - 1] ?? '')) shared.months = months;
    shared.accounts += Array.isArray(row.accounts) ? row.accounts.length : 0;
    if (Array.isArray(row.transactions)) shared.transactions.push(...(row.transactions as StoredTransaction[]));
    byRole.set(row.role, shared);
  }
  return [...byRole.values()];
}

/**
 * Luminor's BICs in the three countries (Latvia RIKOLV2X as section 3 lists it, Estonia RIKOEE22,
 * Lithuania AGBLLT2X). Section 6's `luminorOpenBankingLogin` (decision 191): giving statements through
 * a login at Luminor is offered only with the flag on.
 */
export const LUMINOR_BICS: readonly string[] = ['RIKOLV2X', 'RIKOEE22', 'AGBLLT2X'];

/**
 * The aggregator's banks of the country whose ids the client contract can carry, Luminor only with
 * its flag: neither listed nor selectable without it.
 */
async function banksOf(deps: Pick<AppDeps, 'flags'>, aggregator: Psd2Aggregator, country: string): Promise<Aspsp[]> {
  const luminor = deps.flags.isEnabled('luminorOpenBankingLogin');
  return (await aggregator.listAspsps(country)).filter((aspsp) => INSTITUTION_ID.test(aspsp.id) && (luminor || !LUMINOR_BICS.includes(aspsp.bic.toUpperCase())));
}

/**
 * GET /api/v1/psd2/list-institutions: the country's banks (from the aggregator, none where it is not
 * configured), those the person enrolled, and their last consent. A consent still pending is read at
 * the aggregator first: the person may have answered at the bank without the browser coming back.
 */
export async function listInstitutions(deps: AppDeps, owner: Owner, externalId: string, context: ConsentContext): Promise<InstitutionList> {
  const { access, pending } = await deps.db.transaction(async (tx) => {
    const found = await openAccess(tx, externalId, owner);
    await expireIdleConsents(tx, found.application.id, deps.clock());
    const rows = await consentsOf(tx, found.application.id, found.role);
    return { access: found, pending: rows.filter((row) => row.status === 'PENDING') };
  });
  for (const row of pending) {
    await settleConsent(deps, row, 'poll', context).catch((error: unknown) => {
      // The aggregator did not answer: the consent stays pending, the list is still shown.
      if (!(error instanceof ProviderError)) throw error;
      context.report(error);
    });
  }
  const banks = deps.providers.psd2 ? await banksOf(deps, deps.providers.psd2, countryOf(access)) : [];
  return deps.db.transaction(async (tx) => {
    const consents = await consentsOf(tx, access.application.id, access.role);
    const enrolled = await enrolledInstitutions(tx, access.application.id, access.role);
    const enrolledIds = new Set(enrolled.map((institution) => institution.id));
    const last = consents.filter((consent) => consent.reset_at === null).at(-1);
    return {
      enrolled,
      available: banks.filter((bank) => !enrolledIds.has(bank.id)).map((bank) => institutionOf(bank)),
      lastConsent: last ? { institutionId: last.institution_id, status: last.status } : null,
      failedAttempts: failedCount(consents),
      maxFailedAttempts: MAX_FAILED_CONSENTS,
    };
  });
}

/** Checks that hold before and after the aggregator is asked: the person's own step, under the limit. */
async function checkMayStart(tx: Queryable, deps: AppDeps, access: Access): Promise<ConsentRow[]> {
  const position = readProcess(access.application.process_state);
  if (access.application.task_key !== OPEN_BANKING_TASK || position.turn !== access.role) {
    throw new ApiError('STEP_OUT_OF_ORDER', `The current step is not "${OPEN_BANKING_TASK}".`);
  }
  await expireIdleConsents(tx, access.application.id, deps.clock());
  const consents = await consentsOf(tx, access.application.id, access.role);
  // A consent still open is abandoned by starting another, and counts as failed then.
  const pending = consents.filter((consent) => consent.status === 'PENDING').length;
  if (failedCount(consents) + pending >= MAX_FAILED_CONSENTS) {
    throw new ApiError('RATE_LIMITED', 'The bank allows no more consent attempts for this application.', { status: 429 });
  }
  return consents;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Terminates a consent at the aggregator where we no longer want it; a fault there is only reported. */
async function terminate(aggregator: Psd2Aggregator, aspspId: string, consentId: string | null, context: ConsentContext): Promise<void> {
  if (!consentId) return;
  await aggregator.deleteConsent(aspspId, consentId).catch((error: unknown) => context.report(error));
}

/**
 * POST /api/v1/psd2/select-institution: a consent at the chosen bank of the country, started only on
 * the person's own bank statement step and under the limit. The consent is made at the aggregator
 * first (no database transaction waits on it); a consent still open is then abandoned (cancelled,
 * and terminated at the aggregator). Answers the bank's SCA page. An aggregator that fails changes
 * nothing here (503 PROVIDER_UNAVAILABLE; the person may try again).
 */
export async function selectInstitution(deps: AppDeps, owner: Owner, request: SelectInstitutionRequest, context: ConsentContext): Promise<{ redirectUrl: string }> {
  const aggregator = aggregatorOf(deps);
  const access = await deps.db.transaction(async (tx) => {
    const found = await openAccess(tx, request.externalId, owner);
    await checkMayStart(tx, deps, found);
    return found;
  });
  const bank = (await banksOf(deps, aggregator, countryOf(access))).find((candidate) => candidate.id === request.institutionId);
  if (!bank) throw new ApiError('VALIDATION_FAILED', 'The bank is not offered.', { fieldErrors: { institutionId: [MESSAGES.choiceInvalid] } });

  const state = randomBytes(32).toString('base64url');
  const back = new URL(context.callbackUrl);
  back.searchParams.set('state', state);
  const nok = new URL(back);
  nok.searchParams.set('result', 'nok');
  const now = deps.clock();
  const created = await aggregator.createConsent({
    aspspId: bank.id,
    psuIpAddress: context.psuIpAddress ?? UNKNOWN_PSU_ADDRESS,
    redirectUri: back.toString(),
    nokRedirectUri: nok.toString(),
    validUntil: isoDate(new Date(now.getTime() + 24 * 60 * 60_000)),
    language: request.userLanguage,
  });
  if (!aggregator.pageOrigins.includes(new URL(created.scaRedirect).origin)) {
    await terminate(aggregator, bank.id, created.consentId, context);
    throw new ProviderError('psd2', 'malformed', `sent the SCA page to ${new URL(created.scaRedirect).origin}, which is not configured (PSD2_SCA_ORIGINS)`);
  }

  let abandoned: ConsentRow[] = [];
  try {
    abandoned = await deps.db.transaction(async (tx) => {
      const locked = await openAccess(tx, request.externalId, owner, 'update');
      const consents = await checkMayStart(tx, deps, locked);
      const stamp = deps.clock();
      await tx.query(`update psd2_consents set status = 'CANCELLED', decided_at = $3 where application_id = $1 and role = $2 and status = 'PENDING'`, [
        locked.application.id,
        locked.role,
        stamp,
      ]);
      const snapshot: InstitutionSnapshot = { name: bank.name, bic: bank.bic, countryCode: bank.country, logo: institutionOf(bank).logo };
      await tx.query(
        `insert into psd2_consents (id, application_id, role, institution_id, user_language, status, created_at, last_activity_at, provider_consent_id, state_hash, sca_url, institution)
         values ($1, $2, $3, $4, $5, 'PENDING', $6, $6, $7, $8, $9, $10::jsonb)`,
        [randomUUID(), locked.application.id, locked.role, bank.id, request.userLanguage, stamp, created.consentId, hashOf(state), created.scaRedirect, JSON.stringify(snapshot)],
      );
      return consents.filter((consent) => consent.status === 'PENDING');
    });
  } catch (error) {
    await terminate(aggregator, bank.id, created.consentId, context);
    throw error;
  }
  for (const consent of abandoned) await terminate(aggregator, consent.institution_id, consent.provider_consent_id, context);
  return { redirectUrl: created.scaRedirect };
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** Our status for the bank's, where it has ended (null: still waiting for the person). */
function endedAs(status: BgConsentStatus | 'unknown'): ConsentStatus | null {
  switch (status) {
    case 'valid':
      return 'APPROVED';
    case 'rejected':
    case 'revokedByPsu':
      return 'REFUSED';
    case 'expired':
    case 'unknown':
      return 'TIMED_OUT';
    case 'terminatedByTpp':
      return 'CANCELLED';
    case 'received':
    case 'partiallyAuthorised':
      return null;
  }
}

/** The months of section 5 (four months back to last month) and the period that covers them. */
function statementPeriod(today: Date): { months: string[]; dateFrom: string; dateTo: string } {
  const months = Array.from({ length: STATEMENT_MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (STATEMENT_MONTHS - index), 1));
    return date.toISOString().slice(0, 7);
  });
  const lastDay = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { months, dateFrom: `${months[0]}-01`, dateTo: isoDate(lastDay) };
}

const toMoney = (milli: number) => Math.round(milli / 10) / 100;

/** The accounts and, per account and month, the booked money in and out (in the account's currency). */
async function readStatements(aggregator: Psd2Aggregator, row: ConsentRow, psuIpAddress: string | null, today: Date) {
  const consentId = row.provider_consent_id ?? '';
  const accounts = await aggregator.accounts(row.institution_id, consentId, psuIpAddress);
  const { months, dateFrom, dateTo } = statementPeriod(today);
  const statements: MonthlyStatement[] = [];
  const transactions: StoredTransaction[] = [];
  for (const account of accounts) {
    const booked = await aggregator.bookedTransactions(row.institution_id, consentId, account.resourceId, { dateFrom, dateTo }, psuIpAddress);
    for (const transaction of booked) {
      if (transaction.date < dateFrom || transaction.date > dateTo) continue;
      transactions.push({
        accountId: account.resourceId,
        date: transaction.date,
        amount: toMoney(transaction.milli),
        currency: transaction.currency,
        counterparty: transaction.counterparty,
        text: transaction.text,
      });
    }
    for (const month of months) {
      const amounts = booked.filter((transaction) => transaction.date.startsWith(month) && transaction.currency === account.currency).map((transaction) => transaction.milli);
      statements.push({
        accountId: account.resourceId,
        month,
        incoming: toMoney(amounts.filter((milli) => milli > 0).reduce((sum, milli) => sum + milli, 0)),
        outgoing: toMoney(-amounts.filter((milli) => milli < 0).reduce((sum, milli) => sum + milli, 0)),
      });
    }
  }
  return { accounts: accounts.map((account) => ({ iban: account.iban, id: account.resourceId })), statements, transactions };
}

/**
 * Reads a pending consent at the aggregator and records how it stands: valid gives the accounts,
 * statements and the period's booked transactions (for the bank's statement analysis, decision 172) (the aggregator's consent id is the reference shown to the person); rejected, expired,
 * terminated end it as failed. Still waiting: the person came back through the Nok address
 * (`nok`: they left the bank's page without deciding) cancels it; back through the other (`ok`) is
 * activity; a read while listing (`poll`) changes nothing. A pending consent only is changed: an
 * answer that comes after our own rule ended it changes nothing. Throws `ProviderError`, having
 * changed nothing, when the aggregator fails.
 */
async function settleConsent(deps: AppDeps, row: ConsentRow, arrival: 'ok' | 'nok' | 'poll', context: ConsentContext): Promise<ConsentStatus> {
  const aggregator = deps.providers.psd2;
  if (!aggregator || !row.provider_consent_id) return row.status;
  const bankStatus = await aggregator.consentStatus(row.institution_id, row.provider_consent_id);
  const ended = endedAs(bankStatus);
  const update = async (sql: string, values: readonly SqlParam[]): Promise<ConsentStatus> => {
    const [changed] = await deps.db.query<{ status: ConsentStatus }>(`${sql} and status = 'PENDING' returning status`, values);
    if (changed) return changed.status;
    const [now] = await deps.db.query<{ status: ConsentStatus }>('select status from psd2_consents where id = $1', [row.id]);
    return now?.status ?? row.status;
  };
  if (ended === 'APPROVED') {
    const now = deps.clock();
    const { accounts, statements, transactions } = await readStatements(aggregator, row, context.psuIpAddress, now);
    return update(
      `update psd2_consents set status = 'APPROVED', reference = $2, accounts = $3::jsonb, statements = $4::jsonb, transactions = $6::jsonb, decided_at = $5, last_activity_at = $5 where id = $1`,
      [row.id, row.provider_consent_id, sealJsonParam(CONSENT_SEALED.accounts, accounts), JSON.stringify(statements), now, sealJsonParam(CONSENT_SEALED.transactions, transactions)],
    );
  }
  if (ended) return update('update psd2_consents set status = $2, decided_at = $3, last_activity_at = $3 where id = $1', [row.id, ended, deps.clock()]);
  if (arrival === 'nok') {
    const status = await update(`update psd2_consents set status = 'CANCELLED', decided_at = $2, last_activity_at = $2 where id = $1`, [row.id, deps.clock()]);
    await terminate(aggregator, row.institution_id, row.provider_consent_id, context);
    return status;
  }
  if (arrival === 'ok') return update('update psd2_consents set last_activity_at = $2 where id = $1', [row.id, deps.clock()]);
  return row.status;
}

/** Where the browser goes after the callback: the application, how its consent stands, the person's language. */
export interface ConsentOutcome {
  externalId: string;
  status: ConsentStatus;
  language: string;
  /** Whose consent it was: the person goes back to their own part of the application (decision 233). */
  role: StepRole;
}

/**
 * GET /api/v1/psd2/callback: the bank sends the browser back with our state (the TPP-Redirect-URI or
 * the TPP-Nok-Redirect-URI given with the consent). The state alone finds the consent: the browser
 * may come back without the app's session (an embedded app's token, a new tab). An aggregator that
 * fails leaves the consent pending (its status is read again when the step lists the banks).
 */
export async function completeConsent(deps: AppDeps, state: string, result: 'ok' | 'nok', context: ConsentContext): Promise<ConsentOutcome> {
  if (!STATE.test(state)) throw notFound();
  const found = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<ConsentRow & { external_id: string }>(
      `select ${CONSENT_COLUMNS.split(', ').map((column) => `c.${column}`).join(', ')}, a.external_id
       from psd2_consents c join applications a on a.id = c.application_id where c.state_hash = $1`,
      [hashOf(state)],
    );
    if (!row) return null;
    await expireIdleConsents(tx, row.application_id, deps.clock());
    const [fresh] = await tx.query<ConsentRow>(`select ${CONSENT_COLUMNS} from psd2_consents where id = $1`, [row.id]);
    return { row: openedConsent(fresh ?? row), externalId: row.external_id };
  });
  if (!found) throw notFound();
  const { row, externalId } = found;
  const outcome = (status: ConsentStatus): ConsentOutcome => ({ externalId, status, language: row.user_language, role: stepRoleOf(row.role) });
  if (row.status !== 'PENDING') {
    // Our idle rule ended it while the person was at the bank: whatever they answered there is not used.
    if (row.status === 'TIMED_OUT' && deps.providers.psd2) await terminate(deps.providers.psd2, row.institution_id, row.provider_consent_id, context);
    return outcome(row.status);
  }
  try {
    return outcome(await settleConsent(deps, row, result, context));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    context.report(error);
    return outcome('PENDING');
  }
}

/**
 * POST /api/v1/application/consent-url: the bank page of the person's consent still open (to go back
 * to it), or null. Going back to the bank is activity.
 */
export async function pendingConsentUrl(deps: AppDeps, owner: Owner, externalId: string): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const access = await openAccess(tx, externalId, owner);
    const now = deps.clock();
    await expireIdleConsents(tx, access.application.id, now);
    const pending = (await consentsOf(tx, access.application.id, access.role)).filter((consent) => consent.status === 'PENDING' && consent.sca_url).at(-1);
    if (!pending) return null;
    await tx.query('update psd2_consents set last_activity_at = $2 where id = $1', [pending.id, now]);
    return pending.sca_url;
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
    `update psd2_consents set reset_at = $3, statements = '[]'::jsonb, transactions = '[]'::jsonb where application_id = $1 and role = $2 and reset_at is null and status in ('APPROVED', 'PENDING') returning id`,
    [applicationId, role, now],
  );
  const documents = await db.query<{ id: string }>(
    `update documents set removed_at = $3, content = ''::bytea where application_id = $1 and role = $2 and purpose = 'BANK_STATEMENT' and removed_at is null returning id`,
    [applicationId, role, now],
  );
  return consents.length + documents.length > 0;
}

/**
 * Test mode: the owner's open consents have been idle `minutes` longer, here (our five-minute rule)
 * and, against the simulator, at the bank (its own expiry).
 */
export async function elapseConsentIdleTime(deps: AppDeps, owner: Owner, minutes: number): Promise<number> {
  const rows = await deps.db.query<{ id: string; provider_consent_id: string | null }>(
    `update psd2_consents c set last_activity_at = c.last_activity_at - make_interval(mins => $3)
     from applications a where a.id = c.application_id and a.owner_kind = $1 and a.owner_id = $2 and c.status = 'PENDING'
     returning c.id, c.provider_consent_id`,
    [owner.kind, owner.id, minutes],
  );
  const ids = rows.flatMap((row) => (row.provider_consent_id ? [row.provider_consent_id] : []));
  const controls = deps.providers.psd2?.simulatorControls;
  if (controls && ids.length) await controls.elapse(ids, minutes);
  return rows.length;
}
