import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { MESSAGES } from '../../../core/validation/messages';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, summaryOf } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';
import { installModalDialogStandIn } from '../../../tests/support/modal-dialog';

installModalDialogStandIn();

type Options = Parameters<typeof renderStep>[1];

/** businessData in corporate banking (Estonia configured), after closing the calculator modal that opens with it (section 2). */
async function openStep(options: Options = {}) {
  const step = await renderStep('businessData', { domain: 'corporate-banking', ...options });
  const dialog = await screen.findByRole('dialog', { name: 'Loan calculator' });
  await step.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return step;
}

const productOptions = () => within(screen.getByRole('combobox', { name: 'Type of financing' })).getAllByRole('option').map((option) => option.textContent);

async function fillCompanyAndRepresentative(user: User, code = '38001085718') {
  await user.type(screen.getByRole('textbox', { name: /Registration code/ }), '10137319');
  await user.type(screen.getByRole('textbox', { name: /Company name/ }), 'Päikese Pagarid OÜ');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Field of activity' }), 'C');
  await user.type(screen.getByRole('textbox', { name: /Expected turnover/ }), '400000');
  await user.type(screen.getByRole('textbox', { name: /Expected profit/ }), '50000');
  await user.selectOptions(screen.getByRole('combobox', { name: /loans, leases or guarantees/ }), 'no');
  await user.type(screen.getByRole('textbox', { name: /What is the financing for/ }), 'Working capital for the summer season');
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mari');
  await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Maasikas');
  await user.type(screen.getByRole('textbox', { name: /Personal code/ }), code);
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'mari.maasikas@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5123 4567');
}

describe('businessData: the calculator', () => {
  it('names the corporate product chosen, the credit line as well as the operating loan', async () => {
    const step = await renderStep('businessData', { domain: 'corporate-banking', start: { productName: 'CREDIT_LINE' } });
    const dialog = await screen.findByRole('dialog', { name: 'Loan calculator' });
    expect(within(dialog).getByText(/^Credit line\./)).toBeTruthy();
    await step.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });
});

describe('businessData: a public applicant', () => {
  it('applies in the configured country, preselected, with the corporate products it offers and the calculator', async () => {
    const { view } = await openStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Apply for financing for your company' })).toBeTruthy();
    expect(screen.getByText('Country where the company is registered: Estonia')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Country where the company/ })).toBeNull();
    // Section 1: no small business loan in Estonia; green leasing only behind its flag (off).
    expect(productOptions()).not.toContain('Small business loan');
    expect(productOptions()).not.toContain('Green leasing');
    expect(productOptions()).toEqual(expect.arrayContaining(['Operating loan', 'Credit line', 'Car leasing', 'Equipment leasing']));
    // Section 9's corporate defaults: base 250 000 over 60 months.
    expect((screen.getByRole('combobox', { name: 'Type of financing' }) as HTMLSelectElement).value).toBe('OPERATING_LOAN');
    expect((screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('250000');
    expect((screen.getByRole('textbox', { name: /Loan period/ }) as HTMLInputElement).value).toBe('60');
    expect(screen.getByText('From €1,000 to €10,000,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open the loan calculator' })).toBeTruthy();
    // Estonia offers two languages (section 1): the representative's is asked.
    expect(within(screen.getByRole('combobox', { name: /Language we contact/ })).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'est', 'rus']);
    // No staff section for a public applicant.
    expect(screen.queryByText('For bank staff')).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('refuses an empty form with a summary naming each field in its own words', async () => {
    const { user, submitted } = await openStep();
    await user.click(continueButton());
    const summary = await summaryOf();
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(
      expect.arrayContaining([
        "Enter the company's registration code",
        "Enter the company's name",
        "Select the company's field of activity",
        'Select yes if the company has loans, leases or guarantees',
        'Describe what the financing is for',
        "Enter the representative's personal code",
        'Select the language we should contact the representative in',
      ]),
    );
    expect(submitted).toHaveLength(0);
  });

  it('sends the company, the financing and the representative on the agreed wire paths', async () => {
    const { user, submitted } = await openStep();
    await fillCompanyAndRepresentative(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Language we contact/ }), 'rus');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    const { application } = submitted[0]!.submission;
    expect(application.applicationUpdates).toEqual({
      company: { countryCode: 'EE', registrationCode: '10137319', businessName: 'Päikese Pagarid OÜ', industryCode: 'C', expectedProfit: 50000, expectedTurnover: 400000, hasLiabilities: false },
      creditConditions: { productName: 'OPERATING_LOAN', loanAmount: 250000, loanPeriod: 60, loanPurposeText: 'Working capital for the summer season' },
    });
    expect(application.personUpdates[0]).toMatchObject({
      role: 'APPLICANT',
      personalCode: '38001085718',
      languageCode: 'rus',
      declaredData: { firstName: 'Mari', surname: 'Maasikas', email: 'mari.maasikas@example.com', phoneNumber: { code: '+372', number: '51234567' } },
    });
  });

  it('asks profit and turnover of at least 1 euro', async () => {
    const { user } = await openStep();
    const profit = screen.getByRole('textbox', { name: /Expected profit/ });
    await user.type(profit, '0');
    await user.tab();
    await waitFor(() => expect(profit.getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows the register\'s refusal of a company in liquidation on the registration code', async () => {
    const rejection: AppError = { kind: 'validation', message: 'Invalid', fieldErrors: { 'applicationUpdates.company.registrationCode': [MESSAGES.companyInLiquidation] } };
    const { user } = await openStep({ io: { submit: async () => Promise.reject(rejection) } });
    await fillCompanyAndRepresentative(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Language we contact/ }), 'est');
    await user.click(continueButton());
    const code = screen.getByRole('textbox', { name: /Registration code/ });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(/The business register shows this company is in liquidation, so it cannot apply for financing/).length).toBeGreaterThan(0);
  });

  it('checks the representative\'s personal code on the server before sending', async () => {
    const { user, submitted, checked } = await openStep({ io: { checkPersonalCode: async () => ({ valid: false }) } });
    await fillCompanyAndRepresentative(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Language we contact/ }), 'est');
    await user.click(continueButton());
    await waitFor(() => expect(checked.at(-1)).toEqual({ code: '38001085718', country: 'EE' }));
    const field = screen.getByRole('textbox', { name: /Personal code/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(submitted).toHaveLength(0);
  });
});

describe('businessData: the business register fills in the company', () => {
  it('fills in the name and field of activity the register holds when the code is left', async () => {
    const asked: unknown[] = [];
    const { user } = await openStep({
      io: {
        lookUpCompany: async (input) => {
          asked.push(input);
          return { found: true, businessName: 'Päikese Pagarid OÜ', legalForm: 'OÜ', industryCode: 'C', status: 'ACTIVE' };
        },
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Registration code/ }), ' 10137319');
    await user.tab();
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Company name/ }) as HTMLInputElement).value).toBe('Päikese Pagarid OÜ'));
    expect((screen.getByRole('combobox', { name: 'Field of activity' }) as HTMLSelectElement).value).toBe('C');
    expect(screen.getByText('Found in the business register: Päikese Pagarid OÜ')).toBeTruthy();
    expect(asked).toEqual([{ country: 'EE', registrationCode: '10137319' }]);
  });

  it('says when the register does not know the code, or the company is in liquidation', async () => {
    let answer: 'unknown' | 'liquidation' = 'unknown';
    const { user } = await openStep({
      io: {
        lookUpCompany: async () =>
          answer === 'unknown' ? { found: false } : { found: true, businessName: 'Rannaküla Ehitus OÜ', legalForm: 'OÜ', industryCode: 'F', status: 'IN_LIQUIDATION' },
      },
    });
    const code = screen.getByRole('textbox', { name: /Registration code/ });
    await user.type(code, '12340000');
    await user.tab();
    expect(await screen.findByText(/We could not find this registration code in the business register/)).toBeTruthy();
    answer = 'liquidation';
    await user.clear(code);
    await user.type(code, '12345678');
    await user.tab();
    expect(await screen.findByText(/cannot apply for financing/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Company name/ }) as HTMLInputElement).value).toBe('');
  });
});

describe('businessData: green leasing behind its flag', () => {
  it('offers green leasing when the flag is on', async () => {
    await openStep({ config: { features: { greenLeasing: true } } });
    expect(productOptions()).toContain('Green leasing');
  });
});

describe('businessData: customer administrators (section 6, decision 110)', () => {
  it('a Latvian group applies for a Latvian company: Latvia preselected, their own section, the small business loan offered', async () => {
    const { view, user, submitted, checked } = await openStep({ start: { customerAdministrator: true, userGroups: ['customer-administrator-latvia'] } });
    expect(screen.getByText('Country where the company is registered: Latvia')).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'For bank staff' })).toBeTruthy();
    expect(productOptions()).toContain('Small business loan');
    await expectNoAxeViolations(view.container);
    await user.click(screen.getByRole('radio', { name: 'By phone, through the call centre' }));
    await user.click(screen.getByRole('checkbox', { name: /I have identified the company's representative/ }));
    await fillCompanyAndRepresentative(user, '320190-12345');
    await user.clear(screen.getByRole('textbox', { name: 'Phone number' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '21234567');
    await user.selectOptions(screen.getByRole('combobox', { name: /Language we contact/ }), 'lav');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    const { application } = submitted[0]!.submission;
    expect(application.applicationUpdates).toMatchObject({
      source: { channel: 'INTERNAL', creationChannel: 'CALL_CENTER', customerIdentified: true },
      company: { countryCode: 'LV' },
    });
    expect(application.personUpdates[0]).toMatchObject({ personalCode: '320190-12345', languageCode: 'lav' });
    // The representative's code was checked on the server as a Latvian one (the company's country).
    expect(checked.at(-1)).toEqual({ code: '320190-12345', country: 'LV' });
  });

  it('a general group chooses among the three countries; Lithuania\'s only language is set without asking', async () => {
    const { user } = await openStep({ start: { customerAdministrator: true, userGroups: ['loan-specialist'] } });
    const country = screen.getByRole('combobox', { name: 'Country where the company is registered' });
    expect(within(country).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'EE', 'LV', 'LT']);
    expect((country as HTMLSelectElement).value).toBe('');
    await user.selectOptions(country, 'LT');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Language we contact/ })).toBeNull());
    expect(productOptions()).toContain('Small business loan');
    await user.selectOptions(country, 'EE');
    expect(await screen.findByRole('combobox', { name: /Language we contact/ })).toBeTruthy();
    expect(productOptions()).not.toContain('Small business loan');
  });
});
