import { openStoredBytes, sealBytes } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';

/** Issue 23 (decision 176): a contract names its parties (names, personal codes): sealed at rest. */
export const CONTRACT_FILE_SEALED = 'contract_files.content';

export interface NewContractFile {
  id: string;
  applicationId: string;
  kind: 'CONTRACT' | 'SIGNED_CONTRACT';
  productName: string;
  language: string;
  content: Uint8Array;
  now: Date;
}

export async function insertContractFile(db: Queryable, file: NewContractFile): Promise<void> {
  await db.query(
    `insert into contract_files (id, application_id, kind, product_name, language, content, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [file.id, file.applicationId, file.kind, file.productName, file.language, sealBytes(CONTRACT_FILE_SEALED, file.content), file.now],
  );
}

/** One of the application's contract files; undefined for any other id (another application's included). */
export async function findContractFile(db: Queryable, applicationId: string, id: string): Promise<{ content: Uint8Array; product_name: string } | undefined> {
  const rows = await db.query<{ content: Uint8Array; product_name: string }>(
    'select content, product_name from contract_files where application_id = $1 and id = $2',
    [applicationId, id],
  );
  return rows[0] && { ...rows[0], content: openStoredBytes(CONTRACT_FILE_SEALED, rows[0].content) };
}

/**
 * Keeps the drawn-up contract in the application's data without a new version: it changes nothing
 * the applicant answered, so a form open in the browser must not meet a version conflict over it.
 * Caller holds the application's row lock.
 */
export async function keepContractData(db: Queryable, applicationId: string, data: unknown, now: Date): Promise<void> {
  await db.query('update applications set data = $2::jsonb, updated_at = $3 where id = $1', [applicationId, JSON.stringify(data), now]);
}
