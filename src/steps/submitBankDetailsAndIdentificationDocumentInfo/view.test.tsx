import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, group, typeDate } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const TASK = { task: {} };
const NEXT_YEAR = new Date().getFullYear() + 1;
const textbox = (name: string | RegExp, within_: HTMLElement = document.body) => within(within_).getByRole('textbox', { name }) as HTMLInputElement;

async function fillValid(user: User, options: { iban?: string; number?: string } = {}) {
  await user.type(textbox(/Bank account number/), options.iban ?? 'ee38 2200 2210 2014 5685');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Document type' }), 'ID_CARD');
  await user.type(textbox(/Document number/), options.number ?? 'ab 0123456');
  await typeDate(user, 'Date of issue', '14', '3', '2021');
  await typeDate(user, 'Expiry date', '13', '3', String(NEXT_YEAR + 4));
}

async function summaryLinks() {
  const heading = await screen.findByRole('heading', { name: 'There is a problem' });
  return within(heading.closest('.solis-error-summary') as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('SubmitBankDetailsAndIdentificationDocumentInfo', () => {
  it('shows the account, the document, the fixed first tax residency, LOAN ticked and payment day 15, and passes axe', async () => {
    const { view } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    expect(screen.getByRole('heading', { level: 1, name: 'Your bank account and identity document' })).toBeTruthy();
    const first = group('Country of tax residency 1');
    expect(within(first).getByText('Estonia')).toBeTruthy();
    expect(within(first).queryByRole('combobox')).toBeNull();
    expect(within(first).queryByRole('textbox', { name: /Taxpayer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    const loan = screen.getByRole('checkbox', { name: 'Loan' }) as HTMLInputElement;
    expect(loan.checked).toBe(true);
    expect(loan.getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByRole('combobox', { name: /Monthly payment day/ }) as HTMLSelectElement).value).toBe('15');
    for (const control of view.container.querySelectorAll('input:not([type=checkbox]), select')) {
      expect(control.getAttribute('autocomplete'), control.getAttribute('name') ?? '').toBeTruthy();
    }
    await expectNoAxeViolations(view.container);
  });

  it('sends exactly the step payload, the account number in its electronic form', async () => {
    const { user, submitted } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add another country' }));
    const second = group('Country of tax residency 2');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Country' }), 'FI');
    await user.type(textbox('Taxpayer identification number in Finland', second), '131052-3081');
    await user.click(screen.getByRole('checkbox', { name: 'Everyday banking' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Monthly payment day/ }), '20');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: { creditConditions: { monthlyPaymentDay: 20 } },
      personUpdates: [
        {
          role: 'APPLICANT',
          declaredData: {
            bankAccountNumber: 'EE382200221020145685',
            identityDocument: { type: 'ID_CARD', number: 'AB0123456', issueDate: '2021-03-14', expiryDate: `${NEXT_YEAR + 4}-03-13` },
            taxResidencies: [{ countryCode: 'EE' }, { countryCode: 'FI', taxPayerCode: '131052-3081' }],
            purposeOfRelationship: ['LOAN', 'EVERYDAY_BANKING'],
          },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('formats the account number when it is left and asks for an Estonian one in Estonia', async () => {
    const { user } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    const iban = textbox(/Bank account number/);
    await user.type(iban, 'lv80bank0000435195001');
    await user.tab();
    await waitFor(() => expect(iban.value).toBe('LV80 BANK 0000 4351 9500 1'));
    expect(await screen.findByText('Enter an Estonian account number. It starts with EE')).toBeTruthy();
    expect(screen.getByText(/An account in your name\. It starts with EE\./)).toBeTruthy();
  });

  it('names every empty field in the summary, in its own words', async () => {
    const { user } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Enter your bank account number',
      'Select the type of identity document',
      'Enter the document number',
      'Enter the date of issue',
      'Enter the expiry date',
    ]);
  });

  it('refuses a document issued in the future, one that has expired, and an expiry not after the issue', async () => {
    const { user, submitted } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    await fillValid(user);
    const setDate = async (legend: string, date: Date) => {
      for (const [part, value] of [
        ['Day', date.getDate()],
        ['Month', date.getMonth() + 1],
        ['Year', date.getFullYear()],
      ] as const) {
        const input = within(group(legend)).getByRole('textbox', { name: part });
        await user.clear(input);
        await user.type(input, String(value));
      }
    };
    const today = new Date();
    await setDate('Date of issue', new Date(NEXT_YEAR, 0, 10));
    await setDate('Expiry date', new Date(2020, 0, 10));
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Enter a date of issue between 1 January 1990 and today', 'This document has expired. Enter the details of a valid document']);
    // Issued today and expiring today: valid dates, but the expiry must come after the issue.
    await setDate('Date of issue', today);
    await setDate('Expiry date', today);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['The expiry date must be after the date of issue']);
    expect(submitted).toHaveLength(0);
  });

  it('refuses the implausible dates of issue 23 with messages naming the range, keeping what was typed', async () => {
    const { user, submitted } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    await fillValid(user);
    const typeDate = async (legend: string, [day, month, year]: readonly [string, string, string]) => {
      for (const [part, value] of [['Day', day], ['Month', month], ['Year', year]] as const) {
        const input = within(group(legend)).getByRole('textbox', { name: part });
        await user.clear(input);
        await user.type(input, value);
      }
    };
    const typed = (legend: string) => ['Day', 'Month', 'Year'].map((part) => (within(group(legend)).getByRole('textbox', { name: part }) as HTMLInputElement).value);
    await typeDate('Date of issue', ['1', '1', '1800']);
    await typeDate('Expiry date', ['31', '12', '9999']);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Enter a date of issue between 1 January 1990 and today', 'Enter an expiry date no more than 15 years from today']);
    expect(typed('Date of issue')).toEqual(['1', '1', '1800']);
    expect(typed('Expiry date')).toEqual(['31', '12', '9999']);
    await typeDate('Date of issue', ['31', '12', '1899']);
    await typeDate('Expiry date', ['1', '1', '0000']);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Enter a date of issue between 1 January 1990 and today', 'This document has expired. Enter the details of a valid document']);
    expect(typed('Expiry date')).toEqual(['1', '1', '0000']);
    expect(submitted).toHaveLength(0);
  });

  it('asks the taxpayer number only for another country, checks it, and offers no country twice, sorted by name', async () => {
    const { user } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    await user.click(screen.getByRole('button', { name: 'Add another country' }));
    const second = group('Country of tax residency 2');
    const select = within(second).getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    const labels = [...select.options].slice(1).map((option) => option.textContent ?? '');
    expect([...select.options].map((option) => option.value)).not.toContain('EE');
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en-GB', { sensitivity: 'base' }).compare));
    expect(within(second).queryByRole('textbox')).toBeNull();
    await user.selectOptions(select, 'SE');
    const number = textbox('Taxpayer identification number in Sweden', second);
    await user.type(number, 'AB-12');
    await user.tab();
    expect(await within(second).findByText('Enter the taxpayer identification number using 1 to 25 digits. Hyphens are allowed')).toBeTruthy();
    // Sweden, now taken, is not offered in a third row.
    await user.click(screen.getByRole('button', { name: 'Add another country' }));
    const third = within(group('Country of tax residency 3')).getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect([...third.options].map((option) => option.value)).not.toContain('SE');
    // Three is the most (section 9): the add button gives way to the reason.
    expect(screen.queryByRole('button', { name: 'Add another country' })).toBeNull();
    expect(screen.getByText('You have added the most countries you can (3).')).toBeTruthy();
  });

  it('fixes a US citizen’s first tax residency to the USA (their citizenships from the background step), asks the payer code there and sends it', async () => {
    const { user, submitted } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', {
      task: {
        application: {
          relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng', declaredData: { citizenships: ['EE', 'US'] } }], relations: [] },
        } as never,
      },
    });
    const first = group('Country of tax residency 1');
    expect(within(first).getByText('United States')).toBeTruthy();
    expect(within(first).queryByRole('combobox')).toBeNull();
    await fillValid(user);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([expect.stringMatching(/taxpayer identification number/i)]);
    await user.type(within(first).getByRole('textbox', { name: /Taxpayer identification number/ }), '123-45-6789');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ declaredData: { taxResidencies: [{ countryCode: 'US', taxPayerCode: '123-45-6789' }] } });
  });

  it('keeps Loan ticked, and allows no more than 3 purposes', async () => {
    const { user } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    const loan = screen.getByRole('checkbox', { name: 'Loan' }) as HTMLInputElement;
    await user.click(loan);
    expect(loan.checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Saving' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deposits' }));
    expect((screen.getByRole('checkbox', { name: 'Leasing' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Saving' }) as HTMLInputElement).disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Saving' }));
    expect((screen.getByRole('checkbox', { name: 'Leasing' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('asks the place of birth and the validity confirmation only behind their flag, and sends them then', async () => {
    const { user, submitted, view } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', { ...TASK, config: { features: { placeOfBirthAndDocumentValidity: true } } });
    await fillValid(user);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Enter your place of birth', 'Tick the box to agree before you continue']);
    await user.type(textbox(/Place of birth/), 'Tartu');
    await user.click(screen.getByRole('checkbox', { name: /I confirm that this document is valid/ }));
    await expectNoAxeViolations(view.container);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]?.declaredData).toMatchObject({
      identityDocument: { placeOfBirth: 'Tartu', validityConfirmed: true },
    });
  });

  it('without the flag, neither asks nor sends the place of birth', async () => {
    const { user, submitted } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', TASK);
    expect(screen.queryByRole('textbox', { name: /Place of birth/ })).toBeNull();
    await fillValid(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    const document_ = (submitted[0]?.submission.application.personUpdates[0]?.declaredData as { identityDocument: object }).identityDocument;
    expect(Object.keys(document_).sort()).toEqual(['expiryDate', 'issueDate', 'number', 'type']);
  });

  it('shows a server error inside a tax residency row on that row’s field', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.taxResidencies.1.taxPayerCode': ['validation.messages.taxpayerNumberInvalid'] },
    };
    const { user } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', { ...TASK, io: { submit: async () => Promise.reject(rejection) } });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add another country' }));
    const second = group('Country of tax residency 2');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Country' }), 'NO');
    await user.type(textbox(/Taxpayer identification number/, second), '12345678901');
    await user.click(continueButton());
    const number = textbox(/Taxpayer identification number/, second);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(number.value).toBe('12345678901');
  });
});

describe('SubmitBankDetailsAndIdentificationDocumentInfo in Latvia and for a co-borrower', () => {
  it('checks a Latvian passport number by its prefix, asks for an LV account, and passes axe', async () => {
    const { user, view } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', { ...TASK, domain: 'retail-banking-lv' });
    expect(screen.getByText(/A passport number starts with LV, LX or LN/)).toBeTruthy();
    expect(within(group('Country of tax residency 1')).getByText('Latvia')).toBeTruthy();
    await fillValid(user, { iban: 'LV80 BANK 0000 4351 9500 1', number: 'PA1234567' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Document type' }), 'PASSPORT');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Enter the passport number as 2 letters and 7 digits, like LV1234567']);
    await expectNoAxeViolations(view.container);
  });

  it('asks a co-borrower for no payment day and sends the answers as the co-borrower’s, and passes axe', async () => {
    const { user, submitted, view } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', { ...TASK, role: 'COBORROWER' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your bank account and identity document as a co-borrower' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Monthly payment day/ })).toBeNull();
    await expectNoAxeViolations(view.container);
    await fillValid(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({});
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ role: 'COBORROWER' });
  });

  it('gives a Latvian co-borrower the Latvian document rules, and passes axe', async () => {
    const { view } = await renderStep('submitBankDetailsAndIdentificationDocumentInfo', { ...TASK, role: 'COBORROWER', domain: 'retail-banking-lv' });
    expect(screen.getByText(/A passport number starts with LV, LX or LN/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Monthly payment day/ })).toBeNull();
    await expectNoAxeViolations(view.container);
  });
});
