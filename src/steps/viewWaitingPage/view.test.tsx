import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import type { CurrentTaskInput } from '../../../machines/task-poll/task-poll.machine';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { renderStep, taskFor } from '../../../tests/support/render-step';

/** The application with both persons: each sees the other by name only (no language, no contacts). */
function both(viewer: 'APPLICANT' | 'COBORROWER' = 'APPLICANT'): Partial<TaskResponse> {
  return {
    application: {
      ...taskFor('viewWaitingPage', 'retail-banking-ee').application,
      relatedPersons: {
        persons: [
          { id: 'p-1', role: 'APPLICANT', languageCode: viewer === 'APPLICANT' ? 'est' : null, declaredData: { firstName: 'Mari' } },
          { id: 'p-2', role: 'COBORROWER', languageCode: viewer === 'COBORROWER' ? 'est' : null, declaredData: { firstName: 'Kristi' } },
        ],
        relations: [],
      },
    },
  };
}

describe('ViewWaitingPage', () => {
  it('tells the applicant whom they are waiting for, shows the reference, and passes axe', async () => {
    const { view } = await renderStep('viewWaitingPage', { task: both() });
    expect(screen.getByRole('heading', { level: 1, name: 'We are waiting for Kristi to fill in their part' })).toBeTruthy();
    expect(screen.getByText('Your application reference')).toBeTruthy();
    expect(screen.getByText(/We have sent your co-applicant a link by e-mail/)).toBeTruthy();
    expect(screen.getByText(/You can also close this page/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('tells a co-borrower who came early that the main applicant has not finished', async () => {
    const { view } = await renderStep('viewWaitingPage', { role: 'COBORROWER', task: both('COBORROWER') });
    expect(screen.getByRole('heading', { level: 1, name: 'Mari has not finished their part of the application yet' })).toBeTruthy();
    expect(screen.getByText('Once they have sent their answers, you can fill in yours here. This page moves on by itself.')).toBeTruthy();
    expect(screen.queryByText(/We have sent your co-applicant/)).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('names nobody when the other person’s name is not known', async () => {
    await renderStep('viewWaitingPage', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'We are waiting for your co-applicant to fill in their part' })).toBeTruthy();
  });

  it('looks at once on "Check now", in this person’s role, and says when the other person is not done yet', async () => {
    const looks: CurrentTaskInput[] = [];
    const { user } = await renderStep('viewWaitingPage', {
      role: 'COBORROWER',
      task: both('COBORROWER'),
      io: {
        currentTask: async (input) => {
          looks.push(input);
          return { taskDefinitionKey: 'viewWaitingPage' };
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Not finished yet. We will keep checking.')).toBeTruthy();
    expect(looks).toEqual([{ externalId: 'app-1', role: 'COBORROWER' }]);
  });

  it('says what a look found under "Check now", so its answer arriving never moves the button (decision 244)', async () => {
    const { user } = await renderStep('viewWaitingPage', { task: both(), io: { currentTask: async () => ({ taskDefinitionKey: 'viewWaitingPage' }) } });
    const check = screen.getByRole('button', { name: 'Check now' });
    await user.click(check);
    const said = await screen.findByText('Not finished yet. We will keep checking.');
    expect(check.compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('moves on to this person’s next task once the other person is done', async () => {
    const { user, actor } = await renderStep('viewWaitingPage', {
      role: 'COBORROWER',
      task: both('COBORROWER'),
      io: {
        currentTask: async () => ({ taskDefinitionKey: 'submitInitialDataCoBorrower' }),
        continueApplication: async () => taskFor('submitInitialDataCoBorrower', 'retail-banking-ee', { version: 4 }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(actor.getSnapshot().context.taskKey).toBe('submitInitialDataCoBorrower'));
  });

  it('says a look that failed will be tried again, and stays', async () => {
    const { user, actor } = await renderStep('viewWaitingPage', {
      task: both(),
      io: {
        currentTask: async () => {
          throw { kind: 'network', message: 'The connection dropped' };
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('We could not check just now. We will try again shortly.')).toBeTruthy();
    expect(actor.getSnapshot().context.taskKey).toBe('viewWaitingPage');
    expect(actor.getSnapshot().matches('failed')).toBe(false);
  });

  it('speaks the applicant’s language', async () => {
    await renderStep('viewWaitingPage', { locale: 'ru', task: both() });
    expect(screen.getByRole('heading', { level: 1, name: 'Ждём, пока Kristi заполнит свою часть' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Проверить сейчас' })).toBeTruthy();
  });
});
