/**
 * ChooseContinueOption's step logic (issue 11; decision 121): a choice the server's answer does not
 * offer is refused, which application each choice goes to, the requests made when the step has no
 * application yet, and what the applicant is told when the app provides no actor.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { continueOptionMachine, type ApplicationRef } from '../../src/steps/chooseContinueOption/continue-option.machine';
import type { ActiveApplications } from '../../core/wire/active-applications.schema';
import { controllable, settle, stepLogicInput } from './actor.fakes';
import { chose, ready, summaryOf } from './continue-option.run';

describe('continue option: joining as the related person', () => {
  it('refuses to join an application the applicant may not be the related person of', async () => {
    const run = await ready({ activeApplication: null, canBeRelatedPerson: false, relatedApplication: summaryOf('rel-1') });
    run.child.send(chose('JOIN_AS_RELATED_PERSON'));
    await settle();
    expect(run.refused).toHaveLength(1);
    expect(run.annulCurrent.calls).toHaveLength(0);
    expect(run.snapshot().value).toBe('ready');
    expect(run.toParent).toEqual([]);
  });

  it('refuses to join when the server names no application to join', async () => {
    const run = await ready({ activeApplication: summaryOf('old-1'), canBeRelatedPerson: true, relatedApplication: null });
    run.child.send(chose('JOIN_AS_RELATED_PERSON'));
    await settle();
    expect(run.refused).toHaveLength(1);
    expect(run.annulCurrent.calls).toHaveLength(0);
    expect(run.toParent).toEqual([]);
  });

  it('goes to the co-borrower\'s part of the related application, not the active one', async () => {
    const run = await ready({ activeApplication: summaryOf('old-1'), canBeRelatedPerson: true, relatedApplication: summaryOf('rel-1') });
    run.child.send(chose('JOIN_AS_RELATED_PERSON'));
    run.annulCurrent.last().resolve({});
    await settle();
    expect(run.toParent).toEqual([{ type: 'application.switched', to: '/?externalId=rel-1&role=coborrower' }]);
  });

  it('goes to the active application when that is chosen, as the applicant', async () => {
    const run = await ready({ activeApplication: summaryOf('old-1'), canBeRelatedPerson: true, relatedApplication: summaryOf('rel-1') });
    run.child.send(chose('CONTINUE_ACTIVE'));
    run.annulCurrent.last().resolve({});
    await settle();
    expect(run.toParent).toEqual([{ type: 'application.switched', to: '/?externalId=old-1' }]);
  });
});

describe('continue option: a step shown before its application exists', () => {
  it('asks with an empty application id for the choices and for each annulment', async () => {
    const input = stepLogicInput({ externalId: null });
    const run = await ready({ activeApplication: summaryOf('old-1'), canBeRelatedPerson: false, relatedApplication: null }, input);
    expect(run.load.calls.map((call) => call.input)).toEqual([{ externalId: '' }]);
    run.child.send(chose('ANNUL_ACTIVE'));
    expect(run.annulOthers.last().input).toEqual({ externalId: '' });
    run.annulOthers.last().resolve({ annulled: 1 });
    await settle();
    run.child.send(chose('CONTINUE_ACTIVE'));
    expect(run.annulCurrent.last().input).toEqual({ externalId: '' });
  });
});

describe('continue option: without the actors provided', () => {
  it('says the choices could not be read, naming the missing actor', async () => {
    const actor = createActor(continueOptionMachine, { input: stepLogicInput({ externalId: 'new-1' }) }).start();
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toEqual({ kind: 'server', message: 'The loadActiveApplications actor is provided by the app' });
    actor.stop();
  });

  it('keeps the applicant on the page when an annulment cannot be made, naming the missing actor', async () => {
    const load = controllable<ActiveApplications, ApplicationRef>();
    const machine = continueOptionMachine.provide({ actors: { loadActiveApplications: load.logic } });
    const actor = createActor(machine, { input: stepLogicInput({ externalId: 'new-1' }) }).start();
    load.last().resolve({ activeApplication: summaryOf('old-1'), canBeRelatedPerson: false, relatedApplication: null });
    await settle();

    actor.send(chose('CONTINUE_ACTIVE'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: null,
      actionError: { kind: 'server', message: 'The annulApplication actor is provided by the app' },
    });

    actor.send(chose('ANNUL_ACTIVE'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: null,
      actionError: { kind: 'server', message: 'The annulActiveApplications actor is provided by the app' },
    });
    actor.stop();
  });
});
