/**
 * Two small machines of the contract screen (issue 12), tested for the first time in the mutation
 * suites (decision 232: no suite loaded them, so their mutants had no test): the reading of the
 * contract (`contractDetailsMachine`) and one document download (`documentDownloadMachine`).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { contractDetailsMachine, type ContractRef } from '../../machines/contract/contract-details.machine';
import { documentDownloadMachine, type DownloadDocumentInput } from '../../machines/document-download/document-download.machine';
import type { ContractDetails } from '../../core/wire/contract.schema';
import { SAMPLE_CONTRACT } from '../support/render-step';
import { appError, controllable, settle } from './actor.fakes';

describe('the contract’s reading', () => {
  function start(externalId: string | null) {
    const load = controllable<ContractDetails, ContractRef>();
    const actor = createActor(contractDetailsMachine.provide({ actors: { loadContractDetails: load.logic } }), { input: { externalId } as never }).start();
    return { actor, load, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
  }

  it('reads this application’s contract, then shows it', async () => {
    const run = start('app-4');
    expect(run.state()).toBe('loading');
    expect(run.load.last().input).toEqual({ externalId: 'app-4' });
    run.load.last().resolve(SAMPLE_CONTRACT);
    await settle();
    expect(run.state()).toBe('ready');
    expect(run.context()).toMatchObject({ details: SAMPLE_CONTRACT, error: null });
  });

  it('asks with an empty id when it has none', () => {
    expect(start(null).load.last().input).toEqual({ externalId: '' });
  });

  it('a failed read is said, and tried again on request with the error cleared', async () => {
    const run = start('app-4');
    run.load.last().reject(appError('server'));
    await settle();
    expect(run.state()).toBe('loadFailed');
    expect(run.context().error?.kind).toBe('server');
    run.actor.send({ type: 'contract.retried' });
    expect(run.state()).toBe('loading');
    expect(run.context().error).toBeNull();
    expect(run.load.calls).toHaveLength(2);
  });

  it('without the app’s actor the read fails saying the app provides it', async () => {
    const actor = createActor(contractDetailsMachine, { input: { externalId: 'app-4' } }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.message).toBe('The loadContractDetails actor is provided by the app');
  });
});

describe('one document download', () => {
  const CONTRACT = { kind: 'contract', fileServiceId: 'file-1' } as const;
  const PRE = { kind: 'preContractInformation' } as const;

  function start(externalId: string | null) {
    const download = controllable<unknown, DownloadDocumentInput>();
    const actor = createActor(documentDownloadMachine.provide({ actors: { downloadDocument: download.logic } }), { input: { externalId } as never }).start();
    return { actor, download, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
  }

  it('downloads the document asked for, busy meanwhile', async () => {
    const run = start('app-4');
    expect(run.state()).toBe('idle');
    run.actor.send({ type: 'download.requested', document: CONTRACT });
    expect(run.state()).toBe('downloading');
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.download.last().input).toEqual({ externalId: 'app-4', document: CONTRACT });
    run.download.last().resolve(undefined);
    await settle();
    expect(run.state()).toBe('downloaded');
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('without an application nothing is downloaded', () => {
    const run = start(null);
    run.actor.send({ type: 'download.requested', document: PRE });
    expect(run.state()).toBe('idle');
    expect(run.download.calls).toEqual([]);
  });

  it('a download that went through may be asked again, for another document', async () => {
    const run = start('app-4');
    run.actor.send({ type: 'download.requested', document: CONTRACT });
    run.download.last().resolve(undefined);
    await settle();
    run.actor.send({ type: 'download.requested', document: PRE });
    expect(run.state()).toBe('downloading');
    expect(run.download.last().input).toEqual({ externalId: 'app-4', document: PRE });
  });

  it('a failure is said; a retry asks the same document again with the error cleared', async () => {
    const run = start('app-4');
    run.actor.send({ type: 'download.requested', document: CONTRACT });
    run.download.last().reject(appError('network'));
    await settle();
    expect(run.state()).toBe('failed');
    expect(run.context().error?.kind).toBe('network');
    run.actor.send({ type: 'download.retried' });
    expect(run.state()).toBe('downloading');
    expect(run.context().error).toBeNull();
    expect(run.download.last().input).toEqual({ externalId: 'app-4', document: CONTRACT });
  });

  it('after a failure another document may be asked, the error cleared', async () => {
    const run = start('app-4');
    run.actor.send({ type: 'download.requested', document: CONTRACT });
    run.download.last().reject(appError('network'));
    await settle();
    run.actor.send({ type: 'download.requested', document: PRE });
    expect(run.state()).toBe('downloading');
    expect(run.context()).toMatchObject({ document: PRE, error: null });
  });

  it('a retry is not a request: from the start it does nothing', () => {
    const run = start('app-4');
    run.actor.send({ type: 'download.retried' });
    expect(run.state()).toBe('idle');
    expect(run.context().document).toBeNull();
  });

  it('without the app’s actor the download fails saying the app provides it', async () => {
    const actor = createActor(documentDownloadMachine, { input: { externalId: 'app-4' } }).start();
    actor.send({ type: 'download.requested', document: CONTRACT });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.message).toBe('The downloadDocument actor is provided by the app');
  });
});
