/**
 * ProvideBasViaOpenBanking's machine without the app's actors (decision 252): each call the app must
 * provide fails with a message naming it, and the machine handles that failure as any other; without
 * an application the list is asked with an empty id.
 */
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { settle } from './actor.fakes';
import { ENROLLED, INPUT, NONE_YET, OPEN, listed, startLogic } from './open-banking.run';

const notProvided = (name: string) => ({ kind: 'server', message: `The ${name} actor is provided by the app` });

describe('open banking without the app’s actors', () => {
  it('asks the list with an empty id when there is no application yet', () => {
    const run = startLogic({ input: { ...INPUT, externalId: null } });
    expect(run.list.last().input).toEqual({ externalId: '' });
  });

  it('a list not provided fails to the error handler, naming the actor', async () => {
    const run = startLogic({ unprovided: ['listInstitutions'] });
    await settle();
    expect(run.view()).toMatchObject({ status: 'failed', error: notProvided('listInstitutions') });
    expect(run.toParent).toEqual([{ type: 'step.failed', error: notProvided('listInstitutions') }]);
  });

  it('a bank choice not provided fails back to the list, naming the actor', async () => {
    const run = await listed(NONE_YET, { unprovided: ['selectInstitution'] });
    run.child.send({ type: 'institution.selected', institutionId: 'CITADELE_LV' });
    await settle();
    expect(run.snapshot().value).toBe('loading');
    expect(run.view()).toMatchObject({ problem: 'selectFailed', error: notProvided('selectInstitution') });
  });

  it('a consent URL not provided fails back to the page, naming the actor', async () => {
    const run = await listed(OPEN, { unprovided: ['consentUrl'] });
    run.child.send({ type: 'consent.resumed' });
    await settle();
    expect(run.view()).toMatchObject({ status: 'ready', problem: 'selectFailed', error: notProvided('consentUrl') });
  });

  it('a consent reference not provided leaves the page without one, its failure naming the actor', async () => {
    const failures: unknown[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.event' && event.event.type.startsWith('xstate.error.actor')) failures.push((event.event as { type: string; error?: unknown }).error);
    };
    const run = await listed(ENROLLED, { unprovided: ['consentReference'], inspect });
    await settle();
    expect(run.view()).toMatchObject({ status: 'ready', consentReference: null, enrolled: ENROLLED.enrolled });
    expect(failures).toEqual([new Error('The consentReference actor is provided by the app')]);
  });

  it('a consent page not provided stops the machine with an error naming the actor', async () => {
    const run = await listed(NONE_YET, { unprovided: ['openConsentPage'] });
    run.child.send({ type: 'institution.selected', institutionId: 'CITADELE_LV' });
    run.select.last().resolve({ redirectUrl: 'http://127.0.0.1:41234/psd2/sca/6f1c2b0e-auth-c1' });
    await settle();
    expect(run.snapshot().status).toBe('error');
    expect(run.snapshot().error).toEqual(new Error('The openConsentPage actor is provided by the app'));
  });
});
