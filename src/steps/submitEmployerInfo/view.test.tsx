import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, group, summaryOf, typeDate } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const END = 'When does your contract end?';

async function answerRequired(user: User) {
  await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
  await user.click(within(group('What kind of employment contract do you have?')).getByRole('radio', { name: 'Permanent' }));
}

describe('SubmitEmployerInfo', () => {
  it('asks about the employer, passes axe, and asks the end date only for a fixed-term contract', async () => {
    const { user, view } = await renderStep('submitEmployerInfo', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your employer' })).toBeTruthy();
    // Decision 196: the employer's name and the start date were answered on "About you" and are not asked again.
    expect(screen.queryByRole('textbox', { name: 'Name of your employer' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'When did you start working there?' })).toBeNull();
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
      'Enter your job title',
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
            employer: { registrationCode: '', position: 'Accountant', contractType: 'PERMANENT', phoneNumber: null },
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

  it('takes a whole end date written into the day box and spreads it over the boxes; a two-digit year too (issue 26 item 5)', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
    await user.click(within(group('What kind of employment contract do you have?')).getByRole('radio', { name: 'Fixed-term' }));
    const box = (which: string) => within(group(END)).getByRole('textbox', { name: which }) as HTMLInputElement;
    const nextYear = new Date().getFullYear() + 1;
    await user.type(box('Day'), `31.12.${nextYear}`);
    await user.tab();
    expect(['Day', 'Month', 'Year'].map((which) => box(which).value)).toEqual(['31', '12', String(nextYear)]);
    for (const which of ['Day', 'Month', 'Year']) await user.clear(box(which));
    // An end date may lie ahead: its two-digit year is the one nearest today.
    await typeDate(user, END, '31', '12', String(nextYear).slice(2));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ declaredData: { employer: { contractEndDate: `${nextYear}-12-31` } } });
  });

  it('refuses an end date already past and a phone number too short', async () => {
    const { user, submitted } = await renderStep('submitEmployerInfo', { task: {} });
    await user.type(screen.getByRole('textbox', { name: /Your job title/ }), 'Accountant');
    await user.click(screen.getByRole('radio', { name: 'Fixed-term' }));
    await typeDate(user, END, '1', '1', '2020');
    await user.type(screen.getByRole('textbox', { name: 'Employer’s phone number (optional)' }), '12');
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter a date that is today or later',
      'Enter a phone number of at least 4 digits, without the country code',
    ]);
    expect(submitted).toHaveLength(0);
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
  it('has the Latvian applicant’s screen, without the start date (asked on “About you” with its 55-year hint)', async () => {
    const { view } = await renderStep('submitEmployerInfo', { domain: 'retail-banking-lv', task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your employer' })).toBeTruthy();
    expect(screen.queryByText('For example, 1 9 2019. No more than 55 years ago.')).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('sends a co-borrower’s employer as theirs, with the co-borrower’s words, and passes axe', async () => {
    const { user, submitted, view } = await renderStep('submitEmployerInfo', { role: 'COBORROWER', task: {} });
    expect(screen.getByText('Tell us about your own work, not the main applicant’s.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await answerRequired(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ role: 'COBORROWER', declaredData: { employer: { position: 'Accountant' } } });
  });

  it('has the Latvian co-borrower’s screen', async () => {
    const { view } = await renderStep('submitEmployerInfo', { role: 'COBORROWER', domain: 'retail-banking-lv', task: {} });
    expect(screen.getByText('Tell us about your own work, not the main applicant’s.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
