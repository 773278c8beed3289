/**
 * The `/resume` page's machine (issue 26 item 2, decision 195), tested for the first time in the
 * mutation suites (decision 232: no suite loaded it, so all its 64 mutants had no test). The login
 * check first: an application found is continued, none found leaves the choice (saying whether the
 * person is logged in), a failed check leaves the link by e-mail; then the link request.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resumeMachine } from '../../machines/resume/resume.machine';
import type { ResumeByLoginReply, ResumeLinkReply, ResumeLinkRequest } from '../../core/wire/resume.schema';
import { appError, controllable, settle } from './actor.fakes';

function start() {
  const byLogin = controllable<ResumeByLoginReply, unknown>();
  const link = controllable<ResumeLinkReply, ResumeLinkRequest>();
  const actor = createActor(resumeMachine.provide({ actors: { resumeByLogin: byLogin.logic, requestResumeLink: link.logic } })).start();
  return { actor, byLogin, link, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

const REQUEST: ResumeLinkRequest = { email: '  mari@example.ee ', personalCode: '49001010000', language: 'et' };

describe('the login check', () => {
  it('an open application of the person logged in is continued', async () => {
    const run = start();
    expect(run.state()).toBe('checking');
    run.byLogin.last().resolve({ authenticated: true, externalId: 'app-9' });
    await settle();
    expect(run.state()).toBe('resumed');
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.context().externalId).toBe('app-9');
  });

  it('logged in without an open application: the choice, saying so', async () => {
    const run = start();
    run.byLogin.last().resolve({ authenticated: true, externalId: null });
    await settle();
    expect(run.state()).toBe('choosing');
    expect(run.context()).toMatchObject({ externalId: null, loggedInWithoutApplication: true, checkError: null });
  });

  it('nobody logged in: the choice, not saying "logged in"', async () => {
    const run = start();
    run.byLogin.last().resolve({ authenticated: false, externalId: null });
    await settle();
    expect(run.context()).toMatchObject({ loggedInWithoutApplication: false });
  });

  it('a failed check leaves the link by e-mail, keeping the error', async () => {
    const run = start();
    run.byLogin.last().reject(appError('network'));
    await settle();
    expect(run.state()).toBe('choosing');
    expect(run.context().checkError?.kind).toBe('network');
  });

  it('without the app’s actors the check fails saying which actor the app provides', async () => {
    const actor = createActor(resumeMachine).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.checkError?.message).toBe('The resumeByLogin actor is provided by the app');
    actor.send({ type: 'resume.linkRequested', request: REQUEST });
    await settle();
    expect(actor.getSnapshot().context.linkError?.message).toBe('The requestResumeLink actor is provided by the app');
  });
});

describe('the link by e-mail', () => {
  async function choosing() {
    const run = start();
    run.byLogin.last().resolve({ authenticated: false, externalId: null });
    await settle();
    return run;
  }

  it('sends the request as given, busy meanwhile, then says where it went and for how long', async () => {
    const run = await choosing();
    run.actor.send({ type: 'resume.linkRequested', request: REQUEST });
    expect(run.state()).toBe('sending');
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.link.last().input).toEqual(REQUEST);
    expect(run.context().sentTo).toBe('mari@example.ee');
    run.link.last().resolve({ accepted: true, expiresInMinutes: 30 });
    await settle();
    expect(run.state()).toBe('sent');
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(run.context()).toMatchObject({ sentTo: 'mari@example.ee', expiresInMinutes: 30, linkError: null });
  });

  it('a refused request goes back to the form with its error and no address; the next request clears the error', async () => {
    const run = await choosing();
    run.actor.send({ type: 'resume.linkRequested', request: REQUEST });
    run.link.last().reject(appError('conflict'));
    await settle();
    expect(run.state()).toBe('choosing');
    expect(run.context()).toMatchObject({ sentTo: null });
    expect(run.context().linkError?.kind).toBe('conflict');
    run.actor.send({ type: 'resume.linkRequested', request: { ...REQUEST, email: 'mari@example.com' } });
    expect(run.context()).toMatchObject({ linkError: null, sentTo: 'mari@example.com' });
  });

  it('another link: the form again, the last address and time forgotten', async () => {
    const run = await choosing();
    run.actor.send({ type: 'resume.linkRequested', request: REQUEST });
    run.link.last().resolve({ accepted: true, expiresInMinutes: 30 });
    await settle();
    run.actor.send({ type: 'resume.anotherLink' });
    expect(run.state()).toBe('choosing');
    expect(run.context()).toMatchObject({ sentTo: null, expiresInMinutes: null });
  });
});
