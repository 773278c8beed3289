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

  describe('while the bank works on it (decision 173: the task waits for a back-office check)', () => {
    const waitingFor = (awaitingCheck: 'REFINANCING_CHECK' | 'UNDERWRITER_REVIEW' | 'REFINANCING_PAYOFF') => ({ ...seenBy('APPLICANT'), awaitingCheck });
    const movesOn = 'This page moves on by itself as soon as we are done. You can also close it: we will let you know by e-mail.';

    it.each([
      [
        'REFINANCING_CHECK',
        'We are now confirming the loans you want to refinance with your lenders and the credit register: how much you still owe and what you pay each month.',
        'This usually takes a few minutes during working hours. Then we decide on your application.',
      ],
      [
        'UNDERWRITER_REVIEW',
        'An underwriter is now checking your income with your bank statements, and your application with the terms you accepted.',
        'This usually takes a few hours during working hours, at most one working day. If it takes longer, a loan specialist will contact you.',
      ],
      [
        'REFINANCING_PAYOFF',
        'We are now asking your lenders for the exact amounts that pay off your loans and for the accounts to pay them to. We pay your lenders directly from the new loan, and the rest to your own account.',
        'This usually takes a few minutes during working hours. Then your contract is ready to sign.',
      ],
    ] as const)('%s: what the bank does now, when the applicant hears back, and that the page moves on by itself; passes axe', async (check, now, when) => {
      const { view } = await renderStep('viewAdditionalDataSubmitted', { task: waitingFor(check) });
      expect(screen.getByRole('heading', { level: 1, name: 'Thank you! Your answers have been sent' })).toBeTruthy();
      expect(screen.getByText(now)).toBeTruthy();
      expect(screen.getByText(when)).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe(movesOn);
      expect(screen.getByText('We will write to you at mari@example.com.')).toBeTruthy();
      // Not the page of an application already with a loan specialist.
      expect(screen.queryByText(/We will contact you when we have made a decision/)).toBeNull();
      await expectNoAxeViolations(view.container);
    });

    it('the page of an application with a loan specialist does not say it moves on', async () => {
      await renderStep('viewAdditionalDataSubmitted', { task: { ...seenBy('APPLICANT'), awaitingCheck: null } });
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.getByText('We now have everything we need to assess your application. We will contact you when we have made a decision.')).toBeTruthy();
    });

    it.each([
      ['et', 'REFINANCING_CHECK', 'Kinnitame nüüd Teie laenuandjatelt ja krediidiregistrist laene'],
      ['lv', 'UNDERWRITER_REVIEW', 'Kredītanalītiķis tagad pārbauda Jūsu ienākumus'],
      ['lt', 'REFINANCING_PAYOFF', 'Dabar prašome Jūsų paskolų davėjų tikslių sumų'],
      ['ru', 'UNDERWRITER_REVIEW', 'Кредитный аналитик сейчас проверяет Ваш доход'],
    ] as const)('speaks %s while waiting for %s', async (locale, check, words) => {
      const { view } = await renderStep('viewAdditionalDataSubmitted', { locale, task: waitingFor(check) });
      expect(screen.getByText(new RegExp(`^${words}`))).toBeTruthy();
      expect(screen.getByRole('status').textContent).not.toBe(movesOn);
      await expectNoAxeViolations(view.container);
    });
  });

  it.each([
    ['et', 'Aitäh! Teie vastused on saadetud'],
    ['lv', 'Paldies! Jūsu atbildes ir nosūtītas'],
    ['lt', 'Dėkojame! Jūsų atsakymai išsiųsti'],
    ['ru', 'Спасибо! Ваши ответы отправлены'],
  ] as const)('speaks %s', (locale, heading) => expectStepSpeaks('viewAdditionalDataSubmitted', locale, heading, { task: seenBy('APPLICANT') }));
});
