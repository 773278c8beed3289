import { createHash, randomUUID } from 'node:crypto';
import type { UploadedDocument } from '../../core/wire/document.schema';
import { isBusinessDomain } from '../../core/domain/business-domains';
import { UPLOAD_STEP_PURPOSES, uploadFlowOf, uploadStepAccepts, type DocumentPurpose } from '../../core/domain/documents';
import type { MessageKey } from '../../core/validation/messages';
import { MESSAGES } from '../../core/validation/messages';
import { normaliseFileName } from '../../core/validation/uploads/file-name';
import { fileProblem } from '../../core/validation/uploads/files';
import { UPLOAD_LIMITS } from '../../core/validation/uploads/limits';
import { detectFileType, fileContentProblem, type DetectedFileType } from '../../core/validation/uploads/magic-bytes';
import { findAccessibleApplication, type Access } from '../applications/application-repository';
import { readProcess } from '../process/process-runner';
import { ApiError, notFound } from '../http/api-error';
import type { AppDeps, Owner } from '../http/app-env';
import { documentsOf, insertDocument, removeDocument, type DocumentRow } from './document-repository';

/** The field a refused file's message belongs to (the form's file input). */
export const FILE_FIELD = 'file';

export interface DocumentUpload {
  fileName: string;
  content: Uint8Array;
  purpose: DocumentPurpose;
}

function refused(message: MessageKey): ApiError {
  return new ApiError('VALIDATION_FAILED', 'The file was not accepted.', { fieldErrors: { [FILE_FIELD]: [message] } });
}

function uploadedDocument(row: DocumentRow): UploadedDocument {
  return { documentId: row.id, fileName: row.file_name, size: row.size, purpose: row.purpose as DocumentPurpose };
}

/** The extension a file whose name left nothing gets, by its content (decision 179). */
const EXTENSION_OF_TYPE: Readonly<Record<DetectedFileType, string | undefined>> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', 'asic-e': 'asice', unknown: undefined };

async function openAccess(deps: AppDeps, tx: Parameters<typeof findAccessibleApplication>[0], externalId: string, owner: Owner, lock?: 'update'): Promise<Access> {
  const access = await findAccessibleApplication(tx, externalId, owner, lock);
  // A finished application takes no more documents; to its caller it is as good as gone.
  if (!access || access.application.process_done) throw notFound();
  return access;
}

/**
 * Decision 179: the step the person is on (their turn) asks for documents of `purpose`; or, without a
 * purpose, is an upload step at all. Otherwise 409 STEP_OUT_OF_ORDER, as for a step sent out of turn.
 */
function assertUploadStep(access: Access, purpose: DocumentPurpose | undefined): DocumentPurpose {
  const taskKey = access.application.task_key;
  const asked = UPLOAD_STEP_PURPOSES[taskKey];
  const onTurn = readProcess(access.application.process_state).turn === access.role;
  if (!onTurn || asked === undefined || (purpose !== undefined && !uploadStepAccepts(taskKey, purpose))) {
    throw new ApiError('STEP_OUT_OF_ORDER', purpose === undefined ? 'The current step takes no documents.' : `The current step takes no documents of purpose ${purpose}.`);
  }
  return asked;
}

/**
 * Section 5's upload rules, checked by the server whatever the client checked (issue 13), on the
 * step that asks for the document's purpose only (decision 179): the name (normalised first, and
 * stored and listed so: issue 23, decision 179) and size, the type by the content's first bytes (a
 * PDF-named executable is refused), a duplicate of one of the person's documents (same content), and
 * the count limit per purpose. The document is
 * stored under a random id; its name is kept only to show it back to the person who uploaded it.
 */
export async function uploadDocument(deps: AppDeps, owner: Owner, externalId: string, upload: DocumentUpload): Promise<UploadedDocument> {
  return deps.db.transaction(async (tx) => {
    // The application row is locked: two uploads at once cannot both take the last place.
    const access = await openAccess(deps, tx, externalId, owner, 'update');
    assertUploadStep(access, upload.purpose);
    const domain = access.application.business_domain;
    if (!isBusinessDomain(domain)) throw notFound();
    const flow = uploadFlowOf(domain, upload.purpose);
    const detectedType = detectFileType(upload.content.subarray(0, 1024));
    const fileName = normaliseFileName(upload.fileName, EXTENSION_OF_TYPE[detectedType]);
    const problem = fileProblem({ name: fileName, size: upload.content.byteLength }, flow) ?? fileContentProblem(fileName, upload.content.subarray(0, 1024));
    if (problem) throw refused(problem);
    const sha256 = createHash('sha256').update(upload.content).digest('hex');
    const existing = await documentsOf(tx, access.application.id, access.role, upload.purpose);
    if (existing.some((document) => document.sha256 === sha256)) throw refused(MESSAGES.fileDuplicate);
    if (existing.length >= UPLOAD_LIMITS[flow].maxFiles) throw refused(MESSAGES.filesTooMany);
    const id = randomUUID();
    await insertDocument(tx, {
      id,
      applicationId: access.application.id,
      role: access.role,
      purpose: upload.purpose,
      fileName,
      size: upload.content.byteLength,
      sha256,
      detectedType,
      content: upload.content,
      now: deps.clock(),
    });
    return { documentId: id, fileName, size: upload.content.byteLength, purpose: upload.purpose };
  });
}

/** The caller's own documents on the application (a co-borrower never sees the applicant's, nor the reverse). */
export async function listDocuments(deps: AppDeps, owner: Owner, externalId: string): Promise<UploadedDocument[]> {
  const access = await openAccess(deps, deps.db, externalId, owner);
  return (await documentsOf(deps.db, access.application.id, access.role)).map(uploadedDocument);
}

/**
 * Removes one of the caller's documents before the step is sent (decision 179: only while the step
 * that takes documents of its purpose is current; a sent step's documents are evidence); another's id,
 * or one of another purpose, is not found.
 */
export async function deleteDocument(deps: AppDeps, owner: Owner, externalId: string, documentId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const access = await openAccess(deps, tx, externalId, owner, 'update');
    const purpose = assertUploadStep(access, undefined);
    const own = await documentsOf(tx, access.application.id, access.role, purpose);
    if (!own.some((document) => document.id === documentId)) throw notFound();
    if (!(await removeDocument(tx, access.application.id, access.role, documentId, deps.clock()))) throw notFound();
  });
}
