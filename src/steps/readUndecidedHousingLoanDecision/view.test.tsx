import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

function decided(outcome: string): Partial<TaskResponse> {
  return referencedTask({ creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 120000, loanPeriod: 300 }, decision: { outcome } });
}

describe('ReadUndecidedHousingLoanDecision', () => {
  it('says a housing loan specialist decides and what the next steps are about; passes axe', async () => {
    const { view } = await renderStep('readUndecidedHousingLoanDecision', { task: decided('UNDECIDED_HOUSING_LOAN') });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'A housing loan specialist will decide on your application' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText('Your application has been sent. One of our housing loan specialists will assess it and contact you.')).toBeTruthy();
    expect(screen.getByText(/the documents we need, the valuation of the home and the own contribution\./)).toBeTruthy();
    expect(screen.getByText('You do not need to do anything now.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('co-borrower variant: the applicant hears that both borrowers will be contacted', async () => {
    const { view } = await renderStep('readUndecidedHousingLoanDecision', { task: decided('UNDECIDED_HOUSING_LOAN_CO_BORROWER') });
    expect(screen.getByText(/sent with your co-borrower’s answers\. .* contact you both\./)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('co-borrower variant: the co-borrower’s own page speaks of the main applicant', async () => {
    const { view } = await renderStep('readUndecidedHousingLoanDecision', { role: 'COBORROWER', task: decided('UNDECIDED_HOUSING_LOAN_CO_BORROWER') });
    expect(screen.getByText(/sent with your answers and the main applicant’s\./)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['et', 'Teie taotluse üle otsustab kodulaenu spetsialist'],
    ['lv', 'Par Jūsu pieteikumu lems mājokļa kredīta speciālists'],
    ['lt', 'Dėl Jūsų paraiškos spręs būsto paskolų specialistas'],
    ['ru', 'Решение по Вашей заявке примет специалист по жилищным кредитам'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('readUndecidedHousingLoanDecision', locale, heading, { task: decided('UNDECIDED_HOUSING_LOAN_CO_BORROWER') }));
});
