/**
 * Issue 27, item 1 (docs/decisions/221): the uploads machine (src/features/document-uploads/
 * uploads.machine.ts) as a model of `machine-paths.ts`, on the bank statements step of an Estonian
 * small loan (the step whose refusals the server counts, decision 133, and which may be skipped,
 * decision 134). Its files are four, each named for what the page and the reference server do with
 * it (`UPLOAD_FILES`): a PDF the server takes, an executable named as a PDF (the page takes it, the
 * server refuses its content), a PDF over the size limit (the page refuses it, it is never sent) and
 * the first PDF renamed (the server refuses it as a duplicate by its content). The server's answers
 * are the invoked actors' done and error events; losing a call is the sandbox's `fail-next`.
 */
import { assign, type Snapshot } from 'xstate';
import { uploadsMachine, type UploadsSnapshot } from '../../src/features/document-uploads/uploads.machine';
import { ATTEMPTS_LEFT_DETAIL, UPLOAD_ATTEMPT_LIMIT } from '../../core/domain/documents';
import { MESSAGES } from '../../core/validation/messages';
import { UPLOAD_LIMITS } from '../../core/validation/uploads/limits';
import { uploadFlowOf } from '../../core/domain/documents';
import type { MachineModel, ModelEvent } from './machine-paths';

/** Where the person went from the step (the model's mark, as the open-banking model's `left:`). */
export const UPLOADS_LEFT = { continue: 'left:continue', skipped: 'left:skipped', limit: 'left:limit' } as const;

const DOMAIN = 'retail-banking-ee' as const;
const FLOW = uploadFlowOf(DOMAIN, 'BANK_STATEMENT');

/**
 * The files a path adds, by name: what the replay gives the file input (`content`: `pdf` a small
 * valid PDF, `executable` an MZ header, `large` a PDF one byte over the flow's limit, `same` the first
 * PDF's bytes under another name) and what becomes of it.
 */
export const STATEMENT_PDF = '%PDF-1.7\n% statement\n%%EOF\n';
/** An executable's first bytes (MZ), under a PDF's name: the server reads the content (decision 179). */
export const EXECUTABLE_BYTES = [0x4d, 0x5a, 0x90, 0x00, 0x01] as const;
export const UPLOAD_FILES = {
  'statement.pdf': { content: 'pdf', size: STATEMENT_PDF.length },
  'setup.pdf': { content: 'executable', size: EXECUTABLE_BYTES.length },
  'big.pdf': { content: 'large', size: UPLOAD_LIMITS[FLOW].maxFileBytes + 1 },
  'copy.pdf': { content: 'same', size: STATEMENT_PDF.length },
} as const;
export type UploadFileName = keyof typeof UPLOAD_FILES;

/** The label of adding a file, and of the server's answer to sending it. */
const ADD: Record<UploadFileName, string> = {
  'statement.pdf': 'add statement.pdf',
  'setup.pdf': 'add setup.pdf (an executable)',
  'big.pdf': 'add big.pdf (over the size limit)',
  'copy.pdf': 'add copy.pdf (statement.pdf renamed)',
};

const uploadsDone = (state: string) => `xstate.done.actor.0.uploads.${state}`;
const uploadsError = (state: string) => `xstate.error.actor.0.uploads.${state}`;
/** A 500: neither the upload (XMLHttpRequest) nor the API client tries it again. */
const lost = { kind: 'server', status: 500, message: 'The server had a problem.' };
const refusal = (message: string, left: number) => ({ kind: 'validation', message: 'The file was not accepted.', fieldErrors: { file: [message] }, details: { [ATTEMPTS_LEFT_DETAIL]: left } });

/** A stand-in for the browser's File: the machine reads its name and size (the replay sends a real one). */
const fileOf = (name: UploadFileName) => ({ name, size: UPLOAD_FILES[name].size }) as unknown as File;

type Context = UploadsSnapshot['context'] & { left?: string };

function uploadsEvents(snapshot: Snapshot<unknown>): ModelEvent[] {
  const state = snapshot as UploadsSnapshot;
  const context = state.context as Context;
  if (state.matches('loading')) {
    return [
      { type: uploadsDone('loading'), label: 'list: OK', output: [] },
      { type: uploadsError('loading'), label: 'list: lost', error: lost },
    ];
  }
  if (state.matches('loadFailed')) return [{ type: 'uploads.reloaded', label: 'try again' }];
  if (context.left) return [];
  const statement = context.files.find((item) => item.name === 'statement.pdf');
  const left = context.attemptsLeft ?? UPLOAD_ATTEMPT_LIMIT;
  const uploading = context.files.find((item) => item.status === 'uploading');
  if (uploading) {
    const name = uploading.name as UploadFileName;
    if (name === 'statement.pdf') {
      return [
        { type: uploadsDone('ready.sending.uploading'), label: 'upload: OK', output: { documentId: 'doc-statement', fileName: name, size: uploading.size, purpose: 'BANK_STATEMENT' } },
        { type: uploadsError('ready.sending.uploading'), label: 'upload: lost', error: lost },
      ];
    }
    // The server's refusal (server/uploads/upload.service.ts): a duplicate by its content, or a content that is not the type its name says.
    const reason = name === 'copy.pdf' ? 'fileDuplicate' : 'fileContentMismatch';
    return [{ type: uploadsError('ready.sending.uploading'), label: `upload: refused ${reason}`, error: refusal(MESSAGES[reason], left - 1) }];
  }
  if (state.matches({ ready: { removing: 'removing' } })) {
    return [
      { type: uploadsDone('ready.removing.removing'), label: 'remove: OK', output: { removed: true } },
      { type: uploadsError('ready.removing.removing'), label: 'remove: lost', error: lost },
    ];
  }
  // Bounded (decision 221): one PDF taken at a time; executables only before it; the large file and the
  // renamed copy once, on a fresh page; the PDF after at most one refusal; Continue with nothing once.
  const fresh = context.attemptsLeft === null && context.refused.length === 0;
  const events: ModelEvent[] = [];
  const add = (name: UploadFileName) => events.push({ type: 'files.added', label: ADD[name], files: [fileOf(name)] } as ModelEvent);
  if (!statement && left >= UPLOAD_ATTEMPT_LIMIT - 1) add('statement.pdf');
  if (context.files.length === 0 && left > 0) add('setup.pdf');
  if (context.files.length === 0 && fresh) add('big.pdf');
  if (statement?.status === 'uploaded' && !statement.error && fresh) add('copy.pdf');
  if (statement?.status === 'failed') events.push({ type: 'file.retried', label: 'try again', key: statement.key } as ModelEvent);
  if (statement && (statement.status === 'uploaded' || statement.status === 'failed')) events.push({ type: 'file.removed', label: 'remove', key: statement.key } as ModelEvent);
  const submission = { submission: { taskDefinitionKey: 'uploadBankAccountStatementDocuments', variables: {} } };
  if (statement?.status === 'uploaded' || (context.files.length === 0 && fresh && context.submitProblem === null)) events.push({ type: 'step.submitted', label: 'continue', ...submission } as ModelEvent);
  if (context.files.length === 0 && context.skipAllowed) events.push({ type: 'upload.skipped', label: 'continue without statements', ...submission } as ModelEvent);
  return events;
}

/** What the page shows beside the state: where the person went, or the files, the refused ones, the attempts left, the problem. */
function uploadsScreen(snapshot: Snapshot<unknown>): string | undefined {
  const state = snapshot as UploadsSnapshot;
  if (!state.matches('ready')) return undefined;
  const context = state.context as Context;
  if (context.left) return context.left;
  const parts = [
    ...context.files.map((item) => `${item.name}:${item.status}${item.error && item.status === 'uploaded' ? ':removeFailed' : ''}`),
    ...context.refused.map((item) => `refused:${item.name}:${item.refusal.replace(/^.*\./, '')}`),
    ...(context.attemptsLeft !== null ? [`attemptsLeft:${context.attemptsLeft}`] : []),
    ...(context.submitProblem ? [`problem:${context.submitProblem}`] : []),
  ];
  return parts.length > 0 ? parts.join(' ') : 'empty';
}

function uploadsSerialize(snapshot: Snapshot<unknown>): string {
  const { value } = snapshot as UploadsSnapshot;
  return JSON.stringify({ value, screen: uploadsScreen(snapshot) ?? null, error: (snapshot as UploadsSnapshot).context.loadError !== null });
}

export function uploadsModel(): MachineModel {
  return {
    machine: 'uploads',
    variant: 'BANK_STATEMENT',
    domain: DOMAIN,
    productName: 'SMALL_LOAN',
    taskKey: 'uploadBankAccountStatementDocuments',
    // Its parent is the application machine: the step going on, skipped, or ended by the server (the
    // attempts used up) marks where the person went, so a path ends there (the next page).
    logic: uploadsMachine.provide({
      actions: {
        forward: assign({ left: UPLOADS_LEFT.continue } as never),
        forwardSkipped: assign({ left: UPLOADS_LEFT.skipped } as never),
        reloadApplication: assign({ left: UPLOADS_LEFT.limit } as never),
      },
    }),
    inputs: [{ input: { externalId: 'path', businessDomain: DOMAIN, productName: 'SMALL_LOAN', role: 'APPLICANT' } }],
    events: uploadsEvents,
    screen: uploadsScreen,
    serialize: uploadsSerialize,
    resting: ['loadFailed', 'ready.sending.idle,ready.removing.idle'],
    finals: Object.values(UPLOADS_LEFT),
    finalsAreScreens: true,
    retry: 'try again',
  };
}
