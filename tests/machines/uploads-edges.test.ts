/**
 * The uploads machine's edges (issue 27 item 4, decision 218): what the mutants that survived
 * `tests/machines/uploads.machine.test.ts` showed no test looked at. Each test asserts what the
 * page shows or what is sent: which file a retry, a removal or a failed removal touches when there
 * are several, a duplicate of an uploaded file, the page before the machine starts, and the
 * machine without the app's actors.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { uploadsMachine, uploadsView, type UploadsLogicInput } from '../../src/features/document-uploads/uploads.machine';
import type { UploadedDocument } from '../../core/wire/document.schema';
import { MESSAGES } from '../../core/validation/messages';
import { appError, controllable, settle, submission } from './actor.fakes';
import { UPLOADS_INPUT, startUploadsLogic } from './uploads.run';

const INPUT = UPLOADS_INPUT;
const pdf = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const stored = (documentId: string, fileName: string, size = 1000): UploadedDocument => ({ documentId, fileName, size, purpose: 'BANK_STATEMENT' });

async function ready(saved: UploadedDocument[] = [], input: UploadsLogicInput = INPUT) {
  const { child, list, upload, remove, toParent, view } = startUploadsLogic(input);
  const loading = view();
  list.last().resolve(saved);
  await settle();
  const send = async (event: Parameters<typeof child.send>[0]) => {
    child.send(event);
    await settle();
  };
  const rows = () => view().files.map((file) => [file.key, file.status]);
  return { loading, upload, remove, list, toParent, view, send, rows };
}

describe('uploads: the page before and while the files are read', () => {
  it('shows a loading page with nothing in it before the machine runs', () => {
    expect(uploadsView(undefined)).toEqual({
      status: 'loading',
      files: [],
      refused: [],
      flow: 'default',
      uploadedCount: 0,
      sendableCount: 0,
      submitProblem: null,
      skipAllowed: false,
      canSkip: false,
      attemptsLeft: null,
    });
  });

  it('shows loading while the saved files are read, then an empty list with nothing refused', async () => {
    const run = await ready();
    expect(run.loading).toMatchObject({ status: 'loading', files: [], refused: [], canSkip: false });
    expect(run.view()).toMatchObject({ status: 'ready', files: [], refused: [], canSkip: true, flow: 'default' });
  });

  it('asks for the files of an application without an id as an empty id, never a made-up one', async () => {
    const { externalId: _, ...withoutId } = INPUT;
    const run = await ready([], withoutId as UploadsLogicInput);
    expect(run.list.last().input).toEqual({ externalId: '' });
  });
});

describe('uploads: counting and the duplicates of what is already there', () => {
  it('counts only the uploaded files as uploaded, and the waiting ones as to be sent', async () => {
    const run = await ready([stored('d1', 'march.pdf')]);
    await run.send({ type: 'files.added', files: [pdf('april.pdf', 2000), pdf('may.pdf', 3000)] });
    expect(run.rows()).toEqual([
      ['saved-1', 'uploaded'],
      ['file-1', 'uploading'],
      ['file-2', 'waiting'],
    ]);
    expect(run.view()).toMatchObject({ uploadedCount: 1, sendableCount: 3 });
  });

  it('refuses a file that is already uploaded (same name and size) as a duplicate, but takes one of another size', async () => {
    const run = await ready([stored('d1', 'march.pdf', 1000)]);
    await run.send({ type: 'files.added', files: [pdf('march.pdf', 1000), pdf('march.pdf', 1200)] });
    expect(run.view().refused).toEqual([{ key: 'file-1', name: 'march.pdf', refusal: MESSAGES.fileDuplicate }]);
    expect(run.rows()).toEqual([
      ['saved-1', 'uploaded'],
      ['file-2', 'uploading'],
    ]);
  });

  it('moves the progress bar of the file being sent only', async () => {
    const run = await ready();
    await run.send({ type: 'files.added', files: [pdf('march.pdf'), pdf('april.pdf', 2000)] });
    run.upload.last().input.onProgress(0.4);
    expect(run.view().files.map((file) => [file.name, file.progress])).toEqual([
      ['march.pdf', 0.4],
      ['april.pdf', 0],
    ]);
  });
});

describe('uploads: a retry or a removal touches only the file it names', () => {
  it('sends again only a failed file: a retry of an uploaded file or of one still on its way does nothing', async () => {
    const run = await ready([stored('d1', 'march.pdf')]);
    await run.send({ type: 'files.added', files: [pdf('april.pdf', 2000)] });
    run.upload.last().reject(appError('network'));
    await settle();
    expect(run.rows()).toEqual([
      ['saved-1', 'uploaded'],
      ['file-1', 'failed'],
    ]);
    await run.send({ type: 'file.retried', key: 'saved-1' });
    expect(run.rows()).toEqual([
      ['saved-1', 'uploaded'],
      ['file-1', 'failed'],
    ]);
    expect(run.upload.calls).toHaveLength(1);
    await run.send({ type: 'file.retried', key: 'file-1' });
    expect(run.rows()).toEqual([
      ['saved-1', 'uploaded'],
      ['file-1', 'uploading'],
    ]);
    await run.send({ type: 'file.retried', key: 'file-1' });
    expect(run.upload.calls).toHaveLength(2);
  });

  it('drops a failed file here without asking the server, and leaves the uploaded ones alone', async () => {
    const run = await ready([stored('d1', 'march.pdf')]);
    await run.send({ type: 'files.added', files: [pdf('april.pdf', 2000)] });
    run.upload.last().reject(appError('network'));
    await settle();
    await run.send({ type: 'file.removed', key: 'file-1' });
    expect(run.rows()).toEqual([['saved-1', 'uploaded']]);
    expect(run.remove.calls).toHaveLength(0);
  });

  it('drops a waiting file before it is sent, and never removes the one under way', async () => {
    const run = await ready();
    await run.send({ type: 'files.added', files: [pdf('march.pdf'), pdf('april.pdf', 2000), pdf('may.pdf', 3000)] });
    await run.send({ type: 'file.removed', key: 'file-1' });
    await run.send({ type: 'file.removed', key: 'file-2' });
    expect(run.rows()).toEqual([
      ['file-1', 'uploading'],
      ['file-3', 'waiting'],
    ]);
    expect(run.upload.last().signal.aborted).toBe(false);
    run.upload.last().resolve(stored('d1', 'march.pdf'));
    await settle();
    expect(run.upload.calls.map((call) => call.input.file.name)).toEqual(['march.pdf', 'may.pdf']);
    expect(run.remove.calls).toHaveLength(0);
  });

  it('removes the file it names among several, and the others stay', async () => {
    const run = await ready([stored('d1', 'march.pdf'), stored('d2', 'april.pdf', 2000)]);
    await run.send({ type: 'file.removed', key: 'saved-2' });
    expect(run.remove.last().input).toEqual({ externalId: 'app-1', documentId: 'd2' });
    run.remove.last().resolve({});
    await settle();
    expect(run.rows()).toEqual([['saved-1', 'uploaded']]);
  });

  it('takes a file the server no longer has as removed (a repeat after a lost reply)', async () => {
    const run = await ready([stored('d1', 'march.pdf'), stored('d2', 'april.pdf', 2000)]);
    await run.send({ type: 'file.removed', key: 'saved-2' });
    run.remove.last().reject(appError('not-found'));
    await settle();
    expect(run.rows()).toEqual([['saved-1', 'uploaded']]);
    expect(run.view().files[0]?.error).toBeNull();
  });

  it('keeps the file whose removal failed, with its reason on it alone', async () => {
    const run = await ready([stored('d1', 'march.pdf'), stored('d2', 'april.pdf', 2000)]);
    await run.send({ type: 'file.removed', key: 'saved-2' });
    run.remove.last().reject(appError('server'));
    await settle();
    expect(run.view().files.map((file) => [file.key, file.status, file.error?.kind ?? null])).toEqual([
      ['saved-1', 'uploaded', null],
      ['saved-2', 'uploaded', 'server'],
    ]);
  });

  it('does not go on, nor offer the skip, while a file is being removed', async () => {
    const run = await ready([stored('d1', 'march.pdf'), stored('d2', 'april.pdf', 2000)]);
    await run.send({ type: 'file.removed', key: 'saved-2' });
    expect(run.view().canSkip).toBe(false);
    await run.send({ type: 'step.submitted', submission: submission('uploadBankAccountStatementDocuments') });
    expect(run.view().submitProblem).toBe('stillUploading');
    await run.send({ type: 'upload.skipped', submission: submission('uploadBankAccountStatementDocuments') });
    expect(run.toParent).toEqual([]);
  });
});

describe('uploads: what counts as an attempt (decision 133)', () => {
  it('ends the step only on a refusal that counts: a failure that is no refusal never does, whatever it carries', async () => {
    const run = await ready();
    await run.send({ type: 'files.added', files: [pdf('march.pdf')] });
    run.upload.last().reject({ kind: 'server', message: 'down', details: { uploadAttemptsLeft: 0 } });
    await settle();
    expect(run.toParent).toEqual([]);
    expect(run.view().attemptsLeft).toBeNull();
    expect(run.rows()).toEqual([['file-1', 'failed']]);
  });

  it('shows no count the server did not give as a number', async () => {
    const run = await ready();
    await run.send({ type: 'files.added', files: [pdf('march.pdf')] });
    run.upload.last().reject(appError('validation', { fieldErrors: { file: [MESSAGES.fileContentMismatch] }, details: { uploadAttemptsLeft: '2' as unknown as number } }));
    await settle();
    expect(run.view().attemptsLeft).toBeNull();
  });
});

describe('uploads without the app’s actors', () => {
  it('fails to read the files, saying the app provides the actor', async () => {
    const actor = createActor(uploadsMachine, { input: INPUT }).start();
    await settle();
    expect(uploadsView(actor.getSnapshot()).status).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError?.message).toBe('The listDocuments actor is provided by the app');
  });

  it('fails to send or remove a file, saying the app provides those actors', async () => {
    const list = controllable<UploadedDocument[], { externalId: string }>();
    const actor = createActor(uploadsMachine.provide({ actors: { listDocuments: list.logic } }), { input: INPUT }).start();
    list.last().resolve([stored('d1', 'march.pdf')]);
    await settle();
    actor.send({ type: 'files.added', files: [pdf('april.pdf', 2000)] });
    actor.send({ type: 'file.removed', key: 'saved-1' });
    await settle();
    expect(actor.getSnapshot().context.files.map((file) => [file.key, file.status, file.error?.message])).toEqual([
      ['saved-1', 'uploaded', 'The removeDocument actor is provided by the app'],
      ['file-1', 'failed', 'The uploadDocument actor is provided by the app'],
    ]);
  });
});
