/**
 * An upload step's logic run under a host that stands in for the application machine, with
 * controllable actors for reading, sending and removing files: shared by the uploads machine's unit
 * and path tests (uploads.machine.test.ts) and its edges (uploads-edges.test.ts, decision 218).
 */
import { createActor, setup } from 'xstate';
import { uploadsMachine, uploadsView, type UploadsInput, type UploadsLogicInput, type UploadsParentEvent, type UploadsSnapshot } from '../../src/features/document-uploads/uploads.machine';
import type { UploadedDocument } from '../../core/wire/document.schema';
import { controllable, stepLogicInput } from './actor.fakes';

/** An Estonian small loan's bank statements: the bank allows going on without them (decision 134). */
export const UPLOADS_INPUT: UploadsLogicInput = { ...stepLogicInput({ externalId: 'app-1', productName: 'SMALL_LOAN' }), documentPurpose: 'BANK_STATEMENT' };

export function startUploadsLogic(input: UploadsLogicInput = UPLOADS_INPUT) {
  const list = controllable<UploadedDocument[], { externalId: string }>();
  const upload = controllable<UploadedDocument, UploadsInput & { key: string; onProgress: (fraction: number) => void }>();
  const remove = controllable<unknown, { externalId: string; documentId: string }>();
  const toParent: UploadsParentEvent[] = [];
  const host = setup({
    types: { events: {} as UploadsParentEvent },
    actors: { uploads: uploadsMachine.provide({ actors: { listDocuments: list.logic, uploadDocument: upload.logic, removeDocument: remove.logic } }) },
  }).createMachine({
    invoke: { id: 'uploads', src: 'uploads', input },
    on: {
      'step.submitted': { actions: ({ event }) => toParent.push(event) },
      'application.reloaded': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const actor = createActor(host);
  actor.start();
  const child = actor.getSnapshot().children.uploads;
  if (!child) throw new Error('the logic did not start');
  const snapshot = () => child.getSnapshot() as UploadsSnapshot;
  return { host: actor, child, list, upload, remove, toParent, snapshot, view: () => uploadsView(snapshot()) };
}
