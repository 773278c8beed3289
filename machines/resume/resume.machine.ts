import { assign, fromPromise, setup } from 'xstate';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { ResumeByLoginReply, ResumeLinkReply, ResumeLinkRequest } from '../../core/wire/resume.schema';

/**
 * Issue 26 item 2 (decision 195): the `/resume` page. It first asks whether this session's login
 * (back from the bank's login service) finds an open application: then the app continues it. Else
 * the person logs in, or asks for a one-time link by e-mail; the answer is the same whether or not an
 * application matched, so the page says "if".
 */
export interface ResumeContext {
  externalId: string | null;
  /** Logged in, but no open application of this person (nothing to continue). */
  loggedInWithoutApplication: boolean;
  /** The login check failed: the link by e-mail still works. */
  checkError: AppError | null;
  /** The last link request's refusal (validation: on the fields; anything else: above the form). */
  linkError: AppError | null;
  /** Where the last link was asked to go, and how long it works. */
  sentTo: string | null;
  expiresInMinutes: number | null;
}

export type ResumeEvent = { type: 'resume.linkRequested'; request: ResumeLinkRequest } | { type: 'resume.anotherLink' };

export const resumeMachine = setup({
  types: { context: {} as ResumeContext, events: {} as ResumeEvent },
  actors: {
    resumeByLogin: fromPromise<ResumeByLoginReply>(async () => {
      throw new Error('The resumeByLogin actor is provided by the app');
    }),
    requestResumeLink: fromPromise<ResumeLinkReply, ResumeLinkRequest>(async () => {
      throw new Error('The requestResumeLink actor is provided by the app');
    }),
  },
  guards: {
    // Stryker disable next-line OptionalChaining: equivalent (decision 232), the guard reads the login check's reply only (`onDone`), always an object (`ResumeByLoginReplySchema`).
    hasApplication: ({ event }) => (event as { output?: ResumeByLoginReply }).output?.externalId != null,
  },
}).createMachine({
  id: 'resume',
  context: { externalId: null, loggedInWithoutApplication: false, checkError: null, linkError: null, sentTo: null, expiresInMinutes: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'resumeByLogin',
        onDone: [
          { guard: 'hasApplication', target: 'resumed', actions: assign({ externalId: ({ event }) => event.output.externalId }) },
          { target: 'choosing', actions: assign({ loggedInWithoutApplication: ({ event }) => event.output.authenticated }) },
        ],
        onError: { target: 'choosing', actions: assign({ checkError: ({ event }) => asAppError(event.error) }) },
      },
    },
    /** The app continues the application at its current task. */
    resumed: { type: 'final' },
    choosing: {
      on: {
        'resume.linkRequested': { target: 'sending', actions: assign({ linkError: null, sentTo: ({ event }) => event.request.email.trim() }) },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'requestResumeLink',
        input: ({ event }) => (event as Extract<ResumeEvent, { type: 'resume.linkRequested' }>).request,
        onDone: { target: 'sent', actions: assign({ expiresInMinutes: ({ event }) => event.output.expiresInMinutes }) },
        onError: { target: 'choosing', actions: assign({ linkError: ({ event }) => asAppError(event.error), sentTo: null }) },
      },
    },
    sent: {
      on: { 'resume.anotherLink': { target: 'choosing', actions: assign({ sentTo: null, expiresInMinutes: null }) } },
    },
  },
});
