import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActiveApplications } from '../../../core/wire/active-applications.schema';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { EARLIER_APPLICATION, renderStep } from '../../../tests/support/render-step';

const EARLIER_ID = EARLIER_APPLICATION.activeApplication!.externalId;

const INVITED: ActiveApplications = {
  ...EARLIER_APPLICATION,
  canBeRelatedPerson: true,
  relatedApplication: {
    externalId: '7c1d2e3f-0000-4000-8000-000000000002',
    reference: '7C1D-2E3F',
    productName: 'HOUSING_LOAN',
    loanAmount: 150000,
    createdAt: '2025-02-20T08:00:00.000Z',
  },
};

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const question = () => screen.getByRole('group', { name: 'What would you like to do?' });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ChooseContinueOption', () => {
  it('shows the earlier application as the applicant recognises it, and asks one question', async () => {
    const { view } = await renderStep('chooseContinueOption', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'You already have an application in progress' })).toBeTruthy();
    const details = await screen.findByRole('region', { name: 'Your earlier application' });
    expect(within(details).getByText('3F2A-9C1B')).toBeTruthy();
    expect(within(details).getByText('Car loan')).toBeTruthy();
    expect(within(details).getByText('€12,000')).toBeTruthy();
    expect(within(details).getByText('5 March 2025')).toBeTruthy();
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['Continue my earlier application', 'Cancel my earlier application and continue with this new one']);
    expect(document.title).toBe('You already have an application in progress – Solis');
    await expectNoAxeViolations(view.container);
  });

  it('says what to do when nothing was chosen, and changes nothing', async () => {
    const { user, submitted, annulled } = await renderStep('chooseContinueOption', { task: {} });
    await screen.findByRole('group', { name: 'What would you like to do?' });
    await user.click(continueButton());
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Select what you would like to do' })).toBeTruthy();
    expect(submitted).toHaveLength(0);
    expect(annulled).toHaveLength(0);
  });

  it('continuing the earlier application cancels the new one, then goes to the earlier one', async () => {
    const { user, actor, annulled, submitted } = await renderStep('chooseContinueOption', { task: {} });
    await user.click(await screen.findByRole('radio', { name: 'Continue my earlier application' }));
    await user.click(continueButton());
    await waitFor(() => expect(actor.getSnapshot().value).toBe('redirecting'));
    expect(annulled).toEqual([{ kind: 'current', externalId: 'app-1' }]);
    expect(actor.getSnapshot().context.redirect).toEqual({ kind: 'route', to: `/?externalId=${EARLIER_ID}` });
    expect(submitted).toHaveLength(0);
  });

  it('cancelling the earlier application cancels it first, then sends the step on', async () => {
    const { user, annulled, submitted } = await renderStep('chooseContinueOption', { task: {} });
    await user.click(await screen.findByRole('radio', { name: 'Cancel my earlier application and continue with this new one' }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(annulled).toEqual([{ kind: 'others', externalId: 'app-1' }]);
    expect(submitted[0]?.submission).toMatchObject({
      taskDefinitionKey: 'chooseContinueOption',
      application: { customData: { continueOption: 'ANNUL_ACTIVE' } },
    });
  });

  it('offers to join the application the applicant was invited to, as co-applicant, and goes there in that role', async () => {
    const { user, actor, annulled, view } = await renderStep('chooseContinueOption', { task: {}, io: { activeApplications: async () => INVITED } });
    const invited = await screen.findByRole('region', { name: 'The application you were invited to' });
    expect(within(invited).getByText('Home loan')).toBeTruthy();
    expect(within(invited).getByText('7C1D-2E3F')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole('radio', { name: 'Join the application I was invited to, as co-applicant' }));
    await user.click(continueButton());
    await waitFor(() => expect(actor.getSnapshot().value).toBe('redirecting'));
    expect(annulled).toEqual([{ kind: 'current', externalId: 'app-1' }]);
    expect(actor.getSnapshot().context.redirect).toEqual({ kind: 'route', to: `/?externalId=${INVITED.relatedApplication!.externalId}&role=coborrower` });
  });

  it('with only an invitation, offers to go on with the new application instead of cancelling anything', async () => {
    await renderStep('chooseContinueOption', { task: {}, io: { activeApplications: async () => ({ ...INVITED, activeApplication: null }) } });
    await screen.findByRole('region', { name: 'The application you were invited to' });
    const radios = within(question()).getAllByRole('radio').map((radio) => radio.closest('.solis-radio')?.textContent);
    expect(radios).toEqual(['Continue with this new application', 'Join the application I was invited to, as co-applicant']);
    expect(screen.queryByRole('region', { name: 'Your earlier application' })).toBeNull();
  });

  it('says when the other application could not be loaded, and loads it again on request', async () => {
    let answer = deferred<ActiveApplications>();
    const { user } = await renderStep('chooseContinueOption', { task: {}, io: { activeApplications: () => answer.promise } });
    expect(screen.getByText('Loading your other application…')).toBeTruthy();
    answer.reject({ kind: 'network', message: 'offline' } satisfies AppError);
    expect(await screen.findByText(/We could not load your other application/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    answer = deferred<ActiveApplications>();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    answer.resolve(EARLIER_APPLICATION);
    expect(await screen.findByRole('group', { name: 'What would you like to do?' })).toBeTruthy();
  });

  it('keeps the choice and says so when cancelling fails; continuing again tries again', async () => {
    let fail = true;
    const { user, actor, annulled } = await renderStep('chooseContinueOption', {
      task: {},
      io: {
        annulApplication: async (input) => {
          if (fail) throw { kind: 'server', message: 'boom', status: 503 } satisfies AppError;
          return { externalId: input.externalId };
        },
      },
    });
    const radio = await screen.findByRole('radio', { name: 'Continue my earlier application' });
    await user.click(radio);
    await user.click(continueButton());
    expect(await screen.findByText(/We could not carry out your choice just now/)).toBeTruthy();
    expect((radio as HTMLInputElement).checked).toBe(true);
    expect(actor.getSnapshot().matches('step')).toBe(true);
    fail = false;
    await user.click(continueButton());
    await waitFor(() => expect(actor.getSnapshot().value).toBe('redirecting'));
    expect(annulled).toHaveLength(2);
  });

  it('shows the button busy while a choice is carried out, and ignores a second click', async () => {
    const annulling = deferred<unknown>();
    const { user, annulled } = await renderStep('chooseContinueOption', { task: {}, io: { annulActiveApplications: () => annulling.promise } });
    await user.click(await screen.findByRole('radio', { name: 'Cancel my earlier application and continue with this new one' }));
    await user.click(continueButton());
    await waitFor(() => expect(continueButton().getAttribute('aria-disabled')).toBe('true'));
    await user.click(continueButton());
    expect(annulled).toHaveLength(1);
    annulling.resolve({ annulled: 1 });
  });
});
