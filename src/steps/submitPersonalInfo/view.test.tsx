import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { continueButton, summaryOf } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const CODE = '38001085718';
const optionsOf = (name: string | RegExp) => [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((option) => option.textContent);

describe('SubmitPersonalInfo', () => {
  it('shows the loan with its amount and period, offers only the loan types that fit them, and passes axe', async () => {
    const { view } = await renderStep('submitPersonalInfo', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your personal details' })).toBeTruthy();
    const product = screen.getByRole('combobox', { name: 'Loan type' }) as HTMLSelectElement;
    expect(product.value).toBe('SMALL_LOAN');
    expect(screen.getByText(/€3,000 over 36 months\. Only the loan types that offer this amount and period are listed\./)).toBeTruthy();
    // €3,000 over 36 months is below the real-estate and home loans' minimum amounts.
    expect(optionsOf('Loan type')).toEqual(['Small loan', 'Car loan', 'Renovation loan', 'Refinancing loan']);
    // Estonia offers Estonian, Russian and English: the person chooses; the language in use comes first.
    expect((screen.getByRole('combobox', { name: 'Which language should we contact you in?' }) as HTMLSelectElement).value).toBe('eng');
    expect(screen.queryByRole('textbox', { name: 'Date of birth' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'For bank staff' })).toBeNull();
    for (const input of view.container.querySelectorAll('input:not([type=checkbox]):not([type=radio]), select')) {
      expect(input.getAttribute('autocomplete'), input.getAttribute('name') ?? '').toBeTruthy();
    }
    await expectNoAxeViolations(view.container);
  });

  it('refuses an empty form naming each missing answer in its own words', async () => {
    const { user, submitted } = await renderStep('submitPersonalInfo', { task: {} });
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter your personal code',
      'Tick the box to agree before you continue',
    ]);
    expect(submitted).toHaveLength(0);
  });

  it('sends exactly the step payload: the loan type, the campaign code of the query (upper-cased), the code, the language, the consents', async () => {
    const { user, submitted } = await renderStep('submitPersonalInfo', { task: {}, start: { campaignCode: 'spring24' } });
    const campaign = screen.getByRole('textbox', { name: 'Campaign code (optional)' }) as HTMLInputElement;
    expect(campaign.value).toBe('SPRING24');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loan type' }), 'Car loan');
    await user.type(screen.getByRole('textbox', { name: 'Personal code' }), CODE);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Which language should we contact you in?' }), 'Русский');
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: { creditConditions: { productName: 'CAR_LOAN' }, campaignCode: 'SPRING24' },
      personUpdates: [{ role: 'APPLICANT', personalCode: CODE, languageCode: 'rus', consents: { registryCheck: true, silent: false } }],
      addRelations: [],
      customData: {},
    });
  });

  it('starts with the personal code the first page gave (the server offers it as the step’s draft; decision 196) and sends it', async () => {
    const { user, submitted } = await renderStep('submitPersonalInfo', {
      task: { draft: { taskDefinitionKey: 'submitPersonalInfo', version: 0, data: { personalCode: CODE } } },
    });
    expect((screen.getByRole('textbox', { name: 'Personal code' }) as HTMLInputElement).value).toBe(CODE);
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ personalCode: CODE });
  });

  it('upper-cases the campaign code and refuses one with other than letters and digits', async () => {
    const { user, submitted } = await renderStep('submitPersonalInfo', { task: {} });
    const campaign = screen.getByRole('textbox', { name: 'Campaign code (optional)' });
    await user.type(campaign, 'spring-24');
    await user.tab();
    await waitFor(() => expect(campaign.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter the campaign code using letters and digits only')).toBeTruthy();
    await user.clear(campaign);
    await user.type(campaign, ' spring24 ');
    await user.type(screen.getByRole('textbox', { name: 'Personal code' }), CODE);
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toMatchObject({ campaignCode: 'SPRING24' });
  });

  it('sets the language without asking when only one is offered (section 5)', async () => {
    const { user, submitted } = await renderStep('submitPersonalInfo', {
      domain: 'retail-banking-lt',
      task: {},
      config: { allowedLocales: ['lt'], defaultLocale: 'lt' },
    });
    expect(screen.queryByRole('combobox', { name: 'Which language should we contact you in?' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Personal code' }), '49403136526');
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ languageCode: 'lit' });
  });

  it('shows a server field error on its field and keeps what was typed', async () => {
    const rejection: AppError = { kind: 'validation', message: 'Invalid', fieldErrors: { 'personUpdates.0.personalCode': ['validation.messages.personalCodeInvalid'] } };
    const { user } = await renderStep('submitPersonalInfo', { task: {}, io: { submit: async () => Promise.reject(rejection) } });
    const code = screen.getByRole('textbox', { name: 'Personal code' }) as HTMLInputElement;
    await user.type(code, CODE);
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(await summaryOf()).getByRole('link', { name: 'Check the personal code: it does not match a real personal code' })).toBeTruthy();
    expect(code.value).toBe(CODE);
  });

  it('names the population register’s refusals on the personal code field, translated (decision 186)', async () => {
    const cases = [
      ['en', 'validation.messages.nameDiffersFromRegister', 'The name you gave differs from the population register’s for this personal code. Check the code, or go back and enter your name as in your identity document'],
      ['en', 'validation.messages.personalCodeNotInRegister', 'This personal code was not confirmed by the population register. Check that it is yours and typed correctly'],
      ['lv', 'validation.messages.nameDiffersFromRegister', 'Jūsu norādītais vārds atšķiras no Fizisko personu reģistrā šim personas kodam norādītā. Pārbaudiet kodu vai atgriezieties un ievadiet vārdu kā personu apliecinošā dokumentā'],
      ['lv', 'validation.messages.personalCodeCheckFailed', 'Pašlaik neizdevās pārbaudīt personas kodu. Mēģiniet vēlreiz'],
    ] as const;
    for (const [locale, key, text] of cases) {
      const rejection: AppError = { kind: 'validation', message: 'Invalid', fieldErrors: { 'personUpdates.0.personalCode': [key] } };
      const domain = locale === 'lv' ? 'retail-banking-lv' : 'retail-banking-ee';
      const { user, view } = await renderStep('submitPersonalInfo', { domain, locale, task: {}, io: { submit: async () => Promise.reject(rejection) } });
      const code = view.container.querySelector('input[name="personalCode"]') as HTMLInputElement;
      await user.type(code, locale === 'lv' ? '010190-11231' : CODE);
      await user.click(within(view.container).getAllByRole('checkbox')[0] as HTMLElement);
      await user.click(view.container.querySelector('button[type="submit"]') as HTMLElement);
      await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
      const summary = await waitFor(() => {
        const shown = view.container.querySelector<HTMLElement>('.solis-error-summary');
        expect(shown).toBeTruthy();
        return shown as HTMLElement;
      });
      expect(within(summary).getByRole('link', { name: text })).toBeTruthy();
      view.unmount();
    }
  });

  it('does not send a personal code the server check finds invalid', async () => {
    const { user, submitted, checked } = await renderStep('submitPersonalInfo', { task: {}, io: { checkPersonalCode: async () => ({ valid: false }) } });
    const code = screen.getByRole('textbox', { name: 'Personal code' });
    await user.type(code, CODE);
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    await user.click(continueButton());
    await summaryOf();
    expect(checked.map((call) => call.code)).toContain(CODE);
    expect(submitted).toHaveLength(0);
  });
});

describe('SubmitPersonalInfo in Latvia (section 5)', () => {
  it('asks the date of birth only for a new-format code, reads it as people write it with the age bounds, and sends it as yyyy-MM-dd', async () => {
    const { user, submitted, view } = await renderStep('submitPersonalInfo', { domain: 'retail-banking-lv', task: {} });
    const code = screen.getByRole('textbox', { name: 'Personal code' });
    expect(screen.getByText('11 digits, for example 123456-12345 or 321234-12345')).toBeTruthy();
    // The old format carries the birth date: nothing more is asked.
    await user.type(code, '010190-11231');
    expect(screen.queryByRole('textbox', { name: 'Date of birth' })).toBeNull();
    await user.clear(code);
    await user.type(code, '32019012345');
    const birth = await screen.findByRole('textbox', { name: 'Date of birth' });
    await expectNoAxeViolations(view.container);
    await user.type(birth, '15 March 1985');
    await user.tab();
    expect(await screen.findByText('Enter the date of birth as day, month and year, like 15.03.1985 or 150385')).toBeTruthy();
    await user.clear(birth);
    await user.type(birth, '010115');
    await user.tab();
    expect(await screen.findByText('You can apply if you are between 18 and 73 years old')).toBeTruthy();
    // Issue 26 item 5: 15.03.1985 was refused (ddMMyy only). Each written form clears the error.
    for (const typed of ['150385', '15031985', '1985-03-15', '15.3.1985', '15.03.1985']) {
      await user.clear(birth);
      await user.type(birth, typed);
      await user.tab();
      await waitFor(() => expect(birth.getAttribute('aria-invalid'), typed).toBeNull());
    }
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toEqual({
      role: 'APPLICANT',
      personalCode: '320190-12345',
      declaredData: { dateOfBirth: '1985-03-15' },
      languageCode: 'eng',
      consents: { registryCheck: true, silent: false },
    });
  });

  it('does not send a date of birth typed for a new code once the code is changed to the old format', async () => {
    const { user, submitted } = await renderStep('submitPersonalInfo', { domain: 'retail-banking-lv', task: {} });
    const code = screen.getByRole('textbox', { name: 'Personal code' });
    await user.type(code, '32019012345');
    await user.type(await screen.findByRole('textbox', { name: 'Date of birth' }), '150385');
    await user.clear(code);
    await user.type(code, '010190-11231');
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).not.toHaveProperty('declaredData');
  });
});

describe('SubmitPersonalInfo for a co-borrower', () => {
  it('shows the loan instead of offering to change it, passes axe, and sends the answers as the co-borrower’s', async () => {
    const { user, submitted, view } = await renderStep('submitPersonalInfo', { role: 'COBORROWER', task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your personal details as a co-borrower' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Loan type' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Campaign code (optional)' })).toBeNull();
    expect(screen.getByText('Small loan')).toBeTruthy();
    expect(screen.getByText('€3,000 over 36 months')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.type(screen.getByRole('textbox', { name: 'Personal code' }), CODE);
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(screen.getByRole('checkbox', { name: /repeat these checks/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {},
      personUpdates: [{ role: 'COBORROWER', personalCode: CODE, languageCode: 'eng', consents: { registryCheck: true, silent: true } }],
      addRelations: [],
      customData: {},
    });
  });

  it('has the Latvian co-borrower’s screen: the loan shown, the Latvian code hint', async () => {
    const { view } = await renderStep('submitPersonalInfo', { role: 'COBORROWER', domain: 'retail-banking-lv', task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your personal details as a co-borrower' })).toBeTruthy();
    expect(screen.getByText('11 digits, for example 123456-12345 or 321234-12345')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});

describe('SubmitPersonalInfo for an embedded customer administrator (decision 110)', () => {
  it('asks how the customer came and that they were identified; an office offers the small loan only', async () => {
    const { user, submitted, view } = await renderStep('submitPersonalInfo', { task: {}, start: { customerAdministrator: true } });
    expect(screen.getByRole('heading', { name: 'For bank staff' })).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.type(screen.getByRole('textbox', { name: 'Personal code' }), CODE);
    await user.click(screen.getByRole('checkbox', { name: /check my data in public registers/ }));
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Select how the customer contacted the bank',
      'Tick the box to agree before you continue',
    ]);
    await user.click(screen.getByRole('radio', { name: 'In a bank office' }));
    expect(optionsOf('Loan type')).toEqual(['Small loan']);
    await user.click(screen.getByRole('checkbox', { name: /identified the customer/ }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({
      source: { channel: 'INTERNAL', creationChannel: 'OFFICE', customerIdentified: true },
      creditConditions: { productName: 'SMALL_LOAN' },
      campaignCode: '',
    });
  });
});

describe('SubmitPersonalInfo: the product calculator (section 2)', () => {
  const figureOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
  /** The calculator's live summary (the submit button has a status region of its own). */
  const paymentStatus = () => {
    const found = screen.getAllByRole('status').find((region) => within(region).queryByText(/a month|Calculating|could not calculate|within the limits/));
    if (!found) throw new Error('no payment status');
    return found;
  };

  it('shows the figures of the loan the step shows, announced politely, without opening the calculator modal', async () => {
    const { view } = await renderStep('submitPersonalInfo', { task: {} });
    expect(screen.getByRole('heading', { level: 3, name: 'Your monthly payment' })).toBeTruthy();
    const status = paymentStatus();
    expect(status.getAttribute('aria-live')).toBe('polite');
    // The small loan's product data, calculated as the server does: 13.9 % and €3.50 a month.
    await waitFor(() => expect(status.textContent).toMatch(/^€105\.89 a month\. Annual percentage rate of charge \(APR\) \d/));
    expect(figureOf('Annual interest rate')).toBe('13.9%');
    expect(figureOf('Contract fee')).toBe('€60');
    expect(figureOf('Monthly administration fee')).toBe('€3.50');
    expect(figureOf('Period')).toBe('36 months');
    expect(screen.getByText(/^Representative example: a loan of €3,000 for 36 months/)).toBeTruthy();
    // The modal opens on the create step only (this step's meta): neither it nor its button is here.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the loan calculator' })).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('recalculates when the applicant switches the loan type, never showing the old figure as current', async () => {
    const { user } = await renderStep('submitPersonalInfo', { task: {} });
    const status = paymentStatus();
    await waitFor(() => expect(status.textContent).toMatch(/^€105\.89 a month/));
    const smallLoanRate = figureOf('Annual interest rate');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loan type' }), 'Car loan');
    expect(status.textContent).not.toMatch(/€105\.89/);
    await waitFor(() => expect(status.textContent).toMatch(/^€[\d,.]+ a month\. Annual percentage rate/));
    expect(status.textContent).not.toMatch(/€105\.89/);
    expect(figureOf('Annual interest rate')).not.toBe(smallLoanRate);
    expect(figureOf('Period')).toBe('36 months');
    // Back to the small loan: its figures again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loan type' }), 'Small loan');
    await waitFor(() => expect(status.textContent).toMatch(/^€105\.89 a month/));
  });

  it('shows a co-borrower the figures of the loan they join', async () => {
    await renderStep('submitPersonalInfo', { role: 'COBORROWER', task: {} });
    await waitFor(() => expect(paymentStatus().textContent).toMatch(/^€105\.89 a month/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
