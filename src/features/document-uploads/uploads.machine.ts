import { assign, enqueueActions, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { UploadedDocument } from '../../../core/wire/document.schema';
import type { StepSubmission } from '../../../core/wire/process.schema';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import { ATTEMPTS_LEFT_DETAIL, uploadFlowOf, uploadSkipAllowed, type DocumentPurpose } from '../../../core/domain/documents';
import type { MessageKey } from '../../../core/validation/messages';
import { normaliseFileName } from '../../../core/validation/uploads/file-name';
import { uploadProblems, type UploadCandidate } from '../../../core/validation/uploads/files';
import type { StepLogicInput } from '../../../machines/application/application.actors';

/**
 * An upload step's files (issue 13; docs/decisions/150-uploads.md). Each file the person adds is
 * checked by section 5's rules at once (a refused one leaves the list and is never sent: it is
 * listed apart with its reason, issue 26 item 5, decision 193), then sent on its own, one after another, with its progress. A file that fails to
 * arrive keeps its place and is sent again on request; the others are untouched. An uploaded file can
 * be removed until the step is sent. The step goes on only with at least one file uploaded and none
 * still on its way; the server checks the files again by their content.
 */
export type UploadStatus = 'waiting' | 'uploading' | 'uploaded' | 'failed' | 'removing';

/**
 * A file that was not taken (decision 193): by the rules here when added, or by the server checking
 * its content. It is not in the list of files and never counts as one; its reason is shown apart.
 */
export interface RefusedFile {
  key: string;
  name: string;
  /** Why (a section 8 message key). */
  refusal: MessageKey;
}

export interface UploadItem {
  /** This list's own key (not the server's id, which exists only once the file has arrived). */
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** Share sent, 0 to 1, while uploading. */
  progress: number;
  /** The File while it still has to be sent (kept for a retry); null once uploaded. */
  file: File | null;
  documentId: string | null;
  /** Why the last attempt to send or remove it failed (the network, the server). */
  error: AppError | null;
}

export interface UploadsInput {
  externalId: string;
  purpose: DocumentPurpose;
  file: File;
}

export interface UploadsContext {
  externalId: string;
  purpose: DocumentPurpose;
  flow: ReturnType<typeof uploadFlowOf>;
  files: UploadItem[];
  /**
   * The files not taken, with their reasons (decision 193): those of the last files added, and any
   * the server refused since. Adding files again starts the list afresh.
   */
  refused: RefusedFile[];
  nextKey: number;
  loadError: AppError | null;
  /** Why the last "continue" could not go on. */
  submitProblem: 'noFiles' | 'stillUploading' | null;
  /** Decision 134: the bank allows going on without these documents (a manual review). */
  skipAllowed: boolean;
  /** Decision 133: the failed attempts left, as the server last counted them; null until it told. */
  attemptsLeft: number | null;
}

export type UploadsEvent =
  | { type: 'files.added'; files: File[] }
  | { type: 'file.retried'; key: string }
  | { type: 'file.removed'; key: string }
  | { type: 'uploads.reloaded' }
  | { type: 'upload.progressed'; key: string; fraction: number }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> }
  /** Decision 134: on without the documents (confirmed by the person), where the bank allows it. */
  | { type: 'upload.skipped'; submission: Omit<StepSubmission, 'version'> };

/**
 * To the application machine: the step goes on (with `skipped` when skipped), or the server ended it
 * (the attempts used up, decision 133) and the application is read again to show where it went.
 */
export type UploadsParentEvent = { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'> } | { type: 'application.reloaded' };

/** The machine's input beside the step's: which documents this step asks for. */
export interface UploadsLogicInput extends StepLogicInput {
  documentPurpose?: DocumentPurpose;
}

function candidate(item: Pick<UploadItem, 'name' | 'size'>): UploadCandidate {
  return { name: item.name, size: item.size };
}


/** The next file to send. */
export function nextWaiting(files: readonly UploadItem[]): UploadItem | undefined {
  return files.find((item) => item.status === 'waiting');
}

function refusalOf(error: AppError): MessageKey | null {
  if (error.kind !== 'validation') return null;
  const [message] = Object.values(error.fieldErrors).flat();
  return (message as MessageKey | undefined) ?? null;
}

/** Decision 133: the attempts left the server told with a refusal, if it counted one. */
function attemptsLeftOf(error: AppError): number | null {
  const left = error.kind === 'validation' ? error.details?.[ATTEMPTS_LEFT_DETAIL] : undefined;
  return typeof left === 'number' ? left : null;
}

/** A file still on its way to the server or off it (waiting, uploading, being removed). */
function onTheirWay(files: readonly UploadItem[]): boolean {
  return files.some(
    (item) =>
      // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent (decision 218), a file waits only while another is uploading: the sending region starts the next at once.
      item.status === 'waiting' ||
      item.status === 'uploading' ||
      item.status === 'removing',
  );
}

function keyOf(event: UploadsEvent): string | null {
  return 'key' in event ? event.key : null;
}

const uploadsSetup = setup({
  types: {
    context: {} as UploadsContext,
    events: {} as UploadsEvent,
    input: {} as UploadsLogicInput,
  },
  actors: {
    listDocuments: fromPromise<UploadedDocument[], { externalId: string }>(async () => {
      throw new Error('The listDocuments actor is provided by the app');
    }),
    /** Sends one file; reports `upload.progressed` while it goes. Provided by the app (XMLHttpRequest). */
    uploadDocument: fromPromise<UploadedDocument, UploadsInput & { key: string; onProgress: (fraction: number) => void }>(async () => {
      throw new Error('The uploadDocument actor is provided by the app');
    }),
    removeDocument: fromPromise<unknown, { externalId: string; documentId: string }>(async () => {
      throw new Error('The removeDocument actor is provided by the app');
    }),
  },
  guards: {
    hasWaiting: ({ context }) => nextWaiting(context.files) !== undefined,
    hasRemoval: ({ context }) => context.files.some((item) => item.status === 'removing'),
    hasUploaded: ({ context }) => context.files.some((item) => item.status === 'uploaded'),
    isBusy: ({ context }) => onTheirWay(context.files),
    /** Decision 134: allowed here, and nothing on its way (a file half sent would arrive after the step). */
    canSkip: ({ context }) => context.skipAllowed && !onTheirWay(context.files),
    /** Decision 133: the server counted the last attempt; it has ended the step. */
    attemptsUsedUp: ({ event }) => 'error' in event && attemptsLeftOf(asAppError(event.error)) === 0,
    canRetry: ({ context, event }) => context.files.some((item) => item.key === keyOf(event) && item.status === 'failed'),
    isUploaded: ({ context, event }) => context.files.some((item) => item.key === keyOf(event) && item.status === 'uploaded'),
    isLocalOnly: ({ context, event }) => context.files.some((item) => item.key === keyOf(event) && (item.status === 'failed' || item.status === 'waiting')),
  },
  actions: {
    addFiles: assign(({ context, event }) => {
      // Stryker disable next-line ConditionalExpression: equivalent (decision 218), the action is bound to `files.added` only; the test narrows the type.
      if (event.type !== 'files.added') return {};
      const accepted = context.files.map(candidate);
      // Listed and checked under the name the server stores (decision 179: normalised, at most 60 characters).
      const added = event.files.map((file) => ({ name: normaliseFileName(file.name), size: file.size }));
      const problems = new Map(uploadProblems(accepted, added, context.flow).map((problem) => [problem.index, problem.message]));
      let nextKey = context.nextKey;
      const items: UploadItem[] = [];
      const refused: RefusedFile[] = [];
      event.files.forEach((file, index) => {
        const refusal = problems.get(index);
        // Stryker disable next-line OptionalChaining: equivalent (decision 218), `added` is `event.files` mapped, one entry per index.
        const name = added[index]?.name ?? file.name;
        nextKey += 1;
        if (refusal) refused.push({ key: `file-${nextKey}`, name, refusal });
        else items.push({ key: `file-${nextKey}`, name, size: file.size, status: 'waiting', progress: 0, file, documentId: null, error: null });
      });
      return { files: [...context.files, ...items], refused, nextKey, submitProblem: null };
    }),
    setStatus: assign({
      files: ({ context, event }, params: { status: UploadStatus }) =>
        context.files.map((item) => (item.key === keyOf(event) ? { ...item, status: params.status, error: null, progress: 0 } : item)),
    }),
    dropFile: assign({ files: ({ context, event }) => context.files.filter((item) => item.key !== keyOf(event)) }),
    progress: assign({
      files: ({ context, event }) =>
        // Stryker disable next-line ConditionalExpression: equivalent (decision 218), the action is bound to `upload.progressed`; the test narrows the type.
        event.type === 'upload.progressed'
          ? context.files.map((item) => (item.key === event.key ? { ...item, progress: event.fraction } : item))
          : context.files,
    }),
    startNext: assign({
      files: ({ context }) => {
        const next = nextWaiting(context.files);
        return context.files.map((item) => (item === next ? { ...item, status: 'uploading' as const, progress: 0 } : item));
      },
    }),
    forward: sendParent(({ event }): UploadsParentEvent => ({
      type: 'step.submitted',
      submission: (event as Extract<UploadsEvent, { type: 'step.submitted' }>).submission,
    })),
    forwardSkipped: sendParent(({ event }): UploadsParentEvent => {
      const { submission } = event as Extract<UploadsEvent, { type: 'upload.skipped' }>;
      return { type: 'step.submitted', submission: { ...submission, variables: { ...submission.variables, skipped: true } } };
    }),
    /** The step ended at the server: the application machine reads where it went. */
    reloadApplication: sendParent((): UploadsParentEvent => ({ type: 'application.reloaded' })),
  },
});

/**
 * The machine of an upload step asking for documents of `defaultPurpose` (section 3's document
 * purposes: bank statements, or a seller's sale offer for a campaign); the input may name another.
 */
export function uploadsMachineOf(defaultPurpose: DocumentPurpose) {
  return uploadsSetup.createMachine({
    id: 'uploads',
    context: ({ input }) => {
      const purpose = input.documentPurpose ?? defaultPurpose;
      return {
        externalId: input.externalId ?? '',
        purpose,
        flow: uploadFlowOf(input.businessDomain, purpose),
        files: [],
        refused: [],
        nextKey: 0,
        loadError: null,
        submitProblem: null,
        skipAllowed: uploadSkipAllowed(input.businessDomain, purpose, input.productName),
        attemptsLeft: null,
      };
    },
    initial: 'loading',
    states: {
      /** The files already uploaded (a page reloaded, a person who comes back). */
      loading: {
        invoke: {
          src: 'listDocuments',
          input: ({ context }) => ({ externalId: context.externalId }),
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => ({
              files: event.output
                .filter((document) => document.purpose === context.purpose)
                .map((document, index): UploadItem => ({
                  key: `saved-${index + 1}`,
                  name: document.fileName,
                  size: document.size,
                  status: 'uploaded',
                  progress: 1,
                  file: null,
                  documentId: document.documentId,
                  error: null,
                })),
            })),
          },
          onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => asAppError(event.error) }) },
        },
      },
      loadFailed: {
        on: { 'uploads.reloaded': { target: 'loading', actions: assign({ loadError: null }) } },
      },
      ready: {
        type: 'parallel',
        on: {
          // Never a target here: re-entering a region would cancel the upload or removal under way.
          'files.added': { actions: 'addFiles' },
          'file.retried': { guard: 'canRetry', actions: { type: 'setStatus', params: { status: 'waiting' } } },
          'file.removed': [
            { guard: 'isUploaded', actions: { type: 'setStatus', params: { status: 'removing' } } },
            { guard: 'isLocalOnly', actions: 'dropFile' },
          ],
          'step.submitted': [
            { guard: 'isBusy', actions: assign({ submitProblem: 'stillUploading' }) },
            { guard: 'hasUploaded', actions: [assign({ submitProblem: null }), 'forward'] },
            { actions: assign({ submitProblem: 'noFiles' }) },
          ],
          'upload.skipped': [
            { guard: 'canSkip', actions: [assign({ submitProblem: null }), 'forwardSkipped'] },
            // Allowed, but a file is on its way: the person is told to wait, as for Continue.
            { guard: ({ context }) => context.skipAllowed, actions: assign({ submitProblem: 'stillUploading' }) },
          ],
        },
        states: {
          /** One file at a time, in the order added. */
          sending: {
            initial: 'idle',
            states: {
              idle: {
                always: { guard: 'hasWaiting', target: 'uploading', actions: 'startNext' },
              },
              uploading: {
                on: { 'upload.progressed': { actions: 'progress' } },
                invoke: {
                  src: 'uploadDocument',
                  input: ({ context, self }) => {
                    const item = context.files.find((file) => file.status === 'uploading') as UploadItem;
                    return {
                      externalId: context.externalId,
                      purpose: context.purpose,
                      file: item.file as File,
                      key: item.key,
                      onProgress: (fraction: number) => self.send({ type: 'upload.progressed', key: item.key, fraction }),
                    };
                  },
                  onDone: {
                    target: 'idle',
                    actions: assign({
                      files: ({ context, event }) =>
                        context.files.map((item) =>
                          item.status === 'uploading' ? { ...item, status: 'uploaded' as const, progress: 1, file: null, documentId: event.output.documentId, name: event.output.fileName } : item,
                        ),
                    }),
                  },
                  onError: {
                    target: 'idle',
                    actions: [
                      assign(({ context, event }) => {
                        const error = asAppError(event.error);
                        const refusal = refusalOf(error);
                        const uploading = context.files.find((item) => item.status === 'uploading');
                        const attemptsLeft = attemptsLeftOf(error) ?? context.attemptsLeft;
                        // Refused by the server (its content): out of the list, with its reason apart.
                        if (refusal && uploading) {
                          return {
                            attemptsLeft,
                            files: context.files.filter((item) => item !== uploading),
                            refused: [...context.refused, { key: uploading.key, name: uploading.name, refusal }],
                          };
                        }
                        return {
                          attemptsLeft,
                          files: context.files.map((item) => (item === uploading ? { ...item, status: 'failed' as const, error, progress: 0 } : item)),
                        };
                      }),
                      enqueueActions(({ check, enqueue }) => {
                        if (check('attemptsUsedUp')) enqueue('reloadApplication');
                      }),
                    ],
                  },
                },
              },
            },
          },
          /** Removals, one at a time, beside the uploads. */
          removing: {
            initial: 'idle',
            states: {
              idle: {
                always: { guard: 'hasRemoval', target: 'removing' },
              },
              removing: {
                invoke: {
                  src: 'removeDocument',
                  input: ({ context }) => {
                    const item = context.files.find((file) => file.status === 'removing') as UploadItem;
                    // Stryker disable next-line StringLiteral: equivalent (decision 218), only an uploaded file is removed on the server, and every uploaded file has the server's id.
                    return { externalId: context.externalId, documentId: item.documentId ?? '' };
                  },
                  onDone: {
                    target: 'idle',
                    actions: assign({ files: ({ context }) => context.files.filter((item) => item !== context.files.find((file) => file.status === 'removing')) }),
                  },
                  onError: [
                    {
                      // Already gone on the server (a repeat after a lost reply): gone here too.
                      guard: ({ event }) => asAppError(event.error).kind === 'not-found',
                      target: 'idle',
                      actions: assign({ files: ({ context }) => context.files.filter((item) => item !== context.files.find((file) => file.status === 'removing')) }),
                    },
                    {
                      target: 'idle',
                      actions: assign({
                        files: ({ context, event }) => {
                          const removing = context.files.find((file) => file.status === 'removing');
                          return context.files.map((item) => (item === removing ? { ...item, status: 'uploaded' as const, error: asAppError(event.error) } : item));
                        },
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  });
}

/** UploadBankAccountStatementDocuments' machine. */
export const uploadsMachine = uploadsMachineOf('BANK_STATEMENT');

export type UploadsSnapshot = SnapshotFrom<typeof uploadsMachine>;

/** What the upload page shows. */
export function uploadsView(snapshot: UploadsSnapshot | undefined) {
  const context = snapshot?.context;
  const files = context?.files ?? [];
  return {
    status: !snapshot ? ('loading' as const) : snapshot.matches('loading') ? ('loading' as const) : snapshot.matches('loadFailed') ? ('loadFailed' as const) : ('ready' as const),
    files,
    /** The files not taken, with their reasons (decision 193); never among `files`, never counted. */
    refused: context?.refused ?? [],
    flow: context?.flow ?? 'default',
    uploadedCount: files.filter((item) => item.status === 'uploaded').length,
    /** The files that are or will be uploaded (a refused file is not among them). */
    sendableCount: files.length,
    submitProblem: context?.submitProblem ?? null,
    /** Decision 134: "Continue without statements" is offered (and can be used now). */
    skipAllowed: context?.skipAllowed ?? false,
    canSkip: Boolean(snapshot?.matches('ready') && snapshot.context.skipAllowed && !onTheirWay(files)),
    /** Decision 133: the attempts left after the server refused a file (it tells the count). */
    attemptsLeft: context?.attemptsLeft ?? null,
  };
}
