import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskResponse } from '../../../machines/application/application.actors';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { expectStepSpeaks, referencedTask, renderStep } from '../../../tests/support/render-step';

/** The application as each person sees it: their own person in full, the other by name only. */
function seenBy(role: 'APPLICANT' | 'COBORROWER'): Partial<TaskResponse> {
  const mari = { id: 'p-1', role: 'APPLICANT', languageCode: role === 'APPLICANT' ? 'est' : null, declaredData: { firstName: 'Mari', surname: 'Maasikas', ...(role === 'APPLICANT' ? { email: 'mari@example.com' } : {}) } };
  const kristi = { id: 'p-2', role: 'COBORROWER', languageCode: role === 'COBORROWER' ? 'est' : null, declaredData: { firstName: 'Kristi', surname: 'Tamm', ...(role === 'COBORROWER' ? { email: 'kristi@example.com' } : {}) } };
  return referencedTask({ creditConditions: { productName: 'HOUSING_LOAN', loanAmount: 150000, loanPeriod: 300 }, relatedPersons: { persons: [mari, kristi], relations: [] } });
}

describe('ViewAdditionalDataSubmitted', () => {
  it('tells the applicant everything is in, with the reference and their own e-mail address, and passes axe', async () => {
    const { view } = await renderStep('viewAdditionalDataSubmitted', { task: seenBy('APPLICANT') });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you! Your answers have been sent' })).toBeTruthy();
    expect(screen.getByText('3F2A-9C1B')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
    expect(screen.getByText('We now have everything we need to assess your application. We will contact you when we have made a decision.')).toBeTruthy();
    expect(screen.getByText('We will write to you at mari@example.com.')).toBeTruthy();
    expect(screen.getByText('If you contact us about this application, please give its reference.')).toBeTruthy();
    await expectNoAxeViolations(view.container);
  });

  it('tells a co-borrower their part is done, at their own address, never the applicant’s', async () => {
    const { view } = await renderStep('viewAdditionalDataSubmitted', { role: 'COBORROWER', task: seenBy('COBORROWER') });
    expect(screen.getByText('We now have everything we need from you. We will assess the application and contact you and the main applicant.')).toBeTruthy();
    expect(screen.getByText('We will write to you at kristi@example.com.')).toBeTruthy();
    expect(screen.queryByText(/mari@example.com/)).toBeNull();
    await expectNoAxeViolations(view.container);
  });

  it('says nothing about an address it does not know', async () => {
    await renderStep('viewAdditionalDataSubmitted', { task: {} });
    expect(screen.queryByText(/We will write to you at/)).toBeNull();
    expect(screen.getByText('You can close this page.')).toBeTruthy();
  });

  it.each([
    ['et', 'Aitäh! Teie vastused on saadetud'],
    ['lv', 'Paldies! Jūsu atbildes ir nosūtītas'],
    ['lt', 'Dėkojame! Jūsų atsakymai išsiųsti'],
    ['ru', 'Спасибо! Ваши ответы отправлены'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('viewAdditionalDataSubmitted', locale, heading, { task: seenBy('APPLICANT') }));
});
