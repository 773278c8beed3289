import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { t } from '../../../e2e/support/i18n';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

function decided(outcome: string | null): Partial<TaskResponse> {
  return referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 5000, loanPeriod: 36 }, decision: outcome === null ? null : { outcome } });
}

describe('ReadNegativeDecision', () => {
  it('initial: says the application does not meet the lending rules, that the decision was automatic and may be looked at again, and passes axe', async () => {
    const { view } = await renderStep('readNegativeDecision', { task: decided('NEGATIVE_INITIAL') });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'We cannot approve your application' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText(/It does not meet them, so we cannot offer a loan this time\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
    expect(screen.getByText(/You have the right to ask for a person at the bank to look at it again/)).toBeTruthy();
    expect(screen.getByText(/You can apply again when your circumstances change/)).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('refinancing: the loans cannot be refinanced, and the current ones go on as agreed', async () => {
    const { view } = await renderStep('readNegativeDecision', { task: decided('NEGATIVE_REFINANCING') });
    expect(screen.getByRole('heading', { level: 1, name: 'We cannot refinance your loans' })).toBeTruthy();
    expect(screen.getByText('Nothing changes for your current loans: keep paying them as agreed with your lenders.')).toBeTruthy();
    expect(screen.getByText(/This decision was made automatically/)).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('final: after the bank’s checks the decision is final, with no automatic review to ask for', async () => {
    await renderStep('readNegativeDecision', { task: decided('NEGATIVE_FINAL') });
    expect(screen.getByRole('heading', { level: 1, name: 'We cannot approve your application' })).toBeTruthy();
    expect(screen.getByText(/this decision is final\./)).toBeTruthy();
    expect(screen.queryByText(/This decision was made automatically/)).toBeNull();
  });

  it('shows the initial words when the decision is not known', async () => {
    await renderStep('readNegativeDecision', { task: decided(null) });
    expect(screen.getByText(/so we cannot offer a loan this time\./)).toBeTruthy();
  });

  it('tells a co-borrower the main applicant sees it too', async () => {
    await renderStep('readNegativeDecision', { role: 'COBORROWER', task: decided('NEGATIVE_INITIAL') });
    expect(screen.getByText('The main applicant sees this decision too. Nothing more is needed from you, and the application is closed.')).toBeTruthy();
  });

  it.each([
    ['et', 'Me ei saa Teie taotlust rahuldada'],
    ['lv', 'Mēs nevaram apstiprināt Jūsu pieteikumu'],
    ['lt', 'Negalime patvirtinti Jūsų paraiškos'],
    ['ru', 'Мы не можем одобрить Вашу заявку'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('readNegativeDecision', locale, heading, { task: decided('NEGATIVE_INITIAL') }));

  // Decision 203: the browser shows the refinancing page in each domain's main language only.
  it.each(['et', 'lv', 'lt', 'ru'] as const)('refinancing speaks %s', (locale) =>
    expectStepSpeaks('readNegativeDecision', locale, t(locale, 'We cannot refinance your loans'), { task: decided('NEGATIVE_REFINANCING') }),
  );
});
