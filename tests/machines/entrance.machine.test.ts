import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { currentAccountMachine } from '../../machines/entrance/current-account.machine';
import { startMachine, startView, type CreateUpsaleInput, type StartInput } from '../../machines/entrance/start.machine';
import { appError, controllable, settle } from './actor.fakes';

function startAt(input: StartInput) {
  const segment = controllable<string | null, unknown>();
  const upsale = controllable<{ externalId: string }, CreateUpsaleInput>();
  const actor = createActor(startMachine.provide({ actors: { fetchLoyaltySegment: segment.logic, createUpsale: upsale.logic } }), { input });
  actor.start();
  return { actor, segment, upsale, view: () => startView(actor.getSnapshot()) };
}

describe('/start (section 4)', () => {
  it('Estonian retail, segment one: an upsale application with the small loan preset', async () => {
    const run = startAt({ businessDomain: 'retail-banking-ee', productName: 'CAR_LOAN' });
    expect(run.view().busy).toBe(true);
    run.segment.last().resolve('LOYALTY_SEGMENT_ONE');
    await settle();
    expect(run.upsale.last().input).toEqual({ productName: 'SMALL_LOAN' });
    run.upsale.last().resolve({ externalId: 'ext-1' });
    await settle();
    expect(run.view().outcome).toEqual({ kind: 'application', externalId: 'ext-1' });
  });

  it('Estonian retail, segment two: product selection, nothing created', async () => {
    const run = startAt({ businessDomain: 'retail-banking-ee', productName: null });
    run.segment.last().resolve('LOYALTY_SEGMENT_TWO');
    await settle();
    expect(run.view().outcome).toEqual({ kind: 'product-selection' });
    expect(run.upsale.calls).toHaveLength(0);
  });

  it.each(['LOYALTY_SEGMENT_THREE', '', null])('Estonian retail, any other segment (%j): the error handler (section 8)', async (segment) => {
    const run = startAt({ businessDomain: 'retail-banking-ee', productName: null });
    run.segment.last().resolve(segment);
    await settle();
    expect(run.view().outcome).toEqual({ kind: 'error-handler', segment });
    expect(run.upsale.calls).toHaveLength(0);
  });

  it.each(['retail-banking-lv', 'retail-banking-lt'] as const)('%s: an upsale application straight away, with the link’s product or none', async (businessDomain) => {
    const run = startAt({ businessDomain, productName: null });
    expect(run.segment.calls).toHaveLength(0);
    expect(run.upsale.last().input).toEqual({ productName: null });
    const withProduct = startAt({ businessDomain, productName: 'CAR_LOAN' });
    expect(withProduct.upsale.last().input).toEqual({ productName: 'CAR_LOAN' });
  });

  it('a failure offers to try again, and trying again asks again', async () => {
    const run = startAt({ businessDomain: 'retail-banking-ee', productName: null });
    run.segment.last().reject(appError('network'));
    await settle();
    expect(run.view()).toMatchObject({ error: { kind: 'network' }, busy: false, outcome: null });
    run.actor.send({ type: 'start.retried' });
    expect(run.segment.calls).toHaveLength(2);
  });
});

describe('/current-account (section 2)', () => {
  it('creates the application with the link’s campaign code and tracking, and keeps its externalId', async () => {
    const create = controllable<string, { campaignCode: string | null; tracking: Record<string, string> | null }>();
    const actor = createActor(currentAccountMachine.provide({ actors: { createCurrentAccount: create.logic } }), { input: { campaignCode: 'KONTO', tracking: { source: 'news' } } });
    actor.start();
    expect(create.last().input).toEqual({ campaignCode: 'KONTO', tracking: { source: 'news' } });
    create.last().reject(appError('server'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'currentAccount.retried' });
    create.last().resolve('ext-9');
    await settle();
    expect(actor.getSnapshot().context.externalId).toBe('ext-9');
  });
});
