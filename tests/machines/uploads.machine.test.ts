/**
 * An upload step's files (issue 13; decision 150): unit tests with fake actors, then the paths
 * generated from the machine (xstate/graph) replayed against the real machine with fake I/O.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { uploadsMachine, type UploadsEvent, type UploadsLogicInput, type UploadsSnapshot } from '../../src/features/document-uploads/uploads.machine';
import type { UploadedDocument } from '../../core/wire/document.schema';
import { MESSAGES } from '../../core/validation/messages';
import { UPLOAD_STEP_PURPOSES } from '../../core/domain/documents';
import bankStatementLogic from '../../src/steps/uploadBankAccountStatementDocuments/logic';
import campaignLogic from '../../src/steps/uploadCampaignDocuments/logic';
import leasingLogic from '../../src/steps/uploadLeasingDocuments/logic';
import { appError, settle, stepLogicInput, submission } from './actor.fakes';
import { UPLOADS_INPUT, startUploadsLogic } from './uploads.run';

const INPUT = UPLOADS_INPUT;

const pdf = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const stored = (documentId: string, fileName: string): UploadedDocument => ({ documentId, fileName, size: 1000, purpose: 'BANK_STATEMENT' });
const sent: UploadsEvent = { type: 'step.submitted', submission: submission('uploadBankAccountStatementDocuments') };

const skipped: UploadsEvent = { type: 'upload.skipped', submission: submission('uploadBankAccountStatementDocuments') };

const startLogic = startUploadsLogic;

async function ready(saved: UploadedDocument[] = [], input: UploadsLogicInput = INPUT) {
  const run = startLogic(input);
  run.list.last().resolve(saved);
  await settle();
  return run;
}

describe('uploads (step logic)', () => {
  it('shows the files already uploaded for this purpose, and offers to try again when they cannot be read', async () => {
    const run = startLogic();
    expect(run.list.last().input).toEqual({ externalId: 'app-1' });
    run.list.last().reject(appError('network'));
    await settle();
    expect(run.view().status).toBe('loadFailed');
    run.child.send({ type: 'uploads.reloaded' });
    run.list.last().resolve([stored('d1', 'march.pdf'), { ...stored('d2', 'offer.pdf'), purpose: 'SALE_OFFER' }]);
    await settle();
    expect(run.view().files.map((file) => [file.name, file.status, file.documentId])).toEqual([['march.pdf', 'uploaded', 'd1']]);
  });

  it('sends files one after another with their progress; a refused file leaves the list with its reason and is never sent', async () => {
    const run = await ready();
    run.child.send({ type: 'files.added', files: [pdf('march.pdf'), pdf('virus.exe'), pdf('april.pdf')] });
    await settle();
    expect(run.view().files.map((file) => file.status)).toEqual(['uploading', 'waiting']);
    // Decision 193: apart, with its reason, and not counted.
    expect(run.view().refused).toEqual([{ key: 'file-2', name: 'virus.exe', refusal: MESSAGES.fileTypeNotAllowed }]);
    expect(run.view().sendableCount).toBe(2);
    expect(run.upload.calls).toHaveLength(1);
    expect(run.upload.last().input).toMatchObject({ externalId: 'app-1', purpose: 'BANK_STATEMENT', key: 'file-1' });
    run.upload.last().input.onProgress(0.5);
    expect(run.view().files[0]?.progress).toBe(0.5);
    run.upload.last().resolve(stored('d1', 'march.pdf'));
    await settle();
    expect(run.view().files.map((file) => file.status)).toEqual(['uploaded', 'uploading']);
    expect(run.upload.calls).toHaveLength(2);
    expect(run.upload.last().input.file.name).toBe('april.pdf');
  });

  it('lists a file under the normalised name the server stores (issue 23, decision 179), and a long one is cut, not refused', async () => {
    const run = await ready();
    run.child.send({ type: 'files.added', files: [pdf('<b>march</b>\u202E\u0000.pdf'), pdf(`${'a'.repeat(300)}.pdf`)] });
    await settle();
    expect(run.view().files.map((file) => [file.name, file.status])).toEqual([
      ['bmarchb.pdf', 'uploading'],
      [`${'a'.repeat(56)}.pdf`, 'waiting'],
    ]);
    run.upload.last().resolve(stored('d1', 'bmarchb.pdf'));
    await settle();
    expect(run.view().files[0]?.name).toBe('bmarchb.pdf');
  });

  it('a file added while another is sending waits its turn: the one under way is not cancelled', async () => {
    const run = await ready();
    run.child.send({ type: 'files.added', files: [pdf('march.pdf')] });
    await settle();
    const first = run.upload.last();
    run.child.send({ type: 'files.added', files: [pdf('april.pdf', 2000)] });
    await settle();
    expect(first.signal.aborted).toBe(false);
    expect(run.upload.calls).toHaveLength(1);
    first.resolve(stored('d1', 'march.pdf'));
    await settle();
    expect(run.upload.calls).toHaveLength(2);
  });

  it('a file that fails to arrive keeps its place and is sent again on request; the others are untouched', async () => {
    const run = await ready();
    run.child.send({ type: 'files.added', files: [pdf('march.pdf'), pdf('april.pdf', 2000)] });
    await settle();
    run.upload.last().reject(appError('network'));
    await settle();
    expect(run.view().files.map((file) => file.status)).toEqual(['failed', 'uploading']);
    run.upload.last().resolve(stored('d2', 'april.pdf'));
    await settle();
    run.child.send({ type: 'file.retried', key: 'file-1' });
    await settle();
    expect(run.upload.last().input.file.name).toBe('march.pdf');
    run.upload.last().resolve(stored('d1', 'march.pdf'));
    await settle();
    expect(run.view().files.map((file) => file.status)).toEqual(['uploaded', 'uploaded']);
  });

  it("takes the server's refusal as the file's message (checked by content)", async () => {
    const run = await ready();
    run.child.send({ type: 'files.added', files: [pdf('statement.pdf')] });
    await settle();
    run.upload.last().reject(appError('validation', { fieldErrors: { file: [MESSAGES.fileContentMismatch] } }));
    await settle();
    expect(run.view().files).toEqual([]);
    expect(run.view().refused).toEqual([{ key: 'file-1', name: 'statement.pdf', refusal: MESSAGES.fileContentMismatch }]);
    expect(run.view()).toMatchObject({ uploadedCount: 0, sendableCount: 0 });
  });

  it('starts the refusals afresh when files are added again; a server refusal adds to them (decision 193)', async () => {
    const run = await ready();
    run.child.send({ type: 'files.added', files: [pdf('empty.pdf', 0), pdf('march.pdf')] });
    await settle();
    expect(run.view().refused.map((item) => item.name)).toEqual(['empty.pdf']);
    run.upload.last().reject(appError('validation', { fieldErrors: { file: [MESSAGES.fileContentMismatch] } }));
    await settle();
    expect(run.view().refused.map((item) => [item.name, item.refusal])).toEqual([
      ['empty.pdf', MESSAGES.fileEmpty],
      ['march.pdf', MESSAGES.fileContentMismatch],
    ]);
    run.child.send({ type: 'files.added', files: [pdf('april.pdf')] });
    await settle();
    expect(run.view().refused).toEqual([]);
    expect(run.view().files.map((file) => file.name)).toEqual(['april.pdf']);
  });

  it('removes an uploaded file on the server, and keeps it when that fails', async () => {
    const run = await ready([stored('d1', 'march.pdf')]);
    run.child.send({ type: 'file.removed', key: 'saved-1' });
    await settle();
    expect(run.remove.last().input).toEqual({ externalId: 'app-1', documentId: 'd1' });
    run.remove.last().reject(appError('server'));
    await settle();
    expect(run.view().files[0]).toMatchObject({ status: 'uploaded', error: { kind: 'server' } });
    run.child.send({ type: 'file.removed', key: 'saved-1' });
    await settle();
    run.remove.last().resolve({});
    await settle();
    expect(run.view().files).toEqual([]);
  });

  it('goes on only with a file uploaded and none on its way', async () => {
    const run = await ready();
    run.child.send(sent);
    expect(run.view().submitProblem).toBe('noFiles');
    run.child.send({ type: 'files.added', files: [pdf('march.pdf')] });
    await settle();
    run.child.send(sent);
    expect(run.view().submitProblem).toBe('stillUploading');
    expect(run.toParent).toEqual([]);
    run.upload.last().resolve(stored('d1', 'march.pdf'));
    await settle();
    run.child.send(sent);
    expect(run.view().submitProblem).toBeNull();
    expect(run.toParent).toEqual([sent]);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based paths
// ---------------------------------------------------------------------------------------------

type Outcome = { type: string; output?: unknown; error?: unknown; files?: File[]; key?: string };
const UPLOADING = 'xstate.done.actor.0.uploads.ready.sending.uploading';
const UPLOAD_FAILED = 'xstate.error.actor.0.uploads.ready.sending.uploading';
const REMOVED = 'xstate.done.actor.0.uploads.ready.removing.removing';
const REMOVE_FAILED = 'xstate.error.actor.0.uploads.ready.removing.removing';
const FILES = [pdf('march.pdf', 1000), pdf('april.pdf', 2000)];

function eventsIn(snapshot: UploadsSnapshot): Outcome[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.0.uploads.loading', output: [] },
      { type: 'xstate.error.actor.0.uploads.loading', error: appError('timeout') },
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'uploads.reloaded' }];
  const { files } = snapshot.context;
  const events: Outcome[] = [sent, skipped];
  // A finite model: three files added in all (so a removed file may come again once), at most one
  // of each valid name in the list, and one refused by the rules.
  if (snapshot.context.nextKey < 3) {
    const unsent = FILES.filter((file) => !files.some((item) => item.name === file.name));
    // Named apart: the graph tells events apart by their JSON, in which every File is {}.
    if (unsent[0]) events.push({ type: 'files.added', files: [unsent[0]], name: unsent[0].name } as Outcome);
    if (snapshot.context.refused.length === 0) events.push({ type: 'files.added', files: [pdf('virus.exe')], name: 'virus.exe' } as Outcome);
  }
  for (const item of files) {
    if (item.status === 'failed') events.push({ type: 'file.retried', key: item.key });
    if (item.status !== 'uploading' && item.status !== 'removing') events.push({ type: 'file.removed', key: item.key });
  }
  if (snapshot.matches({ ready: { sending: 'uploading' } })) {
    events.push(
      { type: UPLOADING, output: stored('d-x', 'x.pdf') },
      { type: UPLOAD_FAILED, error: appError('network') },
      { type: UPLOAD_FAILED, error: appError('validation', { fieldErrors: { file: [MESSAGES.fileDuplicate] } }) },
    );
  }
  if (snapshot.matches({ ready: { removing: 'removing' } })) {
    events.push({ type: REMOVED, output: {} }, { type: REMOVE_FAILED, error: appError('not-found') }, { type: REMOVE_FAILED, error: appError('server') });
  }
  return events;
}

describe('uploads: the attempts left and going on without statements (decisions 133, 134)', () => {
  it('keeps the attempts left the server tells with a refusal; at none left the application is read again', async () => {
    const run = await ready();
    expect(run.view().attemptsLeft).toBeNull();
    run.child.send({ type: 'files.added', files: [pdf('march.pdf'), pdf('april.pdf'), pdf('may.pdf')] });
    await settle();
    run.upload.last().reject(appError('validation', { fieldErrors: { file: [MESSAGES.fileContentMismatch] }, details: { uploadAttemptsLeft: 2 } }));
    await settle();
    expect(run.view()).toMatchObject({ attemptsLeft: 2 });
    expect(run.view().refused).toEqual([{ key: 'file-1', name: 'march.pdf', refusal: MESSAGES.fileContentMismatch }]);
    // A network failure is no counted attempt: the count shown stays.
    run.upload.last().reject(appError('network'));
    await settle();
    expect(run.view().attemptsLeft).toBe(2);
    expect(run.toParent).toEqual([]);
    run.upload.last().reject(appError('validation', { fieldErrors: { file: [MESSAGES.fileEmpty] }, details: { uploadAttemptsLeft: 0 } }));
    await settle();
    expect(run.toParent).toEqual([{ type: 'application.reloaded' }]);
  });

  it('goes on without statements where the bank allows it, once nothing is on its way, with the variable skipped', async () => {
    const run = await ready();
    expect(run.view()).toMatchObject({ skipAllowed: true, canSkip: true });
    run.child.send({ type: 'files.added', files: [pdf('march.pdf')] });
    await settle();
    expect(run.view().canSkip).toBe(false);
    run.child.send(skipped);
    expect(run.toParent).toEqual([]);
    expect(run.view().submitProblem).toBe('stillUploading');
    run.upload.last().resolve(stored('d1', 'march.pdf'));
    await settle();
    run.child.send(skipped);
    expect(run.toParent).toEqual([{ type: 'step.submitted', submission: { ...submission('uploadBankAccountStatementDocuments'), variables: { skipped: true } } }]);
  });

  it.each([
    ['Latvia', { businessDomain: 'retail-banking-lv', country: 'LV', productName: 'SMALL_LOAN' }, 'BANK_STATEMENT'],
    ['a housing loan', { productName: 'HOUSING_LOAN' }, 'BANK_STATEMENT'],
    ['an unknown product', { productName: null }, 'BANK_STATEMENT'],
    ['a campaign’s documents', { productName: 'SMALL_LOAN' }, 'SALE_OFFER'],
  ] as const)('offers no skip for %s', async (_, overrides, documentPurpose) => {
    const run = await ready([], { ...stepLogicInput({ externalId: 'app-1', ...overrides }), documentPurpose });
    expect(run.view()).toMatchObject({ skipAllowed: false, canSkip: false });
    run.child.send(skipped);
    await settle();
    expect(run.toParent).toEqual([]);
  });
});

describe('uploads: model-based paths', () => {
  const walked = uploadsMachine.provide({ actions: { forward: () => undefined, forwardSkipped: () => undefined } });
  const paths = getShortestPaths(walked, {
    input: INPUT,
    events: (snapshot) => eventsIn(snapshot as UploadsSnapshot) as unknown as UploadsEvent[],
    serializeState: (snapshot) =>
      JSON.stringify({ value: snapshot.value, files: (snapshot.context as UploadsSnapshot['context']).files.map((item) => [item.key, item.name, item.status]), problem: snapshot.context.submitProblem, nextKey: snapshot.context.nextKey }),
  });

  it('reaches every state and every status of a file', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(values).toContain('"loadFailed"');
    expect(values).toContain(JSON.stringify({ ready: { sending: 'uploading', removing: 'removing' } }));
    const statuses = new Set(paths.flatMap((path) => path.state.context.files.map((item) => item.status)));
    for (const status of ['waiting', 'uploading', 'uploaded', 'failed', 'removing']) expect(statuses).toContain(status);
    // Decision 193: a refused file is listed apart, by the rules here and by the server.
    const refusals = new Set(paths.flatMap((path) => path.state.context.refused.map((item) => item.refusal)));
    expect([...refusals].sort()).toEqual([MESSAGES.fileDuplicate, MESSAGES.fileTypeNotAllowed].sort());
    expect(paths.length).toBeGreaterThanOrEqual(40);
  });

  for (const path of paths) {
    const names = path.steps.slice(1).map((step) => {
      const event = step.event as Outcome;
      if (event.type === 'files.added') return `add(${event.files?.[0]?.name})`;
      if (event.key) return `${event.type}(${event.key})`;
      const failed = (event.error as { kind?: string } | undefined)?.kind;
      return `${event.type.replace(/\.actor\.0\.uploads/, '')}${failed ? `(${failed})` : ''}`;
    });
    it(`${names.join(' > ') || '(start)'}`, async () => {
      const run = startLogic();
      let forwarded = 0;
      for (const step of path.steps.slice(1)) {
        const event = step.event as Outcome;
        const before = run.snapshot();
        if (event.type.startsWith('xstate.')) {
          const pending = event.type.endsWith('.uploads.loading') ? run.list : event.type.endsWith('.sending.uploading') ? run.upload : run.remove;
          const open = (pending as typeof run.upload).open();
          expect(open, `a ${event.type} call under way`).toHaveLength(1);
          if (event.type.startsWith('xstate.done')) open[0]!.resolve(event.output as never);
          else open[0]!.reject(event.error);
        } else {
          if (event.type === 'step.submitted') {
            const busy = before.context.files.some((item) => ['waiting', 'uploading', 'removing'].includes(item.status));
            if (!busy && before.context.files.some((item) => item.status === 'uploaded') && before.matches('ready')) forwarded += 1;
          }
          // Skipping goes on with nothing on its way, uploaded files or not (decision 134).
          if (event.type === 'upload.skipped') {
            const busy = before.context.files.some((item) => ['waiting', 'uploading', 'removing'].includes(item.status));
            if (!busy && before.matches('ready')) forwarded += 1;
          }
          run.child.send(event as UploadsEvent);
        }
        await settle();
        expect(run.snapshot().value).toEqual(step.state.value);
        expect(run.snapshot().context.files.map((item) => [item.name, item.status])).toEqual(step.state.context.files.map((item) => [item.name, item.status]));
        // Never more than one file on its way, never more than one removal.
        expect(run.upload.open().length).toBeLessThanOrEqual(1);
        expect(run.remove.open().length).toBeLessThanOrEqual(1);
        // The parent hears "go on" exactly when a file is uploaded and nothing is on its way.
        expect(run.toParent).toHaveLength(forwarded);
      }
      run.host.stop();
    });
  }
});

describe("the upload steps' purposes (decision 179)", () => {
  it('are the ones the server takes on each step (UPLOAD_STEP_PURPOSES)', () => {
    const logics = { uploadBankAccountStatementDocuments: bankStatementLogic, uploadCampaignDocuments: campaignLogic, uploadLeasingDocuments: leasingLogic };
    expect(Object.keys(logics).sort()).toEqual(Object.keys(UPLOAD_STEP_PURPOSES).sort());
    for (const [taskKey, logic] of Object.entries(logics)) {
      const actor = createActor(logic.uploads, { input: stepLogicInput({ externalId: 'app-1', productName: 'SMALL_LOAN' }) });
      expect(actor.getSnapshot().context.purpose, taskKey).toBe(UPLOAD_STEP_PURPOSES[taskKey]);
    }
  });

  it('are checked by the corporate limits on a corporate application (decision 182: the leased asset’s documents)', () => {
    const actor = createActor(leasingLogic.uploads, { input: stepLogicInput({ businessDomain: 'corporate-banking', externalId: 'app-1', productName: 'CAR_LEASING_BUSINESS' }) });
    expect(actor.getSnapshot().context).toMatchObject({ purpose: 'SALE_OFFER', flow: 'corporate' });
  });
});
