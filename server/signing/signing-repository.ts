import { openNullableText, sealNullableText } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';

/**
 * Issue 23 (decision 176): whom a signing went to (the phone number, the personal code in the
 * semantics identifier) and the signer's certificate (their name and personal code) are sealed at
 * rest. The hash signed and the signature itself name nobody.
 */
export const SIGNING_SEALED = {
  phoneNumber: 'signing_transactions.phone_number',
  signerIdentity: 'signing_transactions.signer_identity',
  signerCertificate: 'signing_transactions.signer_certificate',
} as const;

function opened(row: SigningTransactionRow): SigningTransactionRow {
  return {
    ...row,
    phone_number: openNullableText(SIGNING_SEALED.phoneNumber, row.phone_number),
    signer_identity: openNullableText(SIGNING_SEALED.signerIdentity, row.signer_identity),
    signer_certificate: openNullableText(SIGNING_SEALED.signerCertificate, row.signer_certificate),
  };
}

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
  /** Smart-ID and Mobile-ID (migration 060): the provider's session, what was sent to be signed and for whom. */
  provider_session_id: string | null;
  signed_hash: string | null;
  hash_type: string | null;
  signer_identity: string | null;
  signer_certificate: string | null;
  status: string;
  error_code: string | null;
  polls: number;
}

const COLUMNS =
  'id, application_id::text as application_id, provider, phase, method, file_service_id, return_url, verification_code, selected_bank_bic, payment_purpose, phone_number, ' +
  'provider_session_id, signed_hash, hash_type, signer_identity, signer_certificate, status, error_code, polls';

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
  /** Smart-ID and Mobile-ID: the provider's session and what it was asked to sign (migration 060). */
  providerSession?: { sessionId: string | null; signedHash: string; hashType: string; signerIdentity: string | null; signerCertificate: string | null };
  now: Date;
}

export async function insertSigningTransaction(db: Queryable, input: NewSigningTransaction): Promise<void> {
  await db.query(
    `insert into signing_transactions
       (id, application_id, provider, phase, method, file_service_id, return_url, verification_code, selected_bank_bic, payment_purpose, phone_number,
        provider_session_id, signed_hash, hash_type, signer_identity, signer_certificate, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13, $14, $15, $16, $17, 'PENDING', $12)`,
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
      sealNullableText(SIGNING_SEALED.phoneNumber, input.phoneNumber ?? null),
      input.now,
      input.providerSession?.sessionId ?? null,
      input.providerSession?.signedHash ?? null,
      input.providerSession?.hashType ?? null,
      sealNullableText(SIGNING_SEALED.signerIdentity, input.providerSession?.signerIdentity ?? null),
      sealNullableText(SIGNING_SEALED.signerCertificate, input.providerSession?.signerCertificate ?? null),
    ],
  );
}

export async function findSigningTransaction(db: Queryable, id: string, lock?: 'update'): Promise<SigningTransactionRow | undefined> {
  const rows = await db.query<SigningTransactionRow>(`select ${COLUMNS} from signing_transactions where id = $1 ${lock ? 'for update' : ''}`, [id]);
  return rows[0] && opened(rows[0]);
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
  return rows[0] && opened(rows[0]);
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

/**
 * The end of a Smart-ID or Mobile-ID signing: its section 4 status, the provider's own result and,
 * for a verified signature, the signature and the signer's certificate (migration 060).
 */
export async function completeProviderSigning(
  db: Queryable,
  id: string,
  update: { status: string; providerResult: string; signature: { certificate: string; value: string; algorithm: string } | null; now: Date },
): Promise<void> {
  await db.query(
    `update signing_transactions set status = $2, provider_result = $3, completed_at = $4,
       signer_certificate = coalesce($5, signer_certificate), signature_value = $6, signature_algorithm = $7
     where id = $1`,
    [
      id,
      update.status,
      update.providerResult,
      update.now,
      sealNullableText(SIGNING_SEALED.signerCertificate, update.signature?.certificate ?? null),
      update.signature?.value ?? null,
      update.signature?.algorithm ?? null,
    ],
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
