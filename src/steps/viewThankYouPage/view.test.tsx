import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { referencedTask, renderStep } from '../../../tests/support/render-step';

const MARI = {
  id: 'p-1',
  role: 'APPLICANT',
  languageCode: 'est',
  declaredData: { firstName: 'Mari', surname: 'Maasikas', email: 'mari@example.com', phoneNumber: null },
};

describe('ViewThankYouPage', () => {
  it('thanks the applicant by name, gives the application reference and says where the answer goes', async () => {
    const { view } = await renderStep('viewThankYouPage', {
      task: referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 }, relatedPersons: { persons: [MARI], relations: [] } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you! We have received your application' })).toBeTruthy();
    expect(screen.getByText('Your application reference')).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByText(/Dear Mari/)).toBeTruthy();
    expect(screen.getByText(/mari@example.com/)).toBeTruthy();
    expect(document.title).toBe('Thank you! We have received your application – Solis');
    await expectNoAxeViolations(view.container);
  });

  it('after a declined offer (a positive decision ending here): the application is closed, and passes axe', async () => {
    const { view } = await renderStep('viewThankYouPage', {
      task: referencedTask({ creditConditions: { productName: 'SMALL_LOAN', loanAmount: 3000, loanPeriod: 36 }, decision: { outcome: 'POSITIVE' } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'You have declined the offer' })).toBeTruthy();
    expect(screen.getByText(/The application is closed and nothing more is needed from you/)).toBeTruthy();
    expect(screen.queryByText(/we will review your application/i)).toBeNull();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it.each(['et', 'ru', 'lv', 'lt'] as const)('speaks %s, with the page title in it too', async (locale) => {
    const { view } = await renderStep('viewThankYouPage', { locale, task: {} });
    const heading = view.container.querySelector('h1')?.textContent ?? '';
    expect(heading).not.toBe('Thank you! We have received your application');
    expect(document.title).toBe(`${heading} – Solis`);
    await expectNoAxeViolations(view.container);
  });
});
