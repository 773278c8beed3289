import { openNullableText, sealBytes, sealText } from '../crypto/data-cipher';
import type { Queryable } from '../db/database';

/**
 * Issue 23 (decision 176): a document's name (often the person's name) and its content are sealed
 * at rest. Its size, type, purpose and SHA-256 (the duplicate check) are not personal data.
 */
export const DOCUMENT_SEALED = { fileName: 'documents.file_name', content: 'documents.content' } as const;

export interface DocumentRow {
  id: string;
  file_name: string;
  size: number;
  sha256: string;
  purpose: string;
}

export interface NewDocument {
  id: string;
  applicationId: string;
  role: string;
  purpose: string;
  fileName: string;
  size: number;
  sha256: string;
  detectedType: string;
  content: Uint8Array;
  now: Date;
}

export async function insertDocument(db: Queryable, input: NewDocument): Promise<void> {
  await db.query(
    `insert into documents (id, application_id, role, purpose, file_name, size, sha256, detected_type, content, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      input.id,
      input.applicationId,
      input.role,
      input.purpose,
      sealText(DOCUMENT_SEALED.fileName, input.fileName),
      input.size,
      input.sha256,
      input.detectedType,
      sealBytes(DOCUMENT_SEALED.content, input.content),
      input.now,
    ],
  );
}

/** One person's documents on an application (not removed), oldest first; of one purpose when given. */
export async function documentsOf(db: Queryable, applicationId: string, role: string, purpose?: string): Promise<DocumentRow[]> {
  const rows = await db.query<DocumentRow>(
    `select id, file_name, size, sha256, purpose from documents
     where application_id = $1 and role = $2 and removed_at is null ${purpose === undefined ? '' : 'and purpose = $3'}
     order by created_at, id`,
    purpose === undefined ? [applicationId, role] : [applicationId, role, purpose],
  );
  return rows.map((row) => ({ ...row, file_name: openNullableText(DOCUMENT_SEALED.fileName, row.file_name) ?? '' }));
}

/** Marks one of the person's documents removed; false when they have no such document. */
export async function removeDocument(db: Queryable, applicationId: string, role: string, documentId: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update documents set removed_at = $4, content = ''::bytea
     where id = $3 and application_id = $1 and role = $2 and removed_at is null
     returning id`,
    [applicationId, role, documentId, now],
  );
  return rows.length > 0;
}
