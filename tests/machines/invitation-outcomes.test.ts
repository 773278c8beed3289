/**
 * How an invitation link ends (issue 11, decisions 188 and 195): which answer of the server makes an
 * expired link, a link for another person's application, or a failure that may be retried, and the
 * role the accepted link continues in.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { invitationMachine } from '../../machines/invitation/invitation.machine';
import { appError, controllable, settle } from './actor.fakes';
import type { AppError } from '../../core/domain/app-error';

type Accepted = { externalId: string; role?: 'APPLICANT' | 'COBORROWER' | undefined };

function start() {
  const accept = controllable<Accepted, { token: string }>();
  const actor = createActor(invitationMachine.provide({ actors: { acceptInvitation: accept.logic } }), { input: { token: 'tok' } });
  actor.start();
  return { actor, accept };
}

async function endWith(error: AppError) {
  const run = start();
  run.accept.last().reject(error);
  await settle();
  return run.actor.getSnapshot();
}

describe('invitation: how a refused link ends', () => {
  it('an applicant’s link past its time (a server answer LINK_EXPIRED) is expired, with nothing to retry', async () => {
    const snapshot = await endWith(appError('server', { status: 410, code: 'LINK_EXPIRED' }));
    expect(snapshot.value).toBe('expired');
    expect(snapshot.status).toBe('done');
  });

  it.each([
    ['another server code', appError('server', { status: 500, code: 'INTERNAL' })],
    ['a server failure without a code', appError('server', { status: 500 })],
    ['LINK_EXPIRED with another kind of answer', appError('conflict', { code: 'LINK_EXPIRED' })],
    ['LINK_EXPIRED from an unauthorized answer', appError('unauthorized', { code: 'LINK_EXPIRED' })],
  ])('%s is a failure that may be retried, not an expired link', async (_, error) => {
    const snapshot = await endWith(error);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual(error);
  });

  it('a link another person’s browser opened (unauthorized, LINK_FOR_ANOTHER_PERSON) says so, with nothing to retry', async () => {
    const snapshot = await endWith(appError('unauthorized', { code: 'LINK_FOR_ANOTHER_PERSON' }));
    expect(snapshot.value).toBe('forAnotherPerson');
    expect(snapshot.status).toBe('done');
  });

  it.each([
    ['an unauthorized answer without a code', appError('unauthorized')],
    ['an unauthorized answer with another code', appError('unauthorized', { code: 'SESSION_EXPIRED' })],
    ['LINK_FOR_ANOTHER_PERSON with another kind of answer', appError('server', { status: 403, code: 'LINK_FOR_ANOTHER_PERSON' })],
    ['LINK_FOR_ANOTHER_PERSON as a conflict', appError('conflict', { code: 'LINK_FOR_ANOTHER_PERSON' })],
  ])('%s is a failure that may be retried, not another person’s link', async (_, error) => {
    const snapshot = await endWith(error);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual(error);
  });

  it('a retry after a failure can still end as an expired link', async () => {
    const run = start();
    run.accept.last().reject(appError('network'));
    await settle();
    run.actor.send({ type: 'invitation.retried' });
    run.accept.last().reject(appError('server', { code: 'LINK_EXPIRED' }));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('expired');
    expect(run.accept.calls).toHaveLength(2);
  });
});

describe('invitation: the role the accepted link continues in', () => {
  it('an applicant’s link (decision 188) continues as the applicant', async () => {
    const run = start();
    run.accept.last().resolve({ externalId: 'ext-9', role: 'APPLICANT' });
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ externalId: 'ext-9', role: 'APPLICANT' });
  });

  it('a link whose answer names no role continues as a co-borrower', async () => {
    const run = start();
    run.accept.last().resolve({ externalId: 'ext-9' });
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ externalId: 'ext-9', role: 'COBORROWER' });
  });

  it('a co-borrower’s link named as such continues as a co-borrower', async () => {
    const run = start();
    run.accept.last().resolve({ externalId: 'ext-9', role: 'COBORROWER' });
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ externalId: 'ext-9', role: 'COBORROWER' });
  });
});
