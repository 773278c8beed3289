import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { TASK_POLL_CHECK_MS } from '../../../machines/task-poll/task-poll.machine';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep, taskFor } from '../../../tests/support/render-step';

const KEY = 'viewProcessingTakesTime';
/** The task as the server answers it once the analysis has taken longer than promised (decision 172). */
const TASK: Partial<TaskResponse> = { ...referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } }), awaitingCheck: 'STATEMENT_ANALYSIS' };

afterEach(() => {
  vi.useRealTimers();
});

describe('ViewProcessingTakesTime', () => {
  it('says checking takes longer, that the page still moves on by itself and may be closed, with the reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'Checking your bank statements is taking longer than usual' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText('We have received your bank statements, so you do not need to send them again. Checking them is taking longer than usual.')).toBeTruthy();
    expect(screen.getByText('You can wait here: as soon as the check is done, this page moves on by itself to our decision.')).toBeTruthy();
    expect(screen.getByText('You can also close this page: we will send you our decision by e-mail, at the latest by the end of the next working day.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('says what a timed look found under "Check now", so its answer arriving never moves the button (decision 244)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderStep(KEY, {
      task: TASK,
      io: { currentTask: async () => ({ taskDefinitionKey: KEY, awaitingCheck: 'STATEMENT_ANALYSIS' }), continueApplication: async () => taskFor(KEY, 'retail-banking-ee', TASK) },
    });
    const check = screen.getByRole('button', { name: 'Check now' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TASK_POLL_CHECK_MS);
    });
    const said = await screen.findByText('We are still checking. This page moves on by itself.');
    expect(check.compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('moves on by itself once the bank answers, also after a look that failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { actor } = await renderStep(KEY, {
      task: TASK,
      io: {
        currentTask: async () => {
          calls += 1;
          if (calls === 1) throw { kind: 'server', message: 'Busy' } satisfies AppError;
          return { taskDefinitionKey: 'readUndecidedDecision', awaitingCheck: null };
        },
        continueApplication: async () => (calls < 2 ? taskFor(KEY, 'retail-banking-ee', TASK) : taskFor('readUndecidedDecision', 'retail-banking-ee', { version: 8 })),
      },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TASK_POLL_CHECK_MS);
    });
    expect(await screen.findByText('We could not check just now. We will try again shortly.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TASK_POLL_CHECK_MS);
    });
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('readUndecidedDecision'));
    expect(actor.getSnapshot().matches('failed')).toBe(false);
  });

  it.each([
    ['et', 'Teie pangakonto väljavõtete kontrollimine võtab tavalisest kauem aega'],
    ['lv', 'Jūsu bankas konta izrakstu pārbaude aizņem ilgāku laiku nekā parasti'],
    ['lt', 'Jūsų banko sąskaitos išrašų tikrinimas užtrunka ilgiau nei įprastai'],
    ['ru', 'Проверка Ваших банковских выписок занимает больше времени, чем обычно'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { task: TASK }));
});
