import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import type { BusinessDomain } from '../../../core/domain/business-domains';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { renderStep, taskFor } from '../../../tests/support/render-step';

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const summaryOf = async () => (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.solis-error-summary') as HTMLElement;
const DATA_PROCESSING = /I agree to the processing of my personal data/;

/** The application as the co-borrower sees it: the applicant by name, themselves as the applicant described them. */
function invitedBy(applicantName: string | null, domain: BusinessDomain = 'retail-banking-ee'): Partial<TaskResponse> {
  return {
    application: {
      ...taskFor('submitInitialDataCoBorrower', domain).application,
      relatedPersons: {
        persons: [
          // Another person is shown by name only (no language, no contacts), as the server sends them.
          { id: 'p-1', role: 'APPLICANT', languageCode: null, declaredData: applicantName ? { firstName: applicantName, surname: 'Maasikas' } : null },
          {
            id: 'p-2',
            role: 'COBORROWER',
            languageCode: null,
            declaredData: { firstName: 'Kristi', surname: 'Tamm', email: 'kristi.tamm@example.com', phoneNumber: { code: '+372', number: '52345678' } },
          },
        ],
        relations: [],
      },
    },
  };
}

describe('SubmitInitialDataCoBorrower', () => {
  it('shows what the applicant said about the co-borrower, for them to confirm, says who invited them, and passes axe', async () => {
    const { view } = await renderStep('submitInitialDataCoBorrower', { role: 'COBORROWER', task: invitedBy('Mari') });
    expect(screen.getByRole('heading', { level: 1, name: 'Join the loan application as a co-applicant' })).toBeTruthy();
    expect(screen.getByText('Mari has asked you to apply for this loan together. Check your details below and correct them if needed.')).toBeTruthy();
    expect(screen.getByText(/The main applicant does not see your answers, and you do not see theirs\./)).toBeTruthy();
    expect(textbox('First name').value).toBe('Kristi');
    expect(textbox('Surname').value).toBe('Tamm');
    expect(textbox('E-mail').value).toBe('kristi.tamm@example.com');
    expect(textbox('Phone number').value).toBe('52345678');
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement).value).toBe('+372');
    expect((screen.getByRole('checkbox', { name: DATA_PROCESSING }) as HTMLInputElement).checked).toBe(false);
    await expectNoAxeViolations(view.container);
  });

  it('does not name the applicant it does not know', async () => {
    await renderStep('submitInitialDataCoBorrower', { role: 'COBORROWER', task: invitedBy(null) });
    expect(screen.getByText(/You have been asked to apply for this loan together with the main applicant\./)).toBeTruthy();
  });

  it('goes on only with the consent to the processing of their data', async () => {
    const { user, submitted } = await renderStep('submitInitialDataCoBorrower', { role: 'COBORROWER', task: invitedBy('Mari') });
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Tick the box to agree before you continue']);
    expect(submitted).toHaveLength(0);
  });

  it('sends the confirmed and corrected details and the consents as the co-borrower’s', async () => {
    const { user, submitted } = await renderStep('submitInitialDataCoBorrower', { role: 'COBORROWER', task: invitedBy('Mari') });
    await user.clear(textbox('E-mail'));
    await user.type(textbox('E-mail'), 'kristi@example.ee');
    await user.click(screen.getByRole('checkbox', { name: DATA_PROCESSING }));
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {},
      personUpdates: [
        {
          role: 'COBORROWER',
          languageCode: 'eng',
          declaredData: { firstName: 'Kristi', surname: 'Tamm', email: 'kristi@example.ee', phoneNumber: { code: '+372', number: '52345678' } },
          consents: { dataProcessing: true, marketing: false },
        },
      ],
      addRelations: [],
      customData: {},
    });
  });

  it('names each emptied detail in its own words', async () => {
    const { user } = await renderStep('submitInitialDataCoBorrower', { role: 'COBORROWER', task: invitedBy('Mari') });
    await user.clear(textbox('First name'));
    await user.clear(textbox('Phone number'));
    await user.click(screen.getByRole('checkbox', { name: DATA_PROCESSING }));
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter your first name', 'Enter your phone number']);
  });

  it('speaks the co-borrower’s language, Latvian in Latvia, and passes axe', async () => {
    const { view } = await renderStep('submitInitialDataCoBorrower', { role: 'COBORROWER', domain: 'retail-banking-lv', locale: 'lv', task: invitedBy('Anna', 'retail-banking-lv') });
    expect(screen.getByRole('heading', { level: 1, name: 'Pievienojieties kredīta pieteikumam kā līdzpieteicējs' })).toBeTruthy();
    expect(screen.getByText(/^Anna aicina Jūs pieteikties šim kredītam kopā\./)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });
});
