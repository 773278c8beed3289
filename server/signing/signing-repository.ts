import type { Queryable } from '../db/database';

export type SigningProviderKind = 'esignature' | 'smart-id' | 'mobile-id' | 'payment';

export interface SigningTransactionRow {
  id: string;
  application_id: string;
  provider: SigningProviderKind;
  phase: 'authenticate' | 'sign';
  method: string;
  file_service_id: string;
  return_url: string | null;
  verification_code: string | null;
  selected_bank_bic: string | null;
  payment_purpose: string | null;
  /** Mobile-ID: the phone number the request went to. */
  phone_number: string | null;
  status: string;
  error_code: string | null;
  polls: number;
}

const COLUMNS =
  'id, application_id::text as application_id, provider, phase, method, file_service_id, return_url, verification_code, selected_bank_bic, payment_purpose, phone_number, status, error_code, polls';

export interface NewSigningTransaction {
  id: string;
  applicationId: string;
  provider: SigningProviderKind;
  phase: 'authenticate' | 'sign';
  method: string;
  fileServiceId: string;
  returnUrl: string | null;
  verificationCode?: string | null;
  selectedBankBic?: string | null;
  paymentPurpose?: string | null;
  phoneNumber?: string | null;
  now: Date;
}

export async function insertSigningTransaction(db: Queryable, input: NewSigningTransaction): Promise<void> {
  await db.query(
    `insert into signing_transactions
       (id, application_id, provider, phase, method, file_service_id, return_url, verification_code, selected_bank_bic, payment_purpose, phone_number, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'PENDING', $12)`,
    [
      input.id,
      input.applicationId,
      input.provider,
      input.phase,
      input.method,
      input.fileServiceId,
      input.returnUrl,
      input.verificationCode ?? null,
      input.selectedBankBic ?? null,
      input.paymentPurpose ?? null,
      input.phoneNumber ?? null,
      input.now,
    ],
  );
}

export async function findSigningTransaction(db: Queryable, id: string, lock?: 'update'): Promise<SigningTransactionRow | undefined> {
  const rows = await db.query<SigningTransactionRow>(`select ${COLUMNS} from signing_transactions where id = $1 ${lock ? 'for update' : ''}`, [id]);
  return rows[0];
}

/** The application's newest transaction with these providers (optionally only the answered ones). */
export async function latestSigningTransaction(
  db: Queryable,
  applicationId: string,
  providers: readonly SigningProviderKind[],
  options: { answered?: boolean; lock?: 'update' } = {},
): Promise<SigningTransactionRow | undefined> {
  const rows = await db.query<SigningTransactionRow>(
    `select ${COLUMNS} from signing_transactions
     where application_id = $1 and provider = any(string_to_array($2, ',')) ${options.answered ? "and status <> 'PENDING'" : ''}
     order by seq desc limit 1 ${options.lock ? 'for update' : ''}`,
    [applicationId, providers.join(',')],
  );
  return rows[0];
}

export async function completeSigningTransaction(
  db: Queryable,
  id: string,
  update: { status: string; errorCode?: string | null; polls?: number; now: Date; completed: boolean },
): Promise<void> {
  await db.query(
    `update signing_transactions set status = $2, error_code = $3, polls = coalesce($4, polls), completed_at = case when $6 then $5::timestamptz else completed_at end where id = $1`,
    [id, update.status, update.errorCode ?? null, update.polls ?? null, update.now, update.completed],
  );
}

export async function countPoll(db: Queryable, id: string): Promise<number> {
  const rows = await db.query<{ polls: number }>('update signing_transactions set polls = polls + 1 where id = $1 returning polls', [id]);
  return rows[0]?.polls ?? 0;
}

export interface SignedContractRow {
  file_service_id: string;
  product_name: string;
  method: string;
  signed_at: Date | string;
}

/** Records a signed contract once (a repeated answer from the provider keeps the first signing). */
export async function recordSignedContract(
  db: Queryable,
  input: { applicationId: string; fileServiceId: string; productName: string; method: string; now: Date },
): Promise<void> {
  await db.query(
    `insert into signed_contracts (application_id, file_service_id, product_name, method, signed_at) values ($1, $2, $3, $4, $5)
     on conflict (application_id, file_service_id) do nothing`,
    [input.applicationId, input.fileServiceId, input.productName, input.method, input.now],
  );
}

export async function signedContractsOf(db: Queryable, applicationId: string): Promise<SignedContractRow[]> {
  return db.query<SignedContractRow>(
    'select file_service_id, product_name, method, signed_at from signed_contracts where application_id = $1 order by signed_at, file_service_id',
    [applicationId],
  );
}
