import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, group, summaryOf, typeDate } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const START = 'When did you start working there?';
const END = 'When does your contract end?';

async function answerRequired(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'Name of your employer' }), 'Baltic Timber');
  await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
  await typeDate(user, START, '1', '9', '2015');
  await user.click(within(group('What kind of employment contract do you have?')).getByRole('radio', { name: 'Permanent' }));
}

describe('SubmitEmployerInfo', () => {
  it('asks about the employer, passes axe, and asks the end date only for a fixed-term contract', async () => {
    const { user, view } = await renderStep('submitEmployerInfo', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your employer' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: END })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Fixed-term' }));
    expect(group(END)).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole('radio', { name: 'Permanent' }));
    expect(screen.queryByRole('group', { name: END })).toBeNull();
  });

  it('refuses an empty form naming each required answer; the registration code and the phone are optional', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter the name of your employer',
      'Enter your job title',
      'Enter the date you started working there',
      'Select the type of your employment contract',
    ]);
    expect(submitted).toHaveLength(0);
  });

  it('sends exactly the step payload, leaving out what was not asked and sending an empty phone as none', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await answerRequired(user);
    await user.click(screen.getByRole('radio', { name: 'Fixed-term' }));
    await typeDate(user, END, '31', '12', String(new Date().getFullYear() + 1));
    // Changed back: the end date typed for a fixed-term contract is not sent.
    await user.click(screen.getByRole('radio', { name: 'Permanent' }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {},
      personUpdates: [
        {
          role: 'APPLICANT',
          declaredData: {
            employer: { name: 'Baltic Timber', registrationCode: '', position: 'Accountant', startDate: '2015-09-01', contractType: 'PERMANENT', phoneNumber: null },
          },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('sends the fixed-term contract’s end date and the employer’s phone when given', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await answerRequired(user);
    await user.type(screen.getByRole('textbox', { name: /registration code/ }), '10137025');
    await user.click(screen.getByRole('radio', { name: 'Fixed-term' }));
    const nextYear = new Date().getFullYear() + 1;
    await typeDate(user, END, '31', '12', String(nextYear));
    await user.type(screen.getByRole('textbox', { name: 'Employer’s phone number (optional)' }), '612 3456');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({
      declaredData: {
        employer: { registrationCode: '10137025', contractType: 'FIXED_TERM', contractEndDate: `${nextYear}-12-31`, phoneNumber: { code: '+372', number: '6123456' } },
      },
    });
  });

  it('takes a whole date written or pasted into the day box and spreads it over the boxes; a two-digit year too (issue 26 item 5)', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await user.type(screen.getByRole('textbox', { name: 'Name of your employer' }), 'Baltic Timber');
    await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
    const box = (which: string, question = START) => within(group(question)).getByRole('textbox', { name: which }) as HTMLInputElement;
    const boxes = (question = START) => ['Day', 'Month', 'Year'].map((which) => box(which, question).value);
    // Typed as a Latvian writes it, then Tab: spread as day 15, month 3, year 2016.
    await user.type(box('Day'), '15.03.2016');
    await user.tab();
    expect(boxes()).toEqual(['15', '3', '2016']);
    for (const which of ['Day', 'Month', 'Year']) await user.clear(box(which));
    // Six digits, ddMMyy, pasted: the two-digit year of a start is the latest not after today.
    await user.click(box('Day'));
    await user.paste('010915');
    await user.tab();
    expect(boxes()).toEqual(['1', '9', '15']);
    await user.click(within(group('What kind of employment contract do you have?')).getByRole('radio', { name: 'Fixed-term' }));
    // An end date may lie ahead: its two-digit year is the one nearest today.
    const nextYear = new Date().getFullYear() + 1;
    await typeDate(user, END, '31', '12', String(nextYear).slice(2));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({
      declaredData: { employer: { startDate: '2015-09-01', contractEndDate: `${nextYear}-12-31` } },
    });
  });

  it('refuses a start date in the future, an end date already past and a phone number too short', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await user.type(screen.getByRole('textbox', { name: 'Name of your employer' }), 'Baltic Timber');
    await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
    await typeDate(user, START, '1', '1', String(new Date().getFullYear() + 1));
    await user.click(screen.getByRole('radio', { name: 'Fixed-term' }));
    await typeDate(user, END, '1', '1', '2020');
    await user.type(screen.getByRole('textbox', { name: 'Employer’s phone number (optional)' }), '12');
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter a date that is today or in the past',
      'Enter a date that is today or later',
      'Enter a phone number of at least 4 digits, without the country code',
    ]);
    expect(submitted).toHaveLength(0);
  });

  it('refuses the implausible start dates of issue 23 naming the range, keeping what was typed (decision 180)', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await user.type(screen.getByRole('textbox', { name: 'Name of your employer' }), 'Baltic Timber');
    await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
    await user.click(within(group('What kind of employment contract do you have?')).getByRole('radio', { name: 'Permanent' }));
    const typed = () => ['Day', 'Month', 'Year'].map((part) => (within(group(START)).getByRole('textbox', { name: part }) as HTMLInputElement).value);
    const retype = async (day: string, month: string, year: string) => {
      for (const part of ['Day', 'Month', 'Year']) await user.clear(within(group(START)).getByRole('textbox', { name: part }));
      await typeDate(user, START, day, month, year);
    };
    for (const [day, month, year] of [['1', '1', '0000'], ['31', '12', '1899']] as const) {
      await retype(day, month, year);
      await user.click(continueButton());
      expect(within(await summaryOf()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter an employment start date within the last 55 years']);
      expect(typed()).toEqual([day, month, year]);
    }
    await retype('31', '12', '9999');
    await user.click(continueButton());
    expect(within(await summaryOf()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter a date that is today or in the past']);
    expect(typed()).toEqual(['31', '12', '9999']);
    expect(submitted).toHaveLength(0);
  });

  it('shows the server’s refusal of a start before the applicant turned 14 on the start date (decision 180)', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.employer.startDate': ['validation.messages.employmentStartBeforeWorkingAge?years=14'] },
    };
    const { user } = await renderStep('submitEmployerInfo', { task: {}, io: { submit: async () => Promise.reject(rejection) } });
    await answerRequired(user);
    await user.click(continueButton());
    const day = within(group(START)).getByRole('textbox', { name: 'Day' });
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    expect(within(await summaryOf()).getByRole('link', { name: 'Enter an employment start date from the day you turned 14 to today' })).toBeTruthy();
  });

  it('shows a server field error on its field', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.employer.position': ['validation.messages.textLength2To256'] },
    };
    const { user } = await renderStep('submitEmployerInfo', { task: {}, io: { submit: async () => Promise.reject(rejection) } });
    await answerRequired(user);
    await user.click(continueButton());
    const position = screen.getByRole('textbox', { name: /Your job title/ });
    await waitFor(() => expect(position.getAttribute('aria-invalid')).toBe('true'));
    expect(within(await summaryOf()).getByRole('link', { name: 'Enter between 2 and 256 characters' })).toBeTruthy();
  });
});

describe('SubmitEmployerInfo in Latvia and for a co-borrower', () => {
  it('takes a Latvian employment start within 55 years only, and says so first', async () => {
    const { user, view } = await renderStep('submitEmployerInfo', { domain: 'retail-banking-lv', task: {} });
    expect(screen.getByText('For example, 1 9 2019. No more than 55 years ago.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await typeDate(user, START, '1', '1', String(new Date().getFullYear() - 56));
    await user.click(continueButton());
    expect(within(await summaryOf()).getByRole('link', { name: 'Enter an employment start date within the last 55 years' })).toBeTruthy();
  });

  it('sends a co-borrower’s employer as theirs, with the co-borrower’s words, and passes axe', async () => {
    const { user, submitted, view } = await renderStep('submitEmployerInfo', { role: 'COBORROWER', task: {} });
    expect(screen.getByText('Tell us about your own work, not the main applicant’s.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await answerRequired(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ role: 'COBORROWER', declaredData: { employer: { name: 'Baltic Timber' } } });
  });

  it('has the Latvian co-borrower’s screen', async () => {
    const { view } = await renderStep('submitEmployerInfo', { role: 'COBORROWER', domain: 'retail-banking-lv', task: {} });
    expect(screen.getByText('Tell us about your own work, not the main applicant’s.')).toBeTruthy();
    expect(screen.getByText('For example, 1 9 2019. No more than 55 years ago.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
