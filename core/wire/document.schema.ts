import * as v from 'valibot';
import { DOCUMENT_PURPOSES } from '../domain/documents';
import { MESSAGES } from '../validation/messages';

/**
 * POST /api/v1/application-process/{externalId}/document (section 7, issue 13): one file per call, as
 * `multipart/form-data` with the fields `file` and `documentPurpose`, so each file has its own
 * progress and its own retry. The answer names the stored document by a random id.
 */
export const DocumentUploadFieldsSchema = v.object({
  documentPurpose: v.picklist(DOCUMENT_PURPOSES, MESSAGES.choiceInvalid),
});

export const UploadedDocumentSchema = v.object({
  documentId: v.string(),
  fileName: v.string(),
  size: v.number(),
  purpose: v.picklist(DOCUMENT_PURPOSES),
});
export type UploadedDocument = v.InferOutput<typeof UploadedDocumentSchema>;

/** GET .../documents: the caller's own documents on the application, oldest first. */
export const UploadedDocumentsSchema = v.object({ documents: v.array(UploadedDocumentSchema) });
export type UploadedDocuments = v.InferOutput<typeof UploadedDocumentsSchema>;
