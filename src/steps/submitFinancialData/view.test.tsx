import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const TASK = { task: {} };
const row = (name: string) => screen.getByRole('group', { name });
const summaryLinks = async () => {
  const heading = await screen.findByRole('heading', { name: 'There is a problem' });
  return within(heading.closest('.solis-error-summary') as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

async function fillIncome(user: User, legend: string, source: string, amount: string) {
  const group = row(legend);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Source of income' }), source);
  await user.type(within(group).getByRole('textbox', { name: /Monthly amount after tax/ }), amount);
}

async function fillObligation(user: User, legend: string, values: { type: string; creditor: string; monthly?: string; outstanding?: string }) {
  const group = row(legend);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Type of obligation' }), values.type);
  await user.type(within(group).getByRole('textbox', { name: /Creditor/ }), values.creditor);
  if (values.monthly) await user.type(within(group).getByRole('textbox', { name: /Monthly payment/ }), values.monthly);
  if (values.outstanding) await user.type(within(group).getByRole('textbox', { name: /Amount still to repay/ }), values.outstanding);
}

describe('SubmitFinancialData', () => {
  it('starts with one income and one obligation, labels every field with an autocomplete, and passes axe', async () => {
    const { view } = await renderStep('submitFinancialData', TASK);
    expect(screen.getByRole('heading', { level: 1, name: 'Your income and obligations' })).toBeTruthy();
    expect(within(row('Income 1')).getByRole('combobox', { name: 'Source of income' })).toBeTruthy();
    expect(within(row('Obligation 1')).getByRole('combobox', { name: 'Type of obligation' })).toBeTruthy();
    for (const control of view.container.querySelectorAll('input:not([type=checkbox]), select')) {
      expect(control.getAttribute('autocomplete'), control.getAttribute('name') ?? '').toBeTruthy();
    }
    // One row of each: nothing to remove yet.
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('offers every income source of section 3 in Estonia, never UNMAPPED', async () => {
    await renderStep('submitFinancialData', TASK);
    const estonian = [...(within(row('Income 1')).getByRole('combobox', { name: 'Source of income' }) as HTMLSelectElement).options].map((o) => o.value);
    expect(estonian).toContain('RETIREMENT_PENSION');
    expect(estonian).toHaveLength(15); // a "Choose" placeholder and 14 sources
    expect(estonian).not.toContain('UNMAPPED');
  });

  it('shows the shorter income list in Latvia, and passes axe there', async () => {
    const { view } = await renderStep('submitFinancialData', { ...TASK, domain: 'retail-banking-lv' });
    const options = [...(within(row('Income 1')).getByRole('combobox', { name: 'Source of income' }) as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['', 'SALARY', 'PENSION', 'SOCIAL_BENEFIT', 'RENT', 'DIVIDENDS', 'BUSINESS', 'OTHER']);
    await expectNoAxeViolations(view.container);
  });

  it('sends exactly the step payload: the incomes, the obligations and the applicant’s role', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', TASK);
    await fillIncome(user, 'Income 1', 'SALARY', '1 850,50');
    await user.click(screen.getByRole('button', { name: 'Add another income' }));
    await fillIncome(user, 'Income 2', 'RENT', '400');
    await fillObligation(user, 'Obligation 1', { type: 'CAR_LOAN', creditor: 'Example Leasing', monthly: '210', outstanding: '6300' });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {},
      personUpdates: [
        {
          role: 'APPLICANT',
          declaredData: {
            incomes: [
              { source: 'SALARY', monthlyAmount: 1850.5 },
              { source: 'RENT', monthlyAmount: 400 },
            ],
            noObligations: false,
            liabilities: [{ type: 'CAR_LOAN', creditor: 'Example Leasing', monthlyPayment: 210, outstandingAmount: 6300 }],
          },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('names each empty field of each row in the error summary, in its own words', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', TASK);
    await user.click(screen.getByRole('button', { name: 'Add another income' }));
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Select the source of income 1',
      'Enter the monthly amount of income 1',
      'Select the source of income 2',
      'Enter the monthly amount of income 2',
      'Select the type of obligation 1',
      'Enter the creditor of obligation 1',
      'Enter the monthly payment of obligation 1',
      'Enter the amount still to repay on obligation 1',
    ]);
    expect(within(row('Income 2')).getByRole('combobox', { name: 'Source of income' }).getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toHaveLength(0);
  });

  it('asks and sends no obligations once "I have no loans or other obligations" is ticked, even ones already typed', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', TASK);
    await fillIncome(user, 'Income 1', 'PENSION', '900');
    await fillObligation(user, 'Obligation 1', { type: 'CREDIT_CARD', creditor: 'Example Bank' });
    await user.click(screen.getByRole('checkbox', { name: 'I have no loans or other obligations' }));
    expect(screen.queryByRole('group', { name: 'Obligation 1' })).toBeNull();
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toEqual({
      role: 'APPLICANT',
      declaredData: { incomes: [{ source: 'PENSION', monthlyAmount: 900 }], noObligations: true },
    });
  });

  it('asks no monthly payment for a guarantee and nothing outstanding for rent, and sends only what it asked', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', TASK);
    await fillIncome(user, 'Income 1', 'SALARY', '2000');
    await user.selectOptions(within(row('Obligation 1')).getByRole('combobox', { name: 'Type of obligation' }), 'GUARANTEE');
    expect(within(row('Obligation 1')).queryByRole('textbox', { name: /Monthly payment/ })).toBeNull();
    expect(within(row('Obligation 1')).getByText('For a guarantee, the amount you have guaranteed')).toBeTruthy();
    await fillObligation(user, 'Obligation 1', { type: 'GUARANTEE', creditor: 'Example Bank', outstanding: '15000' });
    await user.click(screen.getByRole('button', { name: 'Add another obligation' }));
    await fillObligation(user, 'Obligation 2', { type: 'RENT', creditor: 'Landlord Ltd', monthly: '550' });
    expect(within(row('Obligation 2')).queryByRole('textbox', { name: /Amount still to repay/ })).toBeNull();
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]?.declaredData).toMatchObject({
      liabilities: [
        { type: 'GUARANTEE', creditor: 'Example Bank', outstandingAmount: 15000 },
        { type: 'RENT', creditor: 'Landlord Ltd', monthlyPayment: 550 },
      ],
    });
  });

  it('asks "paid from abroad" per income only when its feature flag is on, and sends it only then', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', TASK);
    expect(screen.queryByRole('checkbox', { name: 'This income is paid from abroad' })).toBeNull();
    await fillIncome(user, 'Income 1', 'SALARY', '2000');
    await user.click(screen.getByRole('checkbox', { name: 'I have no loans or other obligations' }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]?.declaredData).toEqual({ incomes: [{ source: 'SALARY', monthlyAmount: 2000 }], noObligations: true });
  });

  it('with the incomeFromAbroad flag, asks per income whether it is paid from abroad and sends the answer', async () => {
    const { user, submitted, view } = await renderStep('submitFinancialData', { ...TASK, config: { features: { incomeFromAbroad: true } } });
    await fillIncome(user, 'Income 1', 'SALARY', '2000');
    await user.click(screen.getByRole('button', { name: 'Add another income' }));
    await fillIncome(user, 'Income 2', 'DIVIDENDS', '150');
    await user.click(within(row('Income 2')).getByRole('checkbox', { name: 'This income is paid from abroad' }));
    await user.click(screen.getByRole('checkbox', { name: 'I have no loans or other obligations' }));
    await expectNoAxeViolations(view.container);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]?.declaredData).toMatchObject({
      incomes: [
        { source: 'SALARY', monthlyAmount: 2000, fromAbroad: false },
        { source: 'DIVIDENDS', monthlyAmount: 150, fromAbroad: true },
      ],
    });
  });

  it('shows a server error inside a row on that row’s field, and keeps what was typed', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.incomes.1.monthlyAmount': ['validation.messages.moneyAboveMaximum?maxEur=999999'] },
    };
    const { user } = await renderStep('submitFinancialData', { ...TASK, io: { submit: async () => Promise.reject(rejection) } });
    await fillIncome(user, 'Income 1', 'SALARY', '2000');
    await user.click(screen.getByRole('button', { name: 'Add another income' }));
    await fillIncome(user, 'Income 2', 'OTHER', '500');
    await user.click(screen.getByRole('checkbox', { name: 'I have no loans or other obligations' }));
    await user.click(continueButton());
    const second = within(row('Income 2')).getByRole('textbox', { name: /Monthly amount after tax/ }) as HTMLInputElement;
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(within(row('Income 2')).getByText('Enter an amount of €999,999 or less')).toBeTruthy();
    expect(within(row('Income 1')).getByRole('textbox', { name: /Monthly amount after tax/ }).getAttribute('aria-invalid')).toBeNull();
    expect(second.value).toBe('500');
  });
});

describe('SubmitFinancialData for a co-borrower', () => {
  it('asks for the co-borrower’s own income, sends it as the co-borrower’s, and passes axe', async () => {
    const { user, submitted, view } = await renderStep('submitFinancialData', { ...TASK, role: 'COBORROWER' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your income and obligations as a co-borrower' })).toBeTruthy();
    expect(screen.getByText(/not the applicant’s/)).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await fillIncome(user, 'Income 1', 'SALARY', '1500');
    await user.click(screen.getByRole('checkbox', { name: 'I have no loans or other obligations' }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ role: 'COBORROWER' });
  });

  it('shows the co-borrower variant in Latvia too, with Latvia’s income list', async () => {
    const { view } = await renderStep('submitFinancialData', { ...TASK, role: 'COBORROWER', domain: 'retail-banking-lv', locale: 'lv' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('');
    const options = [...(view.container.querySelector('select[name="incomes.0.source"]') as HTMLSelectElement).options];
    expect(options).toHaveLength(8);
    await expectNoAxeViolations(view.container);
  });
});
