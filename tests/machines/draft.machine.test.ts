import { describe, expect, it } from 'vitest';
import { DRAFT_DEBOUNCE_MS, DRAFT_MAX_ATTEMPTS } from '../../machines/draft/draft.machine';
import { appError, settle, startDraft } from './actor.fakes';

async function advance(run: ReturnType<typeof startDraft>, ms: number): Promise<void> {
  run.clock.increment(ms);
  await settle();
}

describe('draft machine', () => {
  it('saves once the applicant pauses for the debounce, with the newest data and the known version', async () => {
    const run = startDraft({ externalId: 'ext-9', taskDefinitionKey: 'createApplicationStep', version: 4 });
    run.draft.send({ type: 'draft.changed', data: { firstName: 'M' } });
    await advance(run, DRAFT_DEBOUNCE_MS - 100);
    run.draft.send({ type: 'draft.changed', data: { firstName: 'Mari' } });
    await advance(run, DRAFT_DEBOUNCE_MS - 1);
    expect(run.saveDraft.calls).toHaveLength(0);
    await advance(run, 1);
    expect(run.saveDraft.calls).toHaveLength(1);
    expect(run.saveDraft.last().input).toEqual({
      externalId: 'ext-9',
      taskDefinitionKey: 'createApplicationStep',
      version: 4,
      data: { firstName: 'Mari' },
      keepalive: false,
    });

    run.saveDraft.last().resolve({ version: 5 });
    await settle();
    expect(run.toParent).toEqual([{ type: 'draft.saved', version: 5, data: { firstName: 'Mari' } }]);
    expect(run.draft.getSnapshot().value).toBe('idle');

    run.draft.send({ type: 'draft.changed', data: { firstName: 'Maria' } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.last().input.version).toBe(5);
  });

  it('a change while saving is saved right after, from the version just saved', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    run.saveDraft.last().resolve({ version: 1 });
    await settle();
    expect(run.draft.getSnapshot().value).toBe('waiting');
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.calls.map((call) => [call.input.version, call.input.data])).toEqual([
      [0, { n: 1 }],
      [1, { n: 2 }],
    ]);
    run.saveDraft.last().resolve({ version: 2 });
    await settle();
    expect(run.draft.getSnapshot().value).toBe('idle');
    await advance(run, 60_000);
    expect(run.saveDraft.calls).toHaveLength(2);
  });

  it(`retries a failed save with a growing backoff, ${DRAFT_MAX_ATTEMPTS} attempts in all, then tells the parent`, async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.saveDraft.last().reject(appError('network'));
    await settle();
    expect(run.draft.getSnapshot().value).toBe('retrying');

    // 2nd attempt after 2 x debounce, 3rd after 4 x debounce.
    for (const backoff of [2 * DRAFT_DEBOUNCE_MS, 4 * DRAFT_DEBOUNCE_MS]) {
      const before = run.saveDraft.calls.length;
      await advance(run, backoff - 1);
      expect(run.saveDraft.calls).toHaveLength(before);
      await advance(run, 1);
      expect(run.saveDraft.calls).toHaveLength(before + 1);
      run.saveDraft.last().reject(appError('network'));
      await settle();
    }

    expect(run.saveDraft.calls).toHaveLength(DRAFT_MAX_ATTEMPTS);
    expect(run.saveDraft.calls.every((call) => call.input.version === 0 && (call.input.data as { n: number }).n === 1)).toBe(true);
    expect(run.toParent).toEqual([{ type: 'draft.failed', error: appError('network') }]);
    expect(run.draft.getSnapshot().value).toBe('idle');
    await advance(run, 10 * 60_000);
    expect(run.saveDraft.calls).toHaveLength(DRAFT_MAX_ATTEMPTS);

    // Giving up is quiet, not final: the next change starts afresh with new attempts.
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.calls).toHaveLength(DRAFT_MAX_ATTEMPTS + 1);
    run.saveDraft.last().reject(appError('network'));
    await settle();
    expect(run.draft.getSnapshot().value).toBe('retrying');
  });

  it('a retry saves what was typed meanwhile, and succeeds quietly', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.saveDraft.last().reject(appError('timeout'));
    await settle();
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    await advance(run, 2 * DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.last().input.data).toEqual({ n: 2 });
    run.saveDraft.last().resolve({ version: 1 });
    await settle();
    expect(run.toParent).toEqual([{ type: 'draft.saved', version: 1, data: { n: 2 } }]);
    expect(run.draft.getSnapshot().value).toBe('idle');
  });

  it('a version conflict is final: the parent is told and nothing more is written', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.saveDraft.last().reject(appError('conflict'));
    await settle();
    expect(run.toParent).toEqual([{ type: 'draft.conflicted' }]);
    expect(run.draft.getSnapshot().status).toBe('done');
    expect(run.draft.getSnapshot().value).toBe('conflicted');
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    run.draft.send({ type: 'draft.flush' });
    await advance(run, 60_000);
    expect(run.saveDraft.calls).toHaveLength(1);
  });

  it('a flush skips the debounce and asks for a keepalive request', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    run.draft.send({ type: 'draft.flush' });
    await settle();
    expect(run.saveDraft.calls).toHaveLength(1);
    expect(run.saveDraft.last().input).toMatchObject({ data: { n: 1 }, keepalive: true });
    run.saveDraft.last().resolve({ version: 1 });
    await settle();
    // Back to ordinary saves afterwards.
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.last().input).toMatchObject({ data: { n: 2 }, keepalive: false, version: 1 });
  });

  it('a flush with nothing unsaved writes nothing', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.flush' });
    await advance(run, 60_000);
    expect(run.saveDraft.calls).toHaveLength(0);
    expect(run.draft.getSnapshot().value).toBe('idle');
  });

  it('a flush while waiting to retry saves the newest data at once, with keepalive', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    run.draft.send({ type: 'draft.flush' });
    run.saveDraft.last().reject(appError('network'));
    await settle();
    run.draft.send({ type: 'draft.flush' });
    await settle();
    expect(run.saveDraft.calls).toHaveLength(2);
    expect(run.saveDraft.last().input).toMatchObject({ data: { n: 2 }, keepalive: true });
  });

  it('tells the parent which data each save stored, also when more was typed while it ran', async () => {
    const run = startDraft();
    const first = { n: 1 };
    run.draft.send({ type: 'draft.changed', data: first });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    run.saveDraft.last().resolve({ version: 1 });
    await settle();
    // The very object the parent forwarded: the parent tells unsaved typing by identity.
    expect(run.toParent).toEqual([{ type: 'draft.saved', version: 1, data: { n: 1 } }]);
    expect((run.toParent[0] as { data: unknown }).data).toBe(first);
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.saveDraft.last().resolve({ version: 2 });
    await settle();
    expect(run.toParent.at(-1)).toEqual({ type: 'draft.saved', version: 2, data: { n: 2 } });
  });
});

describe('draft machine: before the application exists', () => {
  const UNATTACHED = { externalId: '', taskDefinitionKey: 'createApplicationStep', version: 0 };

  it('only remembers changes: neither the debounce nor a flush writes anything', async () => {
    const run = startDraft(UNATTACHED);
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.draft.getSnapshot().value).toBe('idle');
    run.draft.send({ type: 'draft.flush' });
    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    run.draft.send({ type: 'draft.flush' });
    await advance(run, 60_000);
    expect(run.saveDraft.calls).toHaveLength(0);
    expect(run.draft.getSnapshot().context.pending).toEqual({ n: 2 });
  });

  it('once attached saves what it remembered after the debounce, to the new application and version', async () => {
    const run = startDraft(UNATTACHED);
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.draft.send({ type: 'draft.attached', externalId: 'ext-new', version: 3 });
    expect(run.draft.getSnapshot().value).toBe('waiting');
    await advance(run, DRAFT_DEBOUNCE_MS - 1);
    expect(run.saveDraft.calls).toHaveLength(0);
    await advance(run, 1);
    expect(run.saveDraft.calls.map((call) => call.input)).toEqual([
      { externalId: 'ext-new', taskDefinitionKey: 'createApplicationStep', version: 3, data: { n: 1 }, keepalive: false },
    ]);
  });

  it('attached while waiting saves when the debounce ends', async () => {
    const run = startDraft(UNATTACHED);
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    await advance(run, DRAFT_DEBOUNCE_MS / 2);
    run.draft.send({ type: 'draft.attached', externalId: 'ext-new', version: 0 });
    await advance(run, DRAFT_DEBOUNCE_MS / 2);
    expect(run.saveDraft.calls.map((call) => [call.input.externalId, call.input.data])).toEqual([['ext-new', { n: 1 }]]);
  });

  it('attached with nothing remembered writes nothing until the next change', async () => {
    const run = startDraft(UNATTACHED);
    run.draft.send({ type: 'draft.attached', externalId: 'ext-new', version: 0 });
    run.draft.send({ type: 'draft.flush' });
    await advance(run, 60_000);
    expect(run.saveDraft.calls).toHaveLength(0);
    expect(run.draft.getSnapshot().value).toBe('idle');
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    run.draft.send({ type: 'draft.flush' });
    await settle();
    expect(run.saveDraft.last().input).toMatchObject({ externalId: 'ext-new', data: { n: 1 }, keepalive: true });
  });
});
