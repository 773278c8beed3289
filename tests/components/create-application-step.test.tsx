import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createActor, fromPromise } from 'xstate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationMachine } from '../../machines/application/application.machine';
import type { AppError, StepViewLoadResult, SubmitStepInput, TaskResponse } from '../../machines/application/application.actors';
import { draftMachine, type SaveDraftActorInput } from '../../machines/draft/draft.machine';
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
