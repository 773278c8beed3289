import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { TASK_POLL_CHECK_MS, type CurrentTask } from '../../../machines/task-poll/task-poll.machine';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep, taskFor } from '../../../tests/support/render-step';

const KEY = 'viewBankStatementsBeingProcessed';
/** The task as the server answers it while the bank analyses the statements (decision 172). */
const TASK: Partial<TaskResponse> = { ...referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } }), awaitingCheck: 'STATEMENT_ANALYSIS' };
const STILL: CurrentTask = { taskDefinitionKey: KEY, awaitingCheck: 'STATEMENT_ANALYSIS' };
const OFFER = taskFor('reviewApproved', 'retail-banking-ee', { version: 7 });

afterEach(() => {
  vi.useRealTimers();
});

/** Time passes for the page's timed looks (fake timers that also follow the real clock, for the promises). */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('ViewBankStatementsBeingProcessed', () => {
  it('says the statements are being checked, that the page moves on by itself and may be closed, with the reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Thank you! We are checking your bank statements' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText('This usually takes only a few moments. As soon as the check is done, this page moves on by itself to our decision.')).toBeTruthy();
    expect(screen.getByText('You can also close this page: we will then send you our decision by e-mail.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('moves on by itself to the decision once the bank has answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const looks: string[] = [];
    const { actor } = await renderStep(KEY, {
      task: TASK,
      io: {
        currentTask: async () => {
          looks.push('look');
          return looks.length < 2 ? STILL : { taskDefinitionKey: 'reviewApproved', awaitingCheck: null };
        },
        continueApplication: async () => (looks.length < 2 ? taskFor(KEY, 'retail-banking-ee', TASK) : OFFER),
      },
    });
    await wait(TASK_POLL_CHECK_MS);
    expect(looks).toHaveLength(1);
    expect(await screen.findByText('We are still checking. This page moves on by itself.')).toBeTruthy();
    expect(actor.getSnapshot().context.taskKey).toBe(KEY);
    await wait(TASK_POLL_CHECK_MS);
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('reviewApproved'));
    expect(actor.getSnapshot().context.awaitingCheck).toBeNull();
  });

  it('survives a look that fails: it says so, tries again later, and never shows an error page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { actor } = await renderStep(KEY, {
      task: TASK,
      io: {
        currentTask: async () => {
          calls += 1;
          if (calls === 1) throw { kind: 'network', message: 'The connection dropped' } satisfies AppError;
          return { taskDefinitionKey: 'reviewApproved', awaitingCheck: null };
        },
        continueApplication: async () => (calls < 2 ? taskFor(KEY, 'retail-banking-ee', TASK) : OFFER),
      },
    });
    await wait(TASK_POLL_CHECK_MS);
    expect(await screen.findByText('We could not check just now. We will try again shortly.')).toBeTruthy();
    expect(actor.getSnapshot().matches('failed')).toBe(false);
    await wait(TASK_POLL_CHECK_MS);
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('reviewApproved'));
  });

  it('says what a timed look found under "Check now", so its answer arriving never moves the button (decision 244)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderStep(KEY, { task: TASK, io: { currentTask: async () => STILL, continueApplication: async () => taskFor(KEY, 'retail-banking-ee', TASK) } });
    const check = screen.getByRole('button', { name: 'Check now' });
    await wait(TASK_POLL_CHECK_MS);
    const said = await screen.findByText('We are still checking. This page moves on by itself.');
    expect(check.compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('looks at once on "Check now"', async () => {
    const { user, actor } = await renderStep(KEY, {
      task: TASK,
      io: { currentTask: async () => ({ taskDefinitionKey: 'viewProcessingTakesTime', awaitingCheck: 'STATEMENT_ANALYSIS' }), continueApplication: async () => taskFor('viewProcessingTakesTime', 'retail-banking-ee', TASK) },
    });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('viewProcessingTakesTime'));
  });

  it.each([
    ['et', 'Aitäh! Kontrollime Teie pangakonto väljavõtteid'],
    ['lv', 'Paldies! Mēs pārbaudām Jūsu bankas konta izrakstus'],
    ['lt', 'Dėkojame! Tikriname Jūsų banko sąskaitos išrašus'],
    ['ru', 'Спасибо! Мы проверяем Ваши банковские выписки'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
