/**
 * SubmitFinancialData in the corporate domain (decision 183): the company's collaterals and
 * liabilities, by keyboard and screen reader as well as by mouse.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const withLiabilities = (hasLiabilities: boolean | null) => ({
  domain: 'corporate-banking' as const,
  task: {
    application: {
      externalId: 'app-1',
      businessDomain: 'corporate-banking' as const,
      currency: 'EUR',
      creditConditions: { productName: 'OPERATING_LOAN', loanAmount: 250000, loanPeriod: 60 },
      source: null,
      relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng' }], relations: [] },
      ...(hasLiabilities === null ? {} : { company: { hasLiabilities } }),
    },
  },
});
const COMPANY_WITH_LIABILITIES = withLiabilities(true);
const row = (name: string) => screen.getByRole('group', { name });
const summaryLinks = async () => {
  const heading = await screen.findByRole('heading', { name: 'There is a problem' });
  return within(heading.closest('.solis-error-summary') as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);
};
const typeOf = (legend: string) => within(row(legend)).getByRole('combobox', { name: 'Type of collateral' }) as HTMLSelectElement;

async function fillLiability(user: User, legend: string, values: { type: string; creditor: string; owed: string; monthly?: string; end: [string, string, string] }) {
  const group = row(legend);
  await user.selectOptions(within(group).getByRole('combobox', { name: 'Type of liability' }), values.type);
  await user.type(within(group).getByRole('textbox', { name: /Creditor/ }), values.creditor);
  await user.type(within(group).getByRole('textbox', { name: /Amount still owed/ }), values.owed);
  if (values.monthly) await user.type(within(group).getByRole('textbox', { name: /Monthly payment/ }), values.monthly);
  const [day, month, year] = values.end;
  await user.type(within(group).getByRole('textbox', { name: 'Day' }), day);
  await user.type(within(group).getByRole('textbox', { name: 'Month' }), month);
  await user.type(within(group).getByRole('textbox', { name: 'Year' }), year);
}

const NEXT_YEAR = String(new Date().getFullYear() + 1);

describe('SubmitFinancialData for a company', () => {
  it('shows the corporate form: one collateral and one liability, each a named group, and passes axe', async () => {
    const { view } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    expect(screen.getByRole('heading', { level: 1, name: 'Your company’s collaterals and liabilities' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Source of income' })).toBeNull();
    expect(typeOf('Collateral 1')).toBeTruthy();
    expect(within(row('Liability 1')).getByRole('combobox', { name: 'Type of liability' })).toBeTruthy();
    // Until a type is chosen, a collateral asks nothing of the type's.
    expect(within(row('Collateral 1')).queryByRole('textbox', { name: /Market value/ })).toBeNull();
    for (const control of view.container.querySelectorAll('input:not([type=checkbox]), select')) {
      expect(control.getAttribute('autocomplete'), control.getAttribute('name') ?? '').toBeTruthy();
    }
    await expectNoAxeViolations(view.container);
  });

  it('asks the fields each collateral type has: an address for premises and land, a market value for premises, land and vehicles', async () => {
    const { user, view } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    const asked = () => ({
      street: within(row('Collateral 1')).queryByRole('textbox', { name: /Street address/ }) !== null,
      city: within(row('Collateral 1')).queryByRole('textbox', { name: 'City or town' }) !== null,
      district: within(row('Collateral 1')).queryByRole('textbox', { name: 'District (optional)' }) !== null,
      marketValue: within(row('Collateral 1')).queryByRole('textbox', { name: /Market value/ }) !== null,
      info: within(row('Collateral 1')).queryByRole('textbox', { name: /Additional information/ }) !== null,
    });
    const expected: Record<string, ReturnType<typeof asked>> = {
      PREMISES: { street: true, city: true, district: true, marketValue: true, info: true },
      LAND: { street: true, city: true, district: true, marketValue: true, info: true },
      VEHICLES: { street: false, city: false, district: false, marketValue: true, info: true },
      EQUIPMENT_AND_MACHINERY: { street: false, city: false, district: false, marketValue: false, info: true },
      MOTO: { street: false, city: false, district: false, marketValue: false, info: true },
      FINANCIAL_GUARANTEES: { street: false, city: false, district: false, marketValue: false, info: true },
    };
    for (const [type, fields] of Object.entries(expected)) {
      await user.selectOptions(typeOf('Collateral 1'), type);
      expect(asked(), type).toEqual(fields);
    }
    await user.selectOptions(typeOf('Collateral 1'), 'PREMISES');
    await expectNoAxeViolations(view.container);
  });

  it('offers no surety in Estonia', async () => {
    await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    const options = [...typeOf('Collateral 1').options].map((option) => option.value);
    expect(options).toEqual(['', 'PREMISES', 'LAND', 'VEHICLES', 'EQUIPMENT_AND_MACHINERY', 'MOTO', 'FINANCIAL_GUARANTEES']);
  });

  it('sends only the filled collaterals as assets, with the address and market value their types ask, and the liabilities', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    await user.selectOptions(typeOf('Collateral 1'), 'PREMISES');
    const first = row('Collateral 1');
    await user.type(within(first).getByRole('textbox', { name: /Street address/ }), 'Pärnu mnt 10');
    await user.type(within(first).getByRole('textbox', { name: 'City or town' }), 'Tallinn');
    await user.type(within(first).getByRole('textbox', { name: /Market value/ }), '240 000');
    // A type chosen, then changed: the premises' address is not sent with the vehicle.
    await user.click(screen.getByRole('button', { name: 'Add a collateral' }));
    await user.selectOptions(typeOf('Collateral 2'), 'LAND');
    await user.type(within(row('Collateral 2')).getByRole('textbox', { name: /Street address/ }), 'Metsa 1');
    await user.selectOptions(typeOf('Collateral 2'), 'VEHICLES');
    await user.type(within(row('Collateral 2')).getByRole('textbox', { name: /Market value/ }), '18500');
    await user.type(within(row('Collateral 2')).getByRole('textbox', { name: /Additional information/ }), 'Two vans');
    // A third row added and left empty is neither sent nor refused.
    await user.click(screen.getByRole('button', { name: 'Add a collateral' }));
    await fillLiability(user, 'Liability 1', { type: 'BUSINESS_LOAN', creditor: 'Example Bank', owed: '50000', monthly: '1250', end: ['15', '6', NEXT_YEAR] });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {
        company: {
          collaterals: [
            { asset: { type: 'PREMISES', marketValue: 240000, address: { countryCode: 'EE', streetAddress: 'Pärnu mnt 10', administrativeAreaLevel1: 'Tallinn' } } },
            { asset: { type: 'VEHICLES', marketValue: 18500 }, additionalInfoText: 'Two vans' },
          ],
          liabilities: [{ type: 'BUSINESS_LOAN', creditor: 'Example Bank', declaredAmount: 50000, declaredMonthlyPayment: 1250, endDate: `${NEXT_YEAR}-06-15` }],
        },
      },
      personUpdates: [],
      addRelations: [],
      customData: {},
    });
  });

  it('sends no collaterals when the only row is left empty', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', withLiabilities(false));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({ company: { collaterals: [], liabilities: [] } });
  });

  it('takes at most 5 collaterals: at the fifth the add button gives way to a sentence saying why', async () => {
    const { user } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    for (let added = 2; added <= 5; added += 1) await user.click(screen.getByRole('button', { name: 'Add a collateral' }));
    expect(screen.getByRole('group', { name: 'Collateral 5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a collateral' })).toBeNull();
    expect(screen.getByText('You have added the most collaterals you can (5).')).toBeTruthy();
    // Removing one brings the button back, and focus goes to it.
    await user.click(screen.getByRole('button', { name: 'Remove collateral 3' }));
    const add = screen.getByRole('button', { name: 'Add a collateral' });
    await waitFor(() => expect(document.activeElement).toBe(add));
    expect(screen.queryByRole('group', { name: 'Collateral 5' })).toBeNull();
  });

  it('asks no monthly payment for a guarantee or a business surety, and sends none even if one was typed', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    const liability = () => row('Liability 1');
    await user.selectOptions(within(liability()).getByRole('combobox', { name: 'Type of liability' }), 'BUSINESS_LEASING');
    await user.type(within(liability()).getByRole('textbox', { name: /Monthly payment/ }), '300');
    for (const type of ['GUARANTEE', 'BUSINESS_SURETY']) {
      await user.selectOptions(within(liability()).getByRole('combobox', { name: 'Type of liability' }), type);
      expect(within(liability()).queryByRole('textbox', { name: /Monthly payment/ }), type).toBeNull();
      expect(within(liability()).getByText('For a guarantee or surety, the amount the company has guaranteed')).toBeTruthy();
    }
    await user.type(within(liability()).getByRole('textbox', { name: /Creditor/ }), 'Partner OÜ');
    await user.type(within(liability()).getByRole('textbox', { name: /Amount still owed/ }), '20000');
    await user.type(within(liability()).getByRole('textbox', { name: 'Day' }), '1');
    await user.type(within(liability()).getByRole('textbox', { name: 'Month' }), '12');
    await user.type(within(liability()).getByRole('textbox', { name: 'Year' }), NEXT_YEAR);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect((submitted[0]?.submission.application.applicationUpdates as { company: { liabilities: unknown[] } }).company.liabilities).toEqual([
      { type: 'BUSINESS_SURETY', creditor: 'Partner OÜ', declaredAmount: 20000, endDate: `${NEXT_YEAR}-12-01` },
    ]);
  });

  it('asks no liabilities when the business data said the company has none, and empties the list', async () => {
    const { view } = await renderStep('submitFinancialData', withLiabilities(false));
    expect(screen.getByRole('heading', { level: 1, name: 'Your company’s collaterals' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Liabilities' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Liability 1' })).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('asks the liabilities when the application does not know yet whether the company has any', async () => {
    await renderStep('submitFinancialData', withLiabilities(null));
    expect(screen.getByRole('group', { name: 'Liability 1' })).toBeTruthy();
  });

  it('adds and removes rows by keyboard alone, focus on the new row’s first field, then on the add button, each change announced', async () => {
    const { user } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    const add = screen.getByRole('button', { name: 'Add a collateral' });
    add.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(typeOf('Collateral 2')));
    expect(within(screen.getByRole('group', { name: 'Collaterals' })).getByRole('status').textContent).toContain('Collateral 2 of 5 added');
    // Type and choose by keyboard in the new row.
    await user.selectOptions(typeOf('Collateral 2'), 'VEHICLES');
    await user.tab();
    expect(document.activeElement).toBe(within(row('Collateral 2')).getByRole('textbox', { name: /Market value/ }));
    // The remove buttons say which row they remove; Space on one removes that row.
    const remove = screen.getByRole('button', { name: 'Remove collateral 2' });
    remove.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a collateral' })));
    expect(screen.queryByRole('group', { name: 'Collateral 2' })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Collaterals' })).getByRole('status').textContent).toContain('Collateral 2 removed');
    // The liabilities list works the same way.
    screen.getByRole('button', { name: 'Add a liability' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(row('Liability 2')).getByRole('combobox', { name: 'Type of liability' })));
  });

  it('names each row’s problems by the row in the error summary, and each link leads to the field', async () => {
    const { user, submitted } = await renderStep('submitFinancialData', COMPANY_WITH_LIABILITIES);
    await user.selectOptions(typeOf('Collateral 1'), 'FINANCIAL_GUARANTEES');
    await user.click(screen.getByRole('button', { name: 'Add a collateral' }));
    await user.selectOptions(typeOf('Collateral 2'), 'PREMISES');
    await user.type(within(row('Collateral 2')).getByRole('textbox', { name: 'City or town' }), 'T');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Collateral 2: Enter the street address',
      'Collateral 2: Enter between 2 and 200 characters',
      'Collateral 2: Enter the market value',
      'Liability 1: Select the type of liability',
      'Liability 1: Enter the creditor',
      'Liability 1: Enter the amount still owed',
      'Liability 1: Enter the monthly payment',
      'Liability 1: Enter the end date',
    ]);
    // On the field itself, inside the fieldset named "Collateral 2", the message says what to do.
    const value = within(row('Collateral 2')).getByRole('textbox', { name: /Market value/ });
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(within(row('Collateral 2')).getByText('Enter the market value')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Collateral 2: Enter the market value' }));
    expect(document.activeElement).toBe(value);
    expect(submitted).toHaveLength(0);
  });
});
