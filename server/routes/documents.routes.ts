import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DocumentUploadFieldsSchema } from '../../core/wire/document.schema';
import { UPLOAD_LIMITS } from '../../core/validation/uploads/limits';
import { MESSAGES } from '../../core/validation/messages';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { ok } from '../http/envelope';
import { parseOrFail } from '../http/validation';
import { enforceUploadBytes, enforceUploadCount } from '../rate-limit/limits';
import { existingOwner } from '../sessions/principal.middleware';
import { FILE_FIELD, deleteDocument, listDocuments, uploadDocument } from '../uploads/upload.service';
import { countingRefusals } from '../uploads/upload-attempts';

/** The document route's own body limit: the largest file section 5 allows, and room for the form's parts. */
export const MAX_UPLOAD_BODY_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((limits) => limits.maxFileBytes)) + 64 * 1024;

/** The upload call, which alone may send a body larger than the API's general limit. */
export const DOCUMENT_UPLOAD_PATH = /^\/api\/v1\/application-process\/[^/]+\/document$/;

export const uploadBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BODY_BYTES,
  onError: (c) => {
    c.header('connection', 'close');
    throw new ApiError('VALIDATION_FAILED', 'The file is larger than allowed.', { fieldErrors: { [FILE_FIELD]: [MESSAGES.fileTooLarge] } });
  },
});

/**
 * Decision 179: a refused upload's body is read and dropped, chunk by chunk (never held, never
 * stored), so the client, which is still sending it, gets to read the 429: a browser or fetch whose
 * upload is cut off by a closed connection sees only a network error. The body is at most
 * `MAX_UPLOAD_BODY_BYTES` (the route's body limit).
 */
async function discardBody(request: Request): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  try {
    while (!(await reader.read()).done) {
      // dropped
    }
  } catch {
    // A body cut short or over the limit: nothing more to read.
  }
}

/**
 * Issue 13, section 7 `POST /api/v1/application-process/{externalId}/document`: one file per call
 * (multipart: `file`, `documentPurpose`). Besides it (not in section 7, docs/decisions/150-uploads.md)
 * the person's documents are listed, so a reloaded page shows them, and one can be removed before the
 * step is sent. Only the application's applicant or its co-borrower reach it, each their own files.
 */
export function documentRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/v1/application-process/:externalId/document', async (c) => {
    const owner = existingOwner(c);
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'A document is sent as multipart/form-data.');
    }
    // Decision 179: the hour's uploads and bytes are counted before the body is read (by its
    // Content-Length), or, sent without one, before the file is stored (by its size).
    const declared = /^\d{1,15}$/.test(c.req.header('content-length') ?? '') ? Number(c.req.header('content-length')) : undefined;
    try {
      await enforceUploadCount(deps, c, owner);
      if (declared !== undefined) await enforceUploadBytes(deps, c, owner, declared);
    } catch (error) {
      await discardBody(c.req.raw);
      throw error;
    }
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError('BAD_REQUEST', 'The multipart body could not be read.');
    });
    const fields = parseOrFail(DocumentUploadFieldsSchema, { documentPurpose: form['documentPurpose'] }, 'The document purpose is invalid.');
    const file = form[FILE_FIELD];
    if (!(file instanceof File)) {
      throw new ApiError('VALIDATION_FAILED', 'No file was sent.', { fieldErrors: { [FILE_FIELD]: [MESSAGES.required] } });
    }
    if (declared === undefined) await enforceUploadBytes(deps, c, owner, file.size);
    const content = new Uint8Array(await file.arrayBuffer());
    const externalId = c.req.param('externalId');
    // Decision 133: a refused file counts against the bank statement step's attempts.
    return ok(c, await countingRefusals(deps, owner, externalId, () => uploadDocument(deps, owner, externalId, { fileName: file.name, content, purpose: fields.documentPurpose })));
  });

  routes.get('/v1/application-process/:externalId/documents', async (c) => {
    return ok(c, { documents: await listDocuments(deps, existingOwner(c), c.req.param('externalId')) });
  });

  routes.delete('/v1/application-process/:externalId/document/:documentId', async (c) => {
    await deleteDocument(deps, existingOwner(c), c.req.param('externalId'), c.req.param('documentId'));
    return ok(c, { removed: true });
  });

  return routes;
}
