import { assign, emit, enqueueActions, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import * as v from 'valibot';
import type { StepSubmission } from '../../../core/wire/process.schema';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import type { CountryCode } from '../../../core/domain/business-domains';
import { normalisePersonalCode, personalCodeSchema } from '../../../core/validation/personal-code';

/**
 * The personal code server check of sections 5 and 8 ("then a server check; server failure is
 * treated as invalid"), as step logic: the code is checked once it passes the local rules (on
 * leaving the field), and a submission waits for the verdict on its code. A valid code lets the
 * submission through to the application machine (`sendParent`); an invalid code, or a check that
 * could not be made, refuses it (`step.refused`, emitted) and says why on the field. Runs as a
 * child of the application machine while its step is shown (src/steps/<step>/logic.ts).
 */
export interface PersonalCodeCheckInput {
  country: CountryCode;
}

export type PersonalCodeVerdict = 'valid' | 'invalid';

export interface PersonalCodeCheckContext {
  country: CountryCode;
  /** The code the current state is about (normalised), once one was asked. */
  code: string | null;
  /** What the field holds now (a verdict on another code says nothing about it). */
  text: string | null;
  verdict: PersonalCodeVerdict | null;
  error: AppError | null;
  /** Asked again after a failure: the "Check again" button stays where it is meanwhile. */
  retry: boolean;
  /** A submission waiting for the verdict on its code. */
  pending: Omit<StepSubmission, 'version'> | null;
}

export type PersonalCodeCheckEvent =
  /** The field's text changed. */
  | { type: 'personalCode.typed'; text: string }
  /**
   * Whose country's code it is changed (decision 181: a company's representative is checked by the
   * rules of the company's country, chosen on the same page); an earlier verdict no longer holds.
   */
  | { type: 'personalCode.countryChosen'; country: CountryCode }
  /** The applicant left the field with this text. */
  | { type: 'personalCode.blurred'; text: string }
  | { type: 'personalCode.retried' }
  | { type: 'step.submitted'; submission: Omit<StepSubmission, 'version'>; personalCode: string };

export type PersonalCodeCheckEmitted = { type: 'step.refused' };

export interface CheckPersonalCodeInput {
  code: string;
  country: CountryCode;
}

/** The code the local rules accept (normalised), or undefined. */
function wellFormed(country: CountryCode, text: string): string | undefined {
  const result = v.safeParse(personalCodeSchema(country), text);
  return result.success ? result.output : undefined;
}

type Submitted = Extract<PersonalCodeCheckEvent, { type: 'step.submitted' }>;
const submittedCode = ({ event }: { event: Submitted }) => ({ personalCode: event.personalCode });
const submittedText = ({ event }: { event: Submitted }) => ({ text: event.personalCode });

export const personalCodeCheckMachine = setup({
  types: {
    context: {} as PersonalCodeCheckContext,
    events: {} as PersonalCodeCheckEvent,
    input: {} as PersonalCodeCheckInput,
    emitted: {} as PersonalCodeCheckEmitted,
  },
  actors: {
    checkPersonalCode: fromPromise<{ valid: boolean }, CheckPersonalCodeInput>(async () => {
      throw new Error('The checkPersonalCode actor is provided by the app');
    }),
  },
  guards: {
    /** Bound to `personalCode.blurred`: the text the applicant left the field with. */
    isNewWellFormedCode: ({ context }, params: { text: string }) => {
      const code = wellFormed(context.country, params.text);
      return code !== undefined && !(code === context.code && context.verdict !== null);
    },
    /** Bound to `step.submitted`: the code the submission carries. */
    hasValidVerdictFor: ({ context }, params: { personalCode: string }) =>
      context.verdict === 'valid' && context.code === normalisePersonalCode(context.country, params.personalCode),
    isPending: ({ context }) => context.pending !== null,
    isSubmissionOfCheckedCode: ({ context }, params: { personalCode: string }) =>
      context.code === normalisePersonalCode(context.country, params.personalCode),
    pendingIsValid: ({ context }) => context.pending !== null && context.verdict === 'valid',
  },
  actions: {
    /** Bound to `personalCode.blurred` (its text) and `step.submitted` (its code). */
    askAbout: assign(({ context }, { text }: { text: string }) => ({
      code: normalisePersonalCode(context.country, text),
      text,
      verdict: null,
      error: null,
      retry: false,
    })),
    forwardSubmission: sendParent(({ context, event }) => ({
      type: 'step.submitted' as const,
      submission: event.type === 'step.submitted' ? event.submission : (context.pending as Omit<StepSubmission, 'version'>),
    })),
    clearPending: assign({ pending: null }),
    refuse: enqueueActions(({ enqueue }) => {
      enqueue.assign({ pending: null });
      enqueue(emit({ type: 'step.refused' }));
    }),
  },
}).createMachine({
  id: 'personalCodeCheck',
  context: ({ input }) => ({ country: input.country, code: null, text: null, verdict: null, error: null, retry: false, pending: null }),
  initial: 'idle',
  on: {
    'personalCode.typed': { actions: assign({ text: ({ event }) => event.text }) },
    'personalCode.countryChosen': {
      guard: ({ context, event }) => event.country !== context.country,
      target: '.idle',
      actions: assign({ country: ({ event }) => event.country, code: null, verdict: null, error: null, retry: false, pending: null }),
    },
    'personalCode.blurred': {
      guard: { type: 'isNewWellFormedCode', params: ({ event }) => ({ text: event.text }) },
      target: '.checking',
      actions: { type: 'askAbout', params: ({ event }) => ({ text: event.text }) },
    },
    'step.submitted': [
      { guard: { type: 'hasValidVerdictFor', params: submittedCode }, actions: 'forwardSubmission' },
      {
        target: '.checking',
        actions: [{ type: 'askAbout', params: submittedText }, assign({ pending: ({ event }) => event.submission })],
      },
    ],
  },
  states: {
    idle: {},
    checking: {
      tags: ['busy'],
      // A submit while its own code is being checked waits for that answer (one request per code).
      on: {
        'step.submitted': [
          { guard: { type: 'isSubmissionOfCheckedCode', params: submittedCode }, actions: assign({ pending: ({ event }) => event.submission }) },
          { target: 'checking', reenter: true, actions: [{ type: 'askAbout', params: submittedText }, assign({ pending: ({ event }) => event.submission })] },
        ],
      },
      invoke: {
        src: 'checkPersonalCode',
        // Entered only after `askAbout` set the code (a retry keeps it).
        input: ({ context }) => ({ code: context.code as string, country: context.country }),
        onDone: {
          target: 'answered',
          actions: assign({ verdict: ({ event }): PersonalCodeVerdict => (event.output.valid ? 'valid' : 'invalid') }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    answered: {
      entry: enqueueActions(({ check, enqueue }) => {
        if (check('pendingIsValid')) {
          enqueue('forwardSubmission');
          enqueue('clearPending');
        } else if (check('isPending')) enqueue('refuse');
      }),
    },
    failed: {
      entry: enqueueActions(({ check, enqueue }) => {
        if (check('isPending')) enqueue('refuse');
      }),
      on: {
        'personalCode.retried': { target: 'checking', actions: assign({ retry: true, verdict: null, error: null }) },
      },
    },
  },
});

export type PersonalCodeCheckSnapshot = SnapshotFrom<typeof personalCodeCheckMachine>;

// The view model (personalCodeCheckView) lives in personal-code-check-view.ts, so a view's chunk
// does not carry this machine's definition (the step's logic chunk brings it; decision 041).
