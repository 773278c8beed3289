import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/domain/app-error';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, summaryOf } from '../../../tests/support/step-queries';
import { renderStep } from '../../../tests/support/render-step';

const DIFFERENT = 'My correspondence address is different';
/** The fields of the home address (the first of each label) or of the correspondence address (the second). */
const textbox = (name: string, which: 0 | 1 = 0) => screen.getAllByRole('textbox', { name })[which] as HTMLInputElement;
const countrySelect = (which: 0 | 1 = 0) => screen.getAllByRole('combobox', { name: 'Country' })[which] as HTMLSelectElement;

async function fillHome(user: User, city = 'Town or city') {
  await user.type(textbox('Street and house number'), 'Narva mnt 5');
  await user.type(textbox('Apartment (optional)'), '12');
  await user.type(textbox(city), 'Tallinn');
  await user.type(textbox('Postal code'), '10117');
}

describe('SubmitAddress', () => {
  it('asks for the address with the served country chosen, passes axe, and asks the second address only when ticked', async () => {
    const { user, view } = await renderStep('submitAddress', { task: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Your address' })).toBeTruthy();
    expect(countrySelect().value).toBe('EE');
    expect(countrySelect().options[0]?.textContent).toBe('Estonia');
    expect(screen.getAllByRole('textbox', { name: 'Street and house number' })).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: DIFFERENT }));
    expect(screen.getByRole('heading', { name: 'Your correspondence address' })).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: 'Street and house number' })).toHaveLength(2);
    expect(textbox('Street and house number', 1).getAttribute('autocomplete')).toBe('section-correspondence address-line1');
    await expectNoAxeViolations(view.container);
  });

  it('refuses an empty form naming each missing part; the apartment and county are optional', async () => {
    const { user, submitted } = await renderStep('submitAddress', { task: {} });
    await user.click(screen.getByRole('checkbox', { name: DIFFERENT }));
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter your street and house number',
      'Enter your town or city',
      'Enter your postal code',
      'Enter the street and house number of your correspondence address',
      'Enter the town or city of your correspondence address',
      'Enter the postal code of your correspondence address',
    ]);
    expect(submitted).toHaveLength(0);
  });

  it('sends exactly the home address and no correspondence address when it is not different', async () => {
    const { user, submitted } = await renderStep('submitAddress', { task: {} });
    await fillHome(user);
    // Typed, then unticked: the second address is not sent.
    await user.click(screen.getByRole('checkbox', { name: DIFFERENT }));
    await user.type(textbox('Street and house number', 1), 'Mannerheimintie 10');
    await user.click(screen.getByRole('checkbox', { name: DIFFERENT }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {},
      personUpdates: [
        {
          role: 'APPLICANT',
          declaredData: {
            address: { street: 'Narva mnt 5', apartment: '12', city: 'Tallinn', county: '', postalCode: '10117', country: 'EE' },
            correspondenceAddressDifferent: false,
          },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('sends the correspondence address, abroad, when it is different', async () => {
    const { user, submitted } = await renderStep('submitAddress', { task: {} });
    await fillHome(user);
    await user.click(screen.getByRole('checkbox', { name: DIFFERENT }));
    await user.type(textbox('Street and house number', 1), 'Mannerheimintie 10');
    await user.type(textbox('Town or city', 1), 'Helsinki');
    await user.type(textbox('Postal code', 1), '00100');
    await user.selectOptions(countrySelect(1), 'Finland');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({
      declaredData: {
        correspondenceAddressDifferent: true,
        correspondenceAddress: { street: 'Mannerheimintie 10', apartment: '', city: 'Helsinki', county: '', postalCode: '00100', country: 'FI' },
      },
    });
  });

  it('refuses characters an Estonian postal address cannot have, and an Estonian postal code that is not 5 digits', async () => {
    const { user, submitted } = await renderStep('submitAddress', { task: {} });
    await user.type(textbox('Street and house number'), 'Narva mnt 5 #3');
    await user.type(textbox('Town or city'), 'Tallinn');
    // Issue 26 item 5: 4 digits were accepted.
    await user.type(textbox('Postal code'), '1011');
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter the address using letters, digits and the characters . , - / only',
      'Enter an Estonian postal code of 5 digits, like 10117',
    ]);
    expect(submitted).toHaveLength(0);
  });

  it('reads each country’s postal code in its own form: EE-10117 as 10117, a Lithuanian 01103 as LT-01103 (decision 193)', async () => {
    const { user, submitted } = await renderStep('submitAddress', { task: {} });
    await user.type(textbox('Street and house number'), 'Narva mnt 5');
    await user.type(textbox('Town or city'), 'Tallinn');
    await user.type(textbox('Postal code'), 'ee-10117');
    await user.click(screen.getByRole('checkbox', { name: DIFFERENT }));
    await user.type(textbox('Street and house number', 1), 'Gedimino pr. 9');
    await user.type(textbox('Town or city', 1), 'Vilnius');
    await user.type(textbox('Postal code', 1), '1103');
    await user.selectOptions(countrySelect(1), 'Lithuania');
    await user.click(continueButton());
    expect(within(await summaryOf()).getByRole('link', { name: 'Enter a Lithuanian postal code of 5 digits, like 01103 or LT-01103' })).toBeTruthy();
    await user.clear(textbox('Postal code', 1));
    await user.type(textbox('Postal code', 1), '01103');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({
      declaredData: { address: { postalCode: '10117', country: 'EE' }, correspondenceAddress: { postalCode: 'LT-01103', country: 'LT' } },
    });
  });

  it('shows a server field error on its field', async () => {
    const rejection: AppError = {
      kind: 'validation',
      message: 'Invalid',
      fieldErrors: { 'personUpdates.0.declaredData.address.city': ['validation.messages.addressInvalidCharacters'] },
    };
    const { user } = await renderStep('submitAddress', { task: {}, io: { submit: async () => Promise.reject(rejection) } });
    await fillHome(user);
    await user.click(continueButton());
    await waitFor(() => expect(textbox('Town or city').getAttribute('aria-invalid')).toBe('true'));
    expect(within(await summaryOf()).getByRole('link', { name: /Enter the address using letters/ })).toBeTruthy();
  });
});

describe('SubmitAddress in Latvia (section 5)', () => {
  it('takes a Latvian postal code with or without LV- (issue 26 item 5: 1010 was refused) and sends it as LV-1234', async () => {
    const { user, submitted, view } = await renderStep('submitAddress', { domain: 'retail-banking-lv', task: {} });
    expect(countrySelect().value).toBe('LV');
    expect(screen.getByRole('textbox', { name: 'Municipality (optional)' })).toBeTruthy();
    expect(screen.getByText('A Latvian postal code has 4 digits, like 1010 or LV-1010.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.type(textbox('Street and house number'), 'Brīvības iela 21');
    await user.type(textbox('City, town or village'), 'Rīga');
    await user.type(textbox('Postal code'), '101');
    await user.click(continueButton());
    expect(within(await summaryOf()).getByRole('link', { name: 'Enter a Latvian postal code of 4 digits, like 1010 or LV-1010' })).toBeTruthy();
    await user.clear(textbox('Postal code'));
    await user.type(textbox('Postal code'), '1010');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({
      declaredData: { address: { street: 'Brīvības iela 21', city: 'Rīga', postalCode: 'LV-1010', country: 'LV' } },
    });
  });

  it('has the Latvian co-borrower’s screen and sends the address as the co-borrower’s', async () => {
    const { user, submitted, view } = await renderStep('submitAddress', { domain: 'retail-banking-lv', role: 'COBORROWER', task: {} });
    expect(screen.getByText('Give your own address, even if you live with the main applicant.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
    await user.type(textbox('Street and house number'), 'Brīvības iela 21');
    await user.type(textbox('City, town or village'), 'Rīga');
    await user.type(textbox('Postal code'), 'LV-1010');
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.personUpdates[0]).toMatchObject({ role: 'COBORROWER', declaredData: { address: { postalCode: 'LV-1010' } } });
  });
});

describe('SubmitAddress for a co-borrower', () => {
  it('says the address is the co-borrower’s own and passes axe', async () => {
    const { view } = await renderStep('submitAddress', { role: 'COBORROWER', task: {} });
    expect(screen.getByText('Give your own address, even if you live with the main applicant.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
