import type { ApplicationRow } from '../applications/application-repository';
import type { Queryable } from '../db/database';
import { contractsToSign } from './contracts-to-sign';
import { recordSignedContract, type SigningTransactionRow } from './signing-repository';

/**
 * A contract signed by a transaction (issue 12; docs/decisions/139): recorded once in
 * `signed_contracts`, and section 3's `contractsInfo[]` of the application gets the signing's date
 * and method beside its file. Shared by the polling signings and the redirect ones (decision 168).
 */
export async function recordSigned(db: Queryable, application: ApplicationRow, transaction: SigningTransactionRow, now: Date): Promise<void> {
  const contract = contractsToSign(application).find((item) => item.fileServiceId === transaction.file_service_id);
  await recordSignedContract(db, {
    applicationId: application.id,
    fileServiceId: transaction.file_service_id,
    productName: contract?.productName ?? application.product_name,
    method: transaction.method,
    now,
  });
  // Section 3: the application's own `contractsInfo[]` gets the signing's date and method beside its file.
  const data = (application.data ?? {}) as { contractsInfo?: unknown };
  if (Array.isArray(data.contractsInfo)) {
    const contractsInfo = data.contractsInfo.map((item: unknown) => {
      const info = (item ?? {}) as { signing?: { fileServiceId?: unknown; dateTime?: unknown } };
      return info.signing?.fileServiceId === transaction.file_service_id && !info.signing.dateTime
        ? { ...info, signing: { ...info.signing, dateTime: now.toISOString(), method: transaction.method } }
        : item;
    });
    await db.query('update applications set data = $2::jsonb, updated_at = $3 where id = $1', [application.id, JSON.stringify({ ...data, contractsInfo }), now]);
  }
}
