import { and, assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { Institution, InstitutionList } from '../../../core/wire/open-banking.schema';
import { LIST_INSTITUTIONS_TIMEOUT_MS } from '../../../core/wire/open-banking.schema';
import type { StepSubmission } from '../../../core/wire/process.schema';
import { asAppError, type AppError } from '../../../core/domain/app-error';
import type { Locale } from '../../../core/domain/languages';
import type { StepLogicInput } from '../../../machines/application/application.actors';

/**
 * ProvideBasViaOpenBanking (section 4's bank statement step; issue 13; docs/decisions/153): the
 * person's banks through the PSD2 aggregator. The banks of the country are listed (30 seconds at
 * most, section 9; a failure empties the list and goes to the application's error handler), searched by name or BIC, and one is chosen: the
 * aggregator answers the bank's consent page, where the browser goes and from where it comes back to
 * this step, which lists again and shows how the consent ended. The person goes on with the banks
 * they enrolled, or (behind its flag, offered by the page) to the manual upload. A consent still open
 * at the bank can be returned to (the consent URL call); an enrolled bank's consent reference is shown.
 */

type Submission = Omit<StepSubmission, 'version'>;

export interface OpenBankingContext {
  externalId: string;
  locale: Locale;
  enrolled: Institution[];
  available: Institution[];
  lastConsent: InstitutionList['lastConsent'];
  failedAttempts: number;
  maxFailedAttempts: number;
  consentReference: string | null;
  query: string;
  selectedId: string | null;
  redirectUrl: string | null;
  error: AppError | null;
  /** Why the last action could not go on. */
  problem: 'noBank' | 'selectFailed' | 'noOpenConsent' | null;
}

export type OpenBankingEvent =
  | { type: 'institutions.reloaded' }
  | { type: 'search.changed'; query: string }
  | { type: 'institution.selected'; institutionId: string }
  | { type: 'consent.resumed' }
  | { type: 'manualUpload.chosen'; submission: Submission }
  | { type: 'step.submitted'; submission: Submission };

/** To the application machine: the step goes on, or the bank list failed (its common error handler, decision 153). */
export type OpenBankingParentEvent = { type: 'step.submitted'; submission: Submission } | { type: 'step.failed'; error: AppError };

const submitted = (event: OpenBankingEvent, uploadBasManually: boolean): OpenBankingParentEvent => {
  const { submission } = event as Extract<OpenBankingEvent, { submission: Submission }>;
  return { type: 'step.submitted', submission: { ...submission, variables: { ...submission.variables, uploadBasManually } } };
};

/** Banks whose name or BIC holds the query (case and accents aside). */
export function matchingInstitutions(institutions: readonly Institution[], query: string): Institution[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(query.trim());
  // An empty query is in every name: all the banks, in a new array.
  return institutions.filter((institution) => fold(institution.name).includes(wanted) || fold(institution.bic).includes(wanted));
}

const LIST_TIMED_OUT: AppError = { kind: 'timeout', message: 'The bank list did not arrive in time.' };

export const openBankingMachine = setup({
  types: {
    context: {} as OpenBankingContext,
    events: {} as OpenBankingEvent,
    input: {} as StepLogicInput,
  },
  actors: {
    listInstitutions: fromPromise<InstitutionList, { externalId: string }>(async () => {
      throw new Error('The listInstitutions actor is provided by the app');
    }),
    selectInstitution: fromPromise<{ redirectUrl: string }, { externalId: string; institutionId: string; userLanguage: Locale }>(async () => {
      throw new Error('The selectInstitution actor is provided by the app');
    }),
    consentUrl: fromPromise<{ consentUrl: string | null }, { externalId: string }>(async () => {
      throw new Error('The consentUrl actor is provided by the app');
    }),
    consentReference: fromPromise<{ reference: string | null }, { externalId: string }>(async () => {
      throw new Error('The consentReference actor is provided by the app');
    }),
    /** Sends the browser to the bank's page; it does not come back to this page. */
    openConsentPage: fromPromise<void, { url: string }>(async () => {
      throw new Error('The openConsentPage actor is provided by the app');
    }),
  },
  delays: { listTimeout: LIST_INSTITUTIONS_TIMEOUT_MS },
  guards: {
    hasEnrolled: ({ context }) => context.enrolled.length > 0,
    attemptsLeft: ({ context }) => context.failedAttempts < context.maxFailedAttempts,
    consentOpen: ({ context }) => context.lastConsent?.status === 'PENDING',
  },
  actions: {
    emptyLists: assign({ enrolled: [], available: [], lastConsent: null, consentReference: null }),
    /** On with the enrolled banks: the statements come from them. */
    forwardEnrolled: sendParent(({ event }) => submitted(event, false)),
    /** To the manual upload (section 4's `uploadBasManually`). */
    forwardManual: sendParent(({ event }) => submitted(event, true)),
    /** Section 8: a failed list goes to the error handler (the application machine's). */
    reportFailure: sendParent((_, error: AppError): OpenBankingParentEvent => ({ type: 'step.failed', error })),
  },
}).createMachine({
  id: 'openBanking',
  context: ({ input }) => ({
    externalId: input.externalId ?? '',
    locale: input.locale,
    enrolled: [],
    available: [],
    lastConsent: null,
    failedAttempts: 0,
    maxFailedAttempts: 5,
    consentReference: null,
    query: '',
    selectedId: null,
    redirectUrl: null,
    error: null,
    problem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'listInstitutions',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: {
          target: 'referencing',
          actions: assign(({ event }) => ({
            enrolled: event.output.enrolled,
            available: event.output.available,
            lastConsent: event.output.lastConsent,
            failedAttempts: event.output.failedAttempts,
            maxFailedAttempts: event.output.maxFailedAttempts,
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: ['emptyLists', assign({ error: ({ event }) => asAppError(event.error) }), { type: 'reportFailure', params: ({ event }) => asAppError(event.error) }],
        },
      },
      // Section 9: the list is waited for 30 seconds; leaving the state cancels the request.
      after: {
        listTimeout: { target: 'failed', actions: ['emptyLists', assign({ error: LIST_TIMED_OUT }), { type: 'reportFailure', params: LIST_TIMED_OUT }] },
      },
    },
    /**
     * The list failed or took too long: it is empty, and the failure goes to the application's error
     * handler (section 8), whose Try again shows the step afresh. Asked again here too, for a parent
     * that does not take the failure over.
     */
    failed: {
      on: { 'institutions.reloaded': { target: 'loading', actions: assign({ error: null, problem: null }) } },
    },
    /** With a bank enrolled, its consent reference (shown to the person); without it the page goes on. */
    referencing: {
      always: { guard: ({ context }) => context.enrolled.length === 0, target: 'ready' },
      invoke: {
        src: 'consentReference',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: { target: 'ready', actions: assign({ consentReference: ({ event }) => event.output.reference }) },
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'search.changed': { actions: assign({ query: ({ event }) => event.query }) },
        'institution.selected': {
          // The chosen bank is one of the list (the event is this transition's, XState narrows it).
          guard: and(['attemptsLeft', ({ context, event }) => context.available.some((institution) => institution.id === event.institutionId)]),
          target: 'selecting',
          actions: assign({ selectedId: ({ event }) => event.institutionId, problem: null }),
        },
        'consent.resumed': { guard: 'consentOpen', target: 'resuming', actions: assign({ problem: null }) },
        'step.submitted': [
          { guard: 'hasEnrolled', actions: [assign({ problem: null }), 'forwardEnrolled'] },
          { actions: assign({ problem: 'noBank' }) },
        ],
        'manualUpload.chosen': { actions: [assign({ problem: null }), 'forwardManual'] },
      },
    },
    selecting: {
      invoke: {
        src: 'selectInstitution',
        // Stryker disable next-line StringLiteral: equivalent (decision 252), `selecting` is entered only by `institution.selected`, whose action sets `selectedId`.
        input: ({ context }) => ({ externalId: context.externalId, institutionId: context.selectedId ?? '', userLanguage: context.locale }),
        onDone: { target: 'redirecting', actions: assign({ redirectUrl: ({ event }) => event.output.redirectUrl }) },
        onError: {
          target: 'loading',
          actions: assign({ error: ({ event }) => asAppError(event.error), problem: 'selectFailed' }),
        },
      },
    },
    resuming: {
      invoke: {
        src: 'consentUrl',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: [
          { guard: ({ event }) => event.output.consentUrl !== null, target: 'redirecting', actions: assign({ redirectUrl: ({ event }) => event.output.consentUrl }) },
          // The consent closed meanwhile (timed out): the list tells how.
          { target: 'loading', actions: assign({ problem: 'noOpenConsent' }) },
        ],
        onError: { target: 'ready', actions: assign({ error: ({ event }) => asAppError(event.error), problem: 'selectFailed' }) },
      },
    },
    /** On the way to the bank's page. */
    redirecting: {
      // Stryker disable next-line StringLiteral: equivalent (decision 252), both ways in (`selecting` done, `resuming` done with a URL) set `redirectUrl` first.
      invoke: { src: 'openConsentPage', input: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
    },
  },
});

export type OpenBankingSnapshot = SnapshotFrom<typeof openBankingMachine>;

/** What the page shows. */
export function openBankingView(snapshot: OpenBankingSnapshot | undefined) {
  const context = snapshot?.context;
  const status = !snapshot
    ? ('loading' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : snapshot.matches('ready')
        ? ('ready' as const)
        : snapshot.matches('selecting') || snapshot.matches('redirecting') || snapshot.matches('resuming')
          ? ('redirecting' as const)
          : ('loading' as const);
  const failedAttempts = context?.failedAttempts ?? 0;
  const maxFailedAttempts = context?.maxFailedAttempts ?? 5;
  const query = context?.query ?? '';
  return {
    status,
    enrolled: context?.enrolled ?? [],
    matching: matchingInstitutions(context?.available ?? [], query),
    query,
    lastConsent: context?.lastConsent ?? null,
    consentReference: context?.consentReference ?? null,
    attemptsLeft: Math.max(0, maxFailedAttempts - failedAttempts),
    attemptsExhausted: failedAttempts >= maxFailedAttempts,
    problem: context?.problem ?? null,
    error: context?.error ?? null,
  };
}
