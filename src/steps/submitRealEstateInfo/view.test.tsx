import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const TASK = { task: {} };
const SPOUSE = '48105121239';
const PARENT = '35501014562';
const select = (name: string | RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('combobox', { name }) as HTMLSelectElement;
const textbox = (name: string | RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name }) as HTMLInputElement;
const owner = (n: number) => screen.getByRole('group', { name: `Other owner ${n}` });

async function summaryLinks() {
  const heading = await screen.findByRole('heading', { name: 'There is a problem' });
  return within(heading.closest('.solis-error-summary') as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

async function fillProperty(user: User) {
  await user.type(textbox(/Name of the property/), 'Home at Narva mnt 5-12');
  await user.selectOptions(select('Type of property'), 'PREMISES');
  await user.selectOptions(select('Kind of property'), 'FLAT');
  await user.selectOptions(select('Condition'), 'USED');
  await user.type(textbox(/Year the building was built/), '1998');
}

async function fillTerms(user: User) {
  await user.selectOptions(select('Repayment schedule'), 'ANNUITY');
  await user.clear(textbox(/Loan period in months/));
  await user.type(textbox(/Loan period in months/), '300');
}

async function addOwner(user: User, n: number, code: string, relation: string) {
  if (n > 1) await user.click(screen.getByRole('button', { name: 'Add another owner' }));
  await user.type(textbox(/Personal code/, owner(n)), code);
  await user.selectOptions(select('How they are related to you', owner(n)), relation);
}

describe('SubmitRealEstateInfo', () => {
  it('asks about the property, its owners and the repayment, with an autocomplete on every field, and passes axe', async () => {
    const { view } = await renderStep('submitRealEstateInfo', TASK);
    expect(screen.getByRole('heading', { level: 1, name: 'The property and its owners' })).toBeTruthy();
    // The kind follows the type; the year only for a building; owners only once others are said to exist.
    expect(screen.queryByRole('combobox', { name: 'Kind of property' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Year the building was built/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Other owner 1' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Interest rate/ })).toBeNull();
    for (const control of view.container.querySelectorAll('input:not([type=checkbox]), select')) {
      expect(control.getAttribute('autocomplete'), control.getAttribute('name') ?? '').toBeTruthy();
    }
    await expectNoAxeViolations(view.container);
  });

  it('offers the kinds of the chosen type and starts the kind afresh when the type changes', async () => {
    const { user } = await renderStep('submitRealEstateInfo', TASK);
    await user.selectOptions(select('Type of property'), 'LAND');
    expect([...select('Kind of property').options].map((o) => o.value)).toEqual(['', 'RESIDENTIAL_LAND', 'AGRICULTURAL_LAND', 'FOREST_LAND', 'COMMERCIAL_OR_OTHER_LAND']);
    expect(screen.queryByRole('textbox', { name: /Year the building was built/ })).toBeNull();
    await user.selectOptions(select('Kind of property'), 'FOREST_LAND');
    await user.selectOptions(select('Type of property'), 'PREMISES');
    expect(select('Kind of property').value).toBe('');
    expect([...select('Kind of property').options].map((o) => o.value)).toContain('ROWHOUSE');
  });

  it('sends exactly the step payload, with the other owners and the down payment’s origin', async () => {
    const { user, submitted } = await renderStep('submitRealEstateInfo', TASK);
    await fillProperty(user);
    await user.selectOptions(select(/How is your own contribution paid/), 'WITH_DOWNPAYMENT');
    await user.type(textbox(/Down payment/), '15 000');
    await user.selectOptions(select(/Where does the down payment come from/), 'OTHER');
    await user.type(textbox(/Describe where the down payment comes from/), 'Sale of my previous car');
    await user.selectOptions(select('Owners of the property'), 'WITH_OTHER_OWNERS');
    await addOwner(user, 1, SPOUSE, 'SPOUSE');
    await fillTerms(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {
        realEstate: {
          assetName: 'Home at Narva mnt 5-12',
          assetType: 'PREMISES',
          assetKind: 'FLAT',
          assetCondition: 'USED',
          constructionYear: 1998,
          ownContributionFinancing: 'WITH_DOWNPAYMENT',
          downPayment: 15000,
          downPaymentSource: 'OTHER',
          downPaymentOrigin: 'Sale of my previous car',
          collateralOwner: 'WITH_OTHER_OWNERS',
          otherOwners: [{ personalCode: SPOUSE, relation: 'SPOUSE' }],
          paymentScheduleType: 'ANNUITY',
          period: 300,
        },
      },
      personUpdates: [],
      addRelations: [],
      customData: {},
    });
  });

  it('neither asks nor sends owners, a down payment or a year that do not apply', async () => {
    const { user, submitted } = await renderStep('submitRealEstateInfo', TASK);
    await user.type(textbox(/Name of the property/), 'Forest at Kõrve');
    await user.selectOptions(select('Type of property'), 'LAND');
    await user.selectOptions(select('Kind of property'), 'FOREST_LAND');
    await user.selectOptions(select('Condition'), 'NOT_RENOVATED');
    await user.selectOptions(select(/How is your own contribution paid/), 'FINANCED_BY_THE_BANK');
    await user.selectOptions(select('Owners of the property'), 'WITH_OTHER_OWNERS');
    await user.type(textbox(/Personal code/, owner(1)), SPOUSE);
    await user.selectOptions(select('Owners of the property'), 'APPLICANT_ONLY');
    await fillTerms(user);
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({
      realEstate: {
        assetName: 'Forest at Kõrve',
        assetType: 'LAND',
        assetKind: 'FOREST_LAND',
        assetCondition: 'NOT_RENOVATED',
        ownContributionFinancing: 'FINANCED_BY_THE_BANK',
        collateralOwner: 'APPLICANT_ONLY',
        paymentScheduleType: 'ANNUITY',
        period: 300,
      },
    });
  });

  it('names each empty field in the summary, the owners by row', async () => {
    const { user } = await renderStep('submitRealEstateInfo', TASK);
    // The application's loan period (36 months) is where the period starts.
    expect(textbox(/Loan period in months/).value).toBe('36');
    await user.selectOptions(select('Owners of the property'), 'WITH_OTHER_OWNERS');
    await user.click(screen.getByRole('button', { name: 'Add another owner' }));
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Enter a name for the property',
      'Select the type of property',
      'Select the condition of the property',
      'Select how your own contribution is paid',
      'Enter the personal code of other owner 1',
      'Select how other owner 1 is related to you',
      'Enter the personal code of other owner 2',
      'Select how other owner 2 is related to you',
      'Select a repayment schedule',
    ]);
  });

  it('applies the related-persons rules across the owners on the offending row: a repeated person, conflicting relations', async () => {
    const { user, submitted } = await renderStep('submitRealEstateInfo', TASK);
    await fillProperty(user);
    await user.selectOptions(select(/How is your own contribution paid/), 'FINANCED_BY_THE_BANK');
    await user.selectOptions(select('Owners of the property'), 'WITH_OTHER_OWNERS');
    await addOwner(user, 1, SPOUSE, 'SPOUSE');
    await addOwner(user, 2, SPOUSE, 'SPOUSE');
    await fillTerms(user);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['This personal code has already been entered for another person']);
    expect(textbox(/Personal code/, owner(2)).getAttribute('aria-invalid')).toBe('true');
    expect(textbox(/Personal code/, owner(1)).getAttribute('aria-invalid')).toBeNull();
    await user.selectOptions(select('How they are related to you', owner(2)), 'SIBLING');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['The same person cannot have two different relations to you. Choose one relation']);
    await user.clear(textbox(/Personal code/, owner(2)));
    await user.type(textbox(/Personal code/, owner(2)), PARENT);
    await user.selectOptions(select('How they are related to you', owner(2)), 'PARENT');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
  });

  it('shows the server’s verdict on an owner (the applicant’s own code) on that owner’s field', async () => {
    // The client never knows the applicant's full code (decision 122): the server alone refuses it,
    // with exactly this field error (tests/server/step-context.test.ts).
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'applicationUpdates.realEstate.otherOwners.1.personalCode': ['validation.messages.relatedPersonSameAsApplicant'] },
    };
    const { user } = await renderStep('submitRealEstateInfo', { ...TASK, io: { submit: async () => Promise.reject(rejection) } });
    await fillProperty(user);
    await user.selectOptions(select(/How is your own contribution paid/), 'FINANCED_BY_THE_BANK');
    await user.selectOptions(select('Owners of the property'), 'WITH_OTHER_OWNERS');
    await addOwner(user, 1, SPOUSE, 'SPOUSE');
    await addOwner(user, 2, '38001085718', 'CHILD');
    await fillTerms(user);
    await user.click(continueButton());
    const code = textbox(/Personal code/, owner(2));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(owner(2)).getByText('Enter the co-owner\'s personal code, not your own')).toBeTruthy();
    expect(code.value).toBe('38001085718');
  });

  it('asks the interest rate of the loan being refinanced for a housing loan combining loans with the home, read in the applicant’s language', async () => {
    const { user, submitted, view } = await renderStep('submitRealEstateInfo', {
      locale: 'et',
      task: { application: { creditConditions: { productName: 'HOUSING_LOAN', loanPurpose: 'COMBINING_LOANS_AND_PURCHASING_HOME', loanAmount: 120000, loanPeriod: 240 } } as never },
    });
    const rate = view.container.querySelector('input[name="existingContractInterestRate"]') as HTMLInputElement;
    expect(rate).not.toBeNull();
    // The period chosen before is where this one starts.
    expect((view.container.querySelector('input[name="period"]') as HTMLInputElement).value).toBe('240');
    await user.type(rate, '4,75');
    await user.tab();
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBeNull());
    await user.clear(rate);
    await user.type(rate, '4,755');
    await user.tab();
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    await user.clear(rate);
    await user.type(rate, '4,75');
    await user.type(view.container.querySelector('input[name="assetName"]') as HTMLInputElement, 'Kodu Tartus');
    await user.selectOptions(view.container.querySelector('select[name="assetType"]') as HTMLSelectElement, 'PREMISES');
    await user.selectOptions(view.container.querySelector('select[name="assetKind"]') as HTMLSelectElement, 'HOUSE');
    await user.selectOptions(view.container.querySelector('select[name="assetCondition"]') as HTMLSelectElement, 'RENOVATED');
    await user.type(view.container.querySelector('input[name="constructionYear"]') as HTMLInputElement, '1975');
    await user.selectOptions(view.container.querySelector('select[name="ownContributionFinancing"]') as HTMLSelectElement, 'FINANCED_BY_THE_BANK');
    await user.selectOptions(view.container.querySelector('select[name="collateralOwner"]') as HTMLSelectElement, 'APPLICANT_ONLY');
    await user.selectOptions(view.container.querySelector('select[name="paymentScheduleType"]') as HTMLSelectElement, 'EQUAL_PRINCIPAL');
    await user.click(view.container.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toMatchObject({ realEstate: { existingContractInterestRate: 4.75, period: 240 } });
  });
});

describe('SubmitRealEstateInfo in Latvia', () => {
  it('describes and checks Latvian personal codes, and passes axe', async () => {
    const { user, view } = await renderStep('submitRealEstateInfo', { ...TASK, domain: 'retail-banking-lv' });
    await user.selectOptions(select('Owners of the property'), 'WITH_OTHER_OWNERS');
    expect(within(owner(1)).getByText('11 digits, for example 120575-12305')).toBeTruthy();
    await user.type(textbox(/Personal code/, owner(1)), '12345');
    await user.tab();
    await waitFor(() => expect(textbox(/Personal code/, owner(1)).getAttribute('aria-invalid')).toBe('true'));
    expect(within(owner(1)).getByText('Enter a Latvian personal code of 11 digits, like 123456-12345')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
