/**
 * Each machine's I/O is an actor the app provides (`machine.provide`). A machine started without it
 * fails the way any failed call does, with a message naming the actor that is missing, rather than
 * going on with an answer nobody gave.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, setup } from 'xstate';
import { CALCULATOR_DEBOUNCE_MS, calculatorMachine } from '../../machines/calculator/calculator.machine';
import { DRAFT_DEBOUNCE_MS, draftMachine, type DraftParentEvent } from '../../machines/draft/draft.machine';
import { currentAccountMachine } from '../../machines/entrance/current-account.machine';
import { startMachine, startView } from '../../machines/entrance/start.machine';
import { invitationMachine } from '../../machines/invitation/invitation.machine';
import { productTableOf } from '../support/product-data';
import { settle } from './actor.fakes';

describe('a machine started without the actor the app provides', () => {
  it('the calculator: its figures fail, naming the calculate actor', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(calculatorMachine, { clock, input: { products: productTableOf('retail-banking-ee') } });
    actor.start();
    actor.send({ type: 'calculator.stepChanged', values: { productName: 'SMALL_LOAN', amount: 3000, period: 36 } });
    clock.increment(CALCULATOR_DEBOUNCE_MS);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ figures: 'failed' })).toBe(true);
    expect(snapshot.context.error).toEqual({ kind: 'server', message: 'The calculate actor is provided by the app' });
  });

  it('the invitation: a failure to retry, naming the acceptInvitation actor', async () => {
    const actor = createActor(invitationMachine, { input: { token: 'tok' } });
    actor.start();
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual({ kind: 'server', message: 'The acceptInvitation actor is provided by the app' });
  });

  it('the draft: the save fails and is retried, naming the saveDraft actor', async () => {
    const toParent: DraftParentEvent[] = [];
    const host = setup({ types: { events: {} as DraftParentEvent }, actors: { draftSync: draftMachine } }).createMachine({
      invoke: { id: 'draft', src: 'draftSync', input: { externalId: 'ext-1', taskDefinitionKey: 'createApplicationStep', version: 0 } },
      on: {
        'draft.saved': { actions: ({ event }) => toParent.push(event) },
        'draft.failed': { actions: ({ event }) => toParent.push(event) },
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(host, { clock });
    actor.start();
    const draft = actor.getSnapshot().children.draft!;
    draft.send({ type: 'draft.changed', data: { firstName: 'Mari' } });
    clock.increment(DRAFT_DEBOUNCE_MS);
    await settle();
    const snapshot = draft.getSnapshot();
    expect(snapshot.value).toBe('retrying');
    expect(snapshot.context.lastError).toEqual({ kind: 'server', message: 'The saveDraft actor is provided by the app' });
    expect(toParent).toEqual([]);
  });

  it('/start, Estonian retail: a failure to retry, naming the fetchLoyaltySegment actor', async () => {
    const actor = createActor(startMachine, { input: { businessDomain: 'retail-banking-ee', productName: null } });
    actor.start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(startView(actor.getSnapshot())).toEqual({
      outcome: null,
      error: { kind: 'server', message: 'The fetchLoyaltySegment actor is provided by the app' },
      busy: false,
    });
  });

  it('/start, another domain: a failure to retry, naming the createUpsale actor', async () => {
    const actor = createActor(startMachine, { input: { businessDomain: 'retail-banking-lv', productName: 'SMALL_LOAN' } });
    actor.start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(startView(actor.getSnapshot())).toEqual({
      outcome: null,
      error: { kind: 'server', message: 'The createUpsale actor is provided by the app' },
      busy: false,
    });
  });

  it('/current-account: a failure to retry, naming the createCurrentAccount actor', async () => {
    const actor = createActor(currentAccountMachine, { input: { campaignCode: null, tracking: null } });
    actor.start();
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context).toMatchObject({
      externalId: null,
      error: { kind: 'server', message: 'The createCurrentAccount actor is provided by the app' },
    });
  });
});
