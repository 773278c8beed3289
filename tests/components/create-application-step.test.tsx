import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationMachine } from '../../machines/application/application.machine';
import type { AppError, StepViewLoadResult, SubmitStepInput, TaskResponse } from '../../machines/application/application.actors';
import { draftMachine, type SaveDraftActorInput } from '../../machines/draft/draft.machine';
import { ApiError, apiRequest } from '../../src/api/client';
import type * as ClientModule from '../../src/api/client';
import { clearPersonalCodeCheckCache } from '../../src/api/validate.api';
import { ApplicationActorContext } from '../../src/steps/application-actor';
import CreateApplicationStep from '../../src/steps/createApplicationStep/create-application-step.view';
import { expectNoAxeViolations } from '../support/axe';
import { renderWithI18n } from './render-with-i18n';

// The calculator's API call is the only network this screen makes itself.
vi.mock('../../src/api/loan.api', () => ({
  calculateLoan: vi.fn(async (request: { amount: number; maturity: number }) => ({
    monthlyPayment: request.amount === 3000 && request.maturity === 36 ? 105.32 : 99.99,
    totalRepaymentAmount: 0,
  })),
}));

/**
 * The personal code server check, mocked at the HTTP client: the step's own code and the per-code
 * cache of src/api/validate.api.ts run for real, so "asked once" counts real requests.
 */
vi.mock('../../src/api/client', async (importOriginal) => ({ ...(await importOriginal<typeof ClientModule>()), apiRequest: vi.fn() }));
let personalCodeServer: (code: string) => Promise<{ valid: boolean }>;
const askedCodes = () =>
  vi.mocked(apiRequest).mock.calls.filter(([path]) => path === 'validate/personalCode').map(([, options]) => (options.body as { personalCode: string }).personalCode);

function task(taskDefinitionKey: string, version: number): TaskResponse {
  return {
    externalId: 'app-1',
    taskDefinitionKey,
    version,
    stepCount: taskDefinitionKey === 'createApplicationStep' ? 1 : 2,
    draft: null,
    application: {
      externalId: 'app-1',
      businessDomain: 'retail-banking-ee',
      currency: 'EUR',
      creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 },
      source: null,
      relatedPersons: { persons: [], relations: [] },
    },
  };
}

let submitted: SubmitStepInput[];
let submitAnswer: (input: SubmitStepInput) => Promise<TaskResponse>;

async function renderStep() {
  const machine = applicationMachine.provide({
    actors: {
      findPreviousApplication: fromPromise<string | null>(async () => null),
      createApplication: fromPromise(async () => task('createApplicationStep', 1)),
      continueApplication: fromPromise(async () => task('createApplicationStep', 1)),
      loadStepView: fromPromise<StepViewLoadResult, { taskKey: string; externalId: string | null }>(async () => ({ outcome: 'loaded' })),
      submitStep: fromPromise(async ({ input }: { input: SubmitStepInput }) => {
        submitted.push(input);
        return submitAnswer(input);
      }),
      draftSync: draftMachine.provide({
        actors: { saveDraft: fromPromise<{ version: number }, SaveDraftActorInput>(async ({ input }) => ({ version: input.version + 1 })) },
      }),
    },
  });
  const actor = createActor(machine, { input: { businessDomain: 'retail-banking-ee', start: { productName: 'SMALL_LOAN' }, locale: 'en' } });
  actor.start();
  await waitFor(() => expect(actor.getSnapshot().matches('step')).toBe(true));
  const view = renderWithI18n(
    <ApplicationActorContext.Provider value={actor}>
      <Suspense fallback={null}>
        <CreateApplicationStep />
      </Suspense>
    </ApplicationActorContext.Provider>,
  );
  return { actor, view, user: userEvent.setup() };
}

async function fillValidApplicant(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), ' mari-liis ');
  await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'maasikas');
  await user.type(screen.getByRole('textbox', { name: /Personal code/ }), '38001085718');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mari.maasikas@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5123 4567');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the processing of my personal data/ }));
}

beforeEach(() => {
  submitted = [];
  submitAnswer = async () => task('viewThankYouPage', 2);
  personalCodeServer = async () => ({ valid: true });
  vi.mocked(apiRequest).mockImplementation(async (path, options) => {
    if (path !== 'validate/personalCode') throw new Error(`Unexpected call: ${path}`);
    return personalCodeServer((options.body as { personalCode: string }).personalCode);
  });
});
afterEach(() => {
  vi.mocked(apiRequest).mockReset();
  clearPersonalCodeCheckCache();
});

describe('CreateApplicationStep', () => {
  it('labels every field, gives each an autocomplete and input mode, and shows the monthly payment', async () => {
    const { view } = await renderStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Apply for a loan' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Loan type' }) as HTMLSelectElement).value).toBe('SMALL_LOAN');
    expect((screen.getByRole('textbox', { name: /Loan amount/ }) as HTMLInputElement).value).toBe('3000');
    expect((screen.getByRole('textbox', { name: /Loan period/ }) as HTMLInputElement).value).toBe('36');
    for (const input of view.container.querySelectorAll('input:not([type=checkbox]), select')) {
      expect(input.getAttribute('autocomplete'), input.getAttribute('name') ?? '').toBeTruthy();
      if (input.tagName === 'INPUT') expect(input.getAttribute('inputmode'), input.getAttribute('name') ?? '').toBeTruthy();
    }
    expect(await screen.findByText('€105.32')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('refuses an empty form with an error summary that takes focus and links to each field', async () => {
    const { user } = await renderStep();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'There is a problem' });
    const summary = heading.closest('.solis-error-summary') as HTMLElement;
    await waitFor(() => expect(summary.contains(document.activeElement)).toBe(true));
    const links = within(summary).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(6);
    await user.click(within(summary).getAllByRole('link')[0] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /First name/ }));
    expect(submitted).toHaveLength(0);
  });

  it('validates a field when it loses focus and clears the error once it is fixed', async () => {
    const { user } = await renderStep();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'mari@gmail.ee');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.clear(email);
    await user.type(email, 'mari@gmail.com');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('refuses an amount outside the product bounds, typed with a comma', async () => {
    const { user } = await renderStep();
    const amount = screen.getByRole('textbox', { name: /Loan amount/ });
    await user.clear(amount);
    await user.type(amount, '15 000,01');
    await user.tab();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect((amount as HTMLInputElement).value).toBe('15 000,01');
  });

  it('sends exactly the step payload: normalised names, parsed money, the applicant, the consents', async () => {
    const { user, actor } = await renderStep();
    const amount = screen.getByRole('textbox', { name: /Loan amount/ });
    await user.clear(amount);
    await user.type(amount, '4 500,50');
    await fillValidApplicant(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const [call] = submitted;
    expect(call?.externalId).toBe('app-1');
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(call?.submission).toEqual({
      taskDefinitionKey: 'createApplicationStep',
      version: 1,
      application: {
        applicationUpdates: {
          creditConditions: { productName: 'SMALL_LOAN', loanAmount: 4500.5, loanPeriod: 36, monthlyPaymentDay: 15 },
        },
        personUpdates: [
          {
            role: 'APPLICANT',
            languageCode: 'eng',
            personalCode: '38001085718',
            declaredData: {
              firstName: 'Mari-Liis',
              surname: 'Maasikas',
              email: 'mari.maasikas@example.com',
              phoneNumber: { code: '+372', number: '51234567' },
            },
            consents: { dataProcessing: true, marketing: false },
          },
        ],
        addRelations: [],
        customData: {},
      },
      variables: {},
    });
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('viewThankYouPage'));
  });

  it('shows the server’s field errors on their fields and keeps everything typed', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.email': ['validation.messages.emailInvalid'] },
    };
    submitAnswer = async () => Promise.reject(rejection);
    const { user } = await renderStep();
    await fillValidApplicant(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect((email as HTMLInputElement).value).toBe('mari.maasikas@example.com');
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(' mari-liis ');
    expect(screen.getByText(/Some answers need correcting/)).toBeTruthy();
  });

  it('keeps the data and shows a retryable error on the button when the server fails', async () => {
    submitAnswer = async () => Promise.reject({ kind: 'server', message: 'boom', status: 500 } satisfies AppError);
    const { user } = await renderStep();
    await fillValidApplicant(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Something went wrong on our side/)).toBeTruthy();
    submitAnswer = async () => task('viewThankYouPage', 2);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(submitted[1]?.idempotencyKey).not.toBe(submitted[0]?.idempotencyKey);
  });
});

describe('CreateApplicationStep: the personal code server check (sections 5 and 8)', () => {
  const CODE = '38001085718';
  const personalCodeInput = () => screen.getByRole('textbox', { name: /Personal code/ }) as HTMLInputElement;

  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  it('asks the server once the local checks pass, says it is checking, then lets the applicant continue', async () => {
    const answer = deferred<{ valid: boolean }>();
    personalCodeServer = () => answer.promise;
    const { user } = await renderStep();
    const input = personalCodeInput();
    await user.type(input, '3800108571'); // 10 digits: the local check fails, the server is not asked
    await user.tab();
    expect(askedCodes()).toEqual([]);
    await user.click(input);
    await user.type(input, '8');
    await user.tab();
    expect(askedCodes()).toEqual([CODE]);
    expect(await screen.findByText('Checking your personal code…')).toBeTruthy();
    expect(screen.getByText('Checking your personal code…').closest('[role="status"]')).toBeTruthy();
    answer.resolve({ valid: true });
    await waitFor(() => expect(screen.queryByText('Checking your personal code…')).toBeNull());
    expect(input.getAttribute('aria-invalid')).not.toBe('true');

    await user.clear(input);
    await fillValidApplicant(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ personalCode: CODE });
    // Blur and submit, twice the same code: the server was asked once (the answer is cached).
    expect(askedCodes()).toEqual([CODE]);
  });

  it('shows "invalid" on the field and in the error summary, and sends nothing', async () => {
    personalCodeServer = async () => ({ valid: false });
    const { user } = await renderStep();
    await fillValidApplicant(user);
    const input = personalCodeInput();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Check the personal code: it does not match a real personal code')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(within(summary).getByRole('link', { name: /does not match a real personal code/ })).toBeTruthy();
    expect(submitted).toHaveLength(0);
    expect(askedCodes()).toEqual([CODE]);
    expect(input.value).toBe(CODE);

    // Another code is another question, and its answer replaces the error.
    personalCodeServer = async () => ({ valid: true });
    await user.clear(input);
    await user.type(input, '49403136526');
    await user.tab();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).not.toBe('true'));
    expect(askedCodes()).toEqual([CODE, '49403136526']);
  });

  it('blocks on a failed check, says it could not be made, offers to check again, and keeps what was typed', async () => {
    personalCodeServer = async () => {
      throw new ApiError({ kind: 'server', message: 'Too many personal code checks; try again shortly.', status: 429, code: 'RATE_LIMITED' });
    };
    const { user } = await renderStep();
    await fillValidApplicant(user);
    const input = personalCodeInput();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('We could not check the personal code just now. Try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();

    // Continuing asks again (a failure is not cached) and, failing again, is refused.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'There is a problem' });
    expect(submitted).toHaveLength(0);
    expect(askedCodes()).toEqual([CODE, CODE]);

    // The server is back: "Check again" asks, clears the error and returns focus to the field.
    const answer = deferred<{ valid: boolean }>();
    personalCodeServer = () => answer.promise;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Checking your personal code…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' }).getAttribute('aria-disabled')).toBe('true');
    answer.resolve({ valid: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull());
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(askedCodes()).toEqual([CODE, CODE, CODE]);

    // Nothing typed was lost.
    expect(input.value).toBe(CODE);
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(' mari-liis ');
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('mari.maasikas@example.com');
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('5123 4567');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(askedCodes()).toHaveLength(3);
  });

  it('shares one request between a blur check still in flight and the submit that follows it', async () => {
    const answer = deferred<{ valid: boolean }>();
    personalCodeServer = () => answer.promise;
    const { user } = await renderStep();
    await fillValidApplicant(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(submitted).toHaveLength(0);
    answer.resolve({ valid: true });
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(askedCodes()).toEqual([CODE]);
  });
});
