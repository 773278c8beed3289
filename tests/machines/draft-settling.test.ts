/**
 * `draft.settle` (decision 231): the parent waits for one `draft.settled` per settle it asked for.
 * Once answered, the draft is back to saving after the debounce, and tells the parent nothing more.
 */
import { describe, expect, it } from 'vitest';
import { DRAFT_DEBOUNCE_MS } from '../../machines/draft/draft.machine';
import { settle, startDraft } from './actor.fakes';

async function advance(run: ReturnType<typeof startDraft>, ms: number): Promise<void> {
  run.clock.increment(ms);
  await settle();
}

describe('draft machine: settling answers once', () => {
  it('after a settle is answered, the next save waits for the debounce and answers nothing', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    run.draft.send({ type: 'draft.settle' });
    expect(run.saveDraft.calls).toHaveLength(1);
    run.saveDraft.last().resolve({ version: 1 });
    await settle();
    expect(run.toParent).toEqual([{ type: 'draft.saved', version: 1, data: { n: 1 } }, { type: 'draft.settled' }]);

    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.calls).toHaveLength(2);
    run.saveDraft.last().resolve({ version: 2 });
    await settle();
    expect(run.draft.getSnapshot().value).toBe('idle');
    expect(run.toParent.filter((event) => event.type === 'draft.settled')).toHaveLength(1);
  });

  it('after a settle is answered, what is typed during a later save waits for the debounce', async () => {
    const run = startDraft();
    run.draft.send({ type: 'draft.changed', data: { n: 1 } });
    run.draft.send({ type: 'draft.settle' });
    run.saveDraft.last().resolve({ version: 1 });
    await settle();

    run.draft.send({ type: 'draft.changed', data: { n: 2 } });
    await advance(run, DRAFT_DEBOUNCE_MS);
    run.draft.send({ type: 'draft.changed', data: { n: 3 } });
    run.saveDraft.last().resolve({ version: 2 });
    await settle();
    expect(run.draft.getSnapshot().value).toBe('waiting');
    expect(run.saveDraft.calls).toHaveLength(2);
    await advance(run, DRAFT_DEBOUNCE_MS);
    expect(run.saveDraft.last().input).toMatchObject({ version: 2, data: { n: 3 } });
  });
});
