/**
 * Issue 13: the documents a person uploads for a step (section 7 POST .../document; the list and the
 * removal beside it, docs/decisions/150-uploads.md). Only the upload steps use them, so this module
 * loads with those steps, not with the first page (src/app/step-actors.ts).
 */
import type { DocumentPurpose } from '../../core/domain/documents';
import type { CallOptions } from './application.api';
import { apiRequest } from './client';
import { uploadWithProgress } from './upload';
import * as v from 'valibot';
import { UploadedDocumentSchema, UploadedDocumentsSchema, type UploadedDocument } from '../../core/wire/document.schema';

const documentPath = (externalId: string) => `application-process/${encodeURIComponent(externalId)}/document`;

/** Sends one file; `onProgress` is told the share sent so far. */
export function uploadDocument(
  externalId: string,
  purpose: DocumentPurpose,
  file: File,
  options: CallOptions & { onProgress: (fraction: number) => void },
): Promise<UploadedDocument> {
  const body = new FormData();
  body.append('documentPurpose', purpose);
  body.append('file', file, file.name);
  return uploadWithProgress(documentPath(externalId), body, { schema: UploadedDocumentSchema, onProgress: options.onProgress, signal: options.signal });
}

/** The person's own documents on the application, oldest first. */
export async function listDocuments(externalId: string, options: CallOptions = {}): Promise<UploadedDocument[]> {
  const reply = await apiRequest(`application-process/${encodeURIComponent(externalId)}/documents`, { schema: UploadedDocumentsSchema, signal: options.signal });
  return reply.documents;
}

/** Removes one of the person's documents before the step is sent. */
export async function removeDocument(externalId: string, documentId: string, options: CallOptions = {}): Promise<void> {
  await apiRequest(`${documentPath(externalId)}/${encodeURIComponent(documentId)}`, {
    method: 'DELETE',
    schema: v.object({ removed: v.literal(true) }),
    signal: options.signal,
  });
}
