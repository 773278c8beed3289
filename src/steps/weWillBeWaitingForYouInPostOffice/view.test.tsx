import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

const KEY = 'weWillBeWaitingForYouInPostOffice';
const TASK = referencedTask({ businessDomain: 'retail-banking-lv', creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 } });

describe('WeWillBeWaitingForYouInPostOffice', () => {
  it('says where to go, what happens there, what to bring and by when, with the reference, and passes axe', async () => {
    const { view } = await renderStep(KEY, { domain: 'retail-banking-lv', task: TASK });
    const heading = screen.getByRole('heading', { level: 1, name: 'We will be waiting for you at the post office' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/any Latvijas Pasts post office during its opening hours/)).toBeTruthy();
    expect(screen.getByText(/The money is paid to your account after we receive the signed contract\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What to bring' })).toBeTruthy();
    expect(screen.getByText('A valid identity document: your ID card or passport. Without it the contract cannot be signed.')).toBeTruthy();
    expect(screen.getByText('Please sign within 14 days. After that the offer is no longer valid and you would need to apply again.')).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each([
    ['lv', 'Mēs Jūs gaidīsim pasta nodaļā'],
    ['ru', 'Мы будем ждать Вас в почтовом отделении'],
    ['et', 'Ootame Teid postkontoris'],
    ['lt', 'Lauksime Jūsų pašto skyriuje'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks(KEY, locale, heading, { domain: 'retail-banking-lv', task: TASK }));
});
