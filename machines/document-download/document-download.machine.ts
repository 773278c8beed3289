import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { StepLogicInput } from '../application/application.actors';

/**
 * One document download (issue 12; docs/decisions/135-contract-documents.md): the contract of the
 * application or the standard pre-contract information of its offer. The PDF comes as a blob through
 * the app's one HTTP client (so an embedded session's bearer token goes with it; a bare link would
 * not carry it) and is handed to the browser to save. While it comes the page says so; a failure is
 * said with a way to try again; a download that went through may be asked again.
 */
export type DownloadableDocument = { kind: 'contract'; fileServiceId: string } | { kind: 'preContractInformation' };

export interface DownloadDocumentInput {
  externalId: string;
  document: DownloadableDocument;
}

export interface DocumentDownloadContext {
  externalId: string | null;
  document: DownloadableDocument | null;
  error: AppError | null;
}

export type DocumentDownloadEvent = { type: 'download.requested'; document: DownloadableDocument } | { type: 'download.retried' };

export const documentDownloadMachine = setup({
  types: {
    context: {} as DocumentDownloadContext,
    events: {} as DocumentDownloadEvent,
    input: {} as Pick<StepLogicInput, 'externalId'>,
  },
  actors: {
    downloadDocument: fromPromise<unknown, DownloadDocumentInput>(async () => {
      throw new Error('The downloadDocument actor is provided by the app');
    }),
  },
  guards: {
    knowsApplication: ({ context }) => context.externalId !== null,
  },
  actions: {
    // Stryker disable next-line ConditionalExpression: equivalent (decision 232), the action is bound to `download.requested` only; the test narrows the type.
    request: assign({ document: ({ event }) => (event.type === 'download.requested' ? event.document : null), error: null }),
  },
}).createMachine({
  id: 'documentDownload',
  context: ({ input }) => ({ externalId: input.externalId, document: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'download.requested': { guard: 'knowsApplication', target: 'downloading', actions: 'request' } } },
    downloading: {
      tags: ['busy'],
      invoke: {
        src: 'downloadDocument',
        // Stryker disable next-line StringLiteral: equivalent (decision 232), `downloading` is first entered through the knowsApplication guard, and `externalId` never changes.
        input: ({ context }) => ({ externalId: context.externalId ?? '', document: context.document as DownloadableDocument }),
        onDone: { target: 'downloaded' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    downloaded: { on: { 'download.requested': { target: 'downloading', actions: 'request' } } },
    failed: {
      on: {
        'download.retried': { target: 'downloading', actions: assign({ error: null }) },
        'download.requested': { target: 'downloading', actions: 'request' },
      },
    },
  },
});

export type DocumentDownloadSnapshot = SnapshotFrom<typeof documentDownloadMachine>;
